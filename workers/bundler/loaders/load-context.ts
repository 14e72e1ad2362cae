import type { Diagnostic, ProgramModule, ProjectFile } from '../../../src/protocol';
import type { FileType } from '../../../src/project/model/file-types';
import { pathRecord } from '../../../src/project/model/file-lookup';
import type { createCachedCompilers } from '../cached-compilers';
import type { EsbuildApi } from '../esbuild-api';
import type { LoadedModule } from '../loaded-module';
import type { resolveSpecifier, ResolveContext } from '../resolve';

/** What one build gives every loader: its compilers, its resolution, its stale check. */
export interface LoadContext {
  /** For locating unresolved imports in the source (compile-js.ts). */
  esbuild: EsbuildApi;
  /** esbuild's JS and CSS compiles behind their per-file caches. */
  compile: ReturnType<typeof createCachedCompilers>;
  /** Resolves one import; tests pass a counting wrapper. */
  resolve: typeof resolveSpecifier;
  /** This build's files, CDN and dependency versions. */
  ctx: ResolveContext;
  /** The resolution scope now (program.ts bumps it); a module is reused only within its scope. */
  scope(): number;
  /** tsconfig.json's text, passed to esbuild. */
  tsconfigRaw?: string;
  /** Applied to script sources before they compile (program.ts's SourceTransform). */
  transform?: (path: string, text: string) => string;
  /** Throws when a newer build replaced this one, so it stops at the next step. */
  checkStale(): void;
}

/** Makes the module(s) of one project file; `type` is its file-type record. */
export type Loader = (
  path: string,
  file: ProjectFile,
  type: FileType,
  lc: LoadContext,
) => Promise<LoadedModule>;

/** A LoadedModule with nothing in it yet. */
export const emptyModule = (file: ProjectFile, scope: number, reusable: boolean): LoadedModule => ({
  file,
  scope,
  reusable,
  modules: pathRecord<ProgramModule>(),
  vendor: [],
  cdn: [],
  children: [],
  diagnostics: [] as Diagnostic[],
});
