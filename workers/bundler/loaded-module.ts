import type { Diagnostic, ProgramModule, ProjectFile } from '../../src/protocol';

/**
 * One project file as a build found it: its module(s) with resolved imports and what it
 * reported. Kept between builds, so an unchanged file is neither compiled nor resolved again.
 */
export interface LoadedModule {
  /** The file it was made from; reused only while the project has this file (or equal content). */
  file: ProjectFile;
  /** The resolution scope it was resolved in (program.ts bumps it when imports may resolve anew). */
  scope: number;
  /** False when it also depends on other files' content (CSS `@import`): loaded afresh each build. */
  reusable: boolean;
  /** Its module, plus any it brings along (a CSS module's stylesheet, a package stylesheet). */
  modules: Record<string, ProgramModule>;
  /** Prebuilt vendor modules it imports. */
  vendor: string[];
  /** ESM CDN URLs it imports. */
  cdn: string[];
  /** Project files it imports (visited next). */
  children: string[];
  /** Its warnings and errors (compile, unresolved imports). */
  diagnostics: Diagnostic[];
}
