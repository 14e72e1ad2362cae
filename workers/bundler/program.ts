import {
  type Diagnostic,
  type Program,
  type ProgramModule,
  type ProjectFile,
} from '../../src/protocol';
import { sameFile } from './cache';
import { createCachedCompilers } from './cached-compilers';
import { loadCompilers, type FrameworkCompilers } from './components/compilers';
import type { EsbuildApi } from './esbuild-api';
import { createFileMirror } from './file-mirror';
import { loadFile, type LoadContext } from './loaders';
import { precompile } from './precompile';
import type { LoadedModule } from './loaded-module';
import { htmlForProgram } from './program-html';
import { resolveSpecifier, type ResolveContext } from './resolve';
import { hasFile, pathRecord } from '../../src/project/model/file-lookup';
import { resolveHtmlEntry } from '../../src/project/model/index-html';
import { readDependencies, type DependencyVersions } from '../../src/project/model/package-json';
import { componentFramework } from '../../src/project/model/file-types';

/**
 * The seam for source transforms that run before compile. It must keep line/column positions
 * or the source map no longer points at the user's code. (The loop guard does not use it: it
 * rewrites esbuild's JS output, see loop-guard.ts, because acorn cannot parse TS/TSX.)
 */
export type SourceTransform = (path: string, text: string) => string;

export interface BundlerOptions {
  esbuild: EsbuildApi;
  /** Applied to JS/TS sources before they are compiled; part of the cache identity. */
  transform?: SourceTransform;
  /** Adds the runaway-loop guard to the user's modules (loop-guard.ts); the worker turns it on. */
  guardLoops?: boolean;
  /** Resolves one import (resolve.ts); tests pass a counting wrapper. */
  resolve?: typeof resolveSpecifier;
  /** The frameworks' compilers (Vue's), loaded on first use; tests pass their own. */
  frameworks?: FrameworkCompilers;
}

export interface BuildInput {
  /**
   * Files changed since the previous build (null: deleted); the whole project when `reset`.
   * Absent when they were already given to `receive`.
   */
  changes?: Record<string, ProjectFile | null>;
  /** `changes` is the whole project: files not in it are gone (a new worker, or a new project). */
  reset?: boolean;
  entry: string;
  cdnBase: string;
}

export interface BuildOutput {
  program?: Program;
  diagnostics: Diagnostic[];
}

/** Thrown inside a build that a newer request has replaced; the build stops at the next step. */
export class StaleBuild extends Error {}

const byPosition = (a: Diagnostic, b: Diagnostic) =>
  (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0);

const hasError = (ds: Diagnostic[]) => ds.some((d) => d.severity === 'error');

/**
 * A bundler with its caches and its mirror of the project; one per worker. A build after a
 * one-file edit compiles and resolves that file only: every other file's module, with its
 * resolved imports, is reused while the file and the resolution scope (the set of paths,
 * package.json's dependencies, tsconfig.json, the CDN) are the same.
 */
export const createBundler = ({
  esbuild,
  transform,
  guardLoops = false,
  resolve = resolveSpecifier,
  frameworks = loadCompilers(),
}: BundlerOptions) => {
  const compile = createCachedCompilers(esbuild, guardLoops, frameworks);
  const mirror = createFileMirror();
  const files = mirror.files;
  const loaded = new Map<string, LoadedModule>();
  // The resolution scope: bumped whenever an import anywhere may resolve differently.
  let scope = 0;
  let scopeKey = '';
  let packageFile: ProjectFile | undefined;
  let deps: DependencyVersions = {};

  // A path was added or deleted since the last build: every import may resolve anew.
  let pathsChanged = false;
  // Paths changed since the last build: compiled in one batch when there are several.
  let changedSinceBuild = new Set<string>();

  /**
   * Takes a request's changed files into the mirror. Synchronous, so the worker can apply
   * requests in the order they arrive even while esbuild is still starting.
   */
  const receive = (changes: Record<string, ProjectFile | null>, reset = false): void => {
    const update = mirror.apply(changes, reset);
    for (const path of update.changed) {
      loaded.delete(path);
      changedSinceBuild.add(path);
      // A component's compiler starts loading now, beside esbuild's start-up, not after it:
      // a new Vue project's first build would otherwise wait for both in turn.
      const framework = Object.hasOwn(files, path) ? componentFramework(path) : undefined;
      if (framework) frameworks[framework]().catch(() => {});
    }
    if (!update.pathsChanged) return;
    pathsChanged = true;
    compile.prune(files);
  };

  /** The resolution context of this build; bumps the scope when imports may resolve anew. */
  const context = (cdnBase: string): { ctx: ResolveContext; tsconfigRaw?: string } => {
    if (files['package.json'] !== packageFile) {
      packageFile = files['package.json'];
      deps = readDependencies(packageFile);
    }
    const tsconfig = files['tsconfig.json'];
    const tsconfigRaw = tsconfig?.kind === 'text' ? tsconfig.text : undefined;
    const key = `${cdnBase}\n${JSON.stringify(deps)}\n${tsconfigRaw ?? ''}`;
    if (pathsChanged || key !== scopeKey) {
      scope++;
      scopeKey = key;
      pathsChanged = false;
    }
    return { ctx: { files, cdnBase, deps }, tsconfigRaw };
  };

  const build = async (input: BuildInput, isStale = () => false): Promise<BuildOutput> => {
    if (input.changes) receive(input.changes, input.reset);
    const { ctx, tsconfigRaw } = context(input.cdnBase);
    const modules = pathRecord<ProgramModule>();
    const vendor = new Set<string>();
    const cdn = new Set<string>();
    const diagnostics: Diagnostic[] = [];
    const checkStale = () => {
      if (isStale()) throw new StaleBuild();
    };

    const lc: LoadContext = {
      esbuild,
      compile,
      resolve,
      ctx,
      scope: () => scope,
      tsconfigRaw,
      transform,
      checkStale,
    };

    /** This build's module of `path`: the one loaded before when nothing it depends on changed. */
    const obtain = async (path: string): Promise<LoadedModule | null> => {
      checkStale();
      const file = Object.hasOwn(files, path) ? files[path] : undefined;
      if (!file) return null;
      const known = loaded.get(path);
      if (
        known?.reusable &&
        known.scope === scope &&
        (known.file === file || sameFile(known.file, file))
      ) {
        return known;
      }
      const fresh = await loadFile(path, file, lc);
      if (fresh.reusable) loaded.set(path, fresh);
      return fresh;
    };

    // A worklist, not recursion: awaiting children inside a parent would deadlock on cycles.
    const visited = new Set<string>();
    const pending: Promise<void>[] = [];
    const visit = (path: string) => {
      if (visited.has(path)) return;
      visited.add(path);
      pending.push(
        obtain(path).then((found) => {
          if (!found) {
            diagnostics.push({ severity: 'error', text: `File not found: ${path}` });
            return;
          }
          Object.assign(modules, found.modules);
          for (const id of found.vendor) vendor.add(id);
          for (const url of found.cdn) cdn.add(url);
          diagnostics.push(...found.diagnostics);
          found.children.forEach(visit);
        }),
      );
    };
    const drain = async () => {
      for (let done = 0; done < pending.length;) {
        const batch = pending.slice(done);
        done = pending.length;
        const bad = (await Promise.allSettled(batch)).find((r) => r.status === 'rejected');
        if (bad) throw bad.reason;
      }
    };

    const changed = [...changedSinceBuild];
    changedSinceBuild = new Set();
    if (changed.length > 1) {
      checkStale();
      await precompile(changed, files, lc);
      checkStale();
    }

    const entry = resolveHtmlEntry(input.entry, files);
    const htmlParts = htmlForProgram(files, ctx, compile.css);
    if (!hasFile(files, entry)) {
      diagnostics.push({ severity: 'error', text: `The entry file ${entry} does not exist` });
    } else {
      visit(entry);
      await drain();
    }
    const html = await htmlParts;
    diagnostics.push(...html.diagnostics);
    // A broken tsconfig.json is reported by every file's compile: show it once.
    const unique = [...new Map(diagnostics.map((d) => [JSON.stringify(d), d])).values()];
    unique.sort(byPosition);
    if (hasError(unique)) return { diagnostics: unique };
    const sorted = Object.fromEntries(Object.entries(modules).sort(([a], [b]) => (a < b ? -1 : 1)));
    const program: Program = {
      entry,
      modules: sorted,
      vendor: [...vendor].sort(),
      cdn: [...cdn].sort(),
      ...(html.body !== undefined ? { html: html.body } : {}),
      ...(html.head ? { head: html.head } : {}),
    };
    return { program, diagnostics: unique };
  };

  /** The project as this bundler knows it; read-only outside (the mirror updates in place). */
  const mirrored: Readonly<Record<string, ProjectFile>> = files;
  return { receive, build, files: mirrored };
};

export type Bundler = ReturnType<typeof createBundler>;
