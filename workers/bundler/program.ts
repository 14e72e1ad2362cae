import {
  sourceUrl,
  type Diagnostic,
  type Program,
  type ProgramModule,
  type ProjectFile,
} from '../../src/protocol';
import { sameFile } from './cache';
import { createCachedCompilers } from './cached-compilers';
import { locateImportErrors, type JsSource } from './compile-js';
import type { EsbuildApi } from './esbuild-api';
import { createFileMirror } from './file-mirror';
import { moduleKind } from './file-kinds';
import { withInlineMap } from './inline-map';
import type { LoadedModule } from './loaded-module';
import { htmlForProgram, resolveHtmlEntry } from './program-html';
import { readDependencies, type DependencyVersions } from './packages';
import { resolveSpecifier, type ResolveContext } from './resolve';
import { hasFile, pathRecord } from '../../src/project/file-lookup';

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
}: BundlerOptions) => {
  const compile = createCachedCompilers(esbuild, guardLoops);
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

  /**
   * Takes a request's changed files into the mirror. Synchronous, so the worker can apply
   * requests in the order they arrive even while esbuild is still starting.
   */
  const receive = (changes: Record<string, ProjectFile | null>, reset = false): void => {
    const update = mirror.apply(changes, reset);
    for (const path of update.changed) loaded.delete(path);
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

    /** Compiles one JS/TS/JSON file and resolves its imports. */
    const loadJs = async (source: JsSource, file: ProjectFile): Promise<LoadedModule> => {
      const at = scope;
      const compiled = await compile.js(source, file);
      checkStale();
      const out: LoadedModule = { file, scope: at, reusable: true, ...emptyParts() };
      out.diagnostics.push(...compiled.warnings);
      if (!compiled.ok) {
        out.diagnostics.push(...compiled.errors);
        return out;
      }
      const moduleDeps = pathRecord<string>();
      const failures = new Map<string, string>();
      for (const { spec } of compiled.imports) {
        const r = resolve(spec, source.path, ctx);
        if (r.kind === 'error') failures.set(spec, r.text);
        else if (r.kind === 'project') out.children.push((moduleDeps[spec] = r.path));
        else if (r.kind === 'vendor') out.vendor.push((moduleDeps[spec] = r.id));
        else if (/\.css$/i.test(r.url)) {
          // A package stylesheet: a CSS module that imports it, since CDNs serve CSS as CSS.
          out.modules[(moduleDeps[spec] = r.url)] = {
            kind: 'css',
            css: `@import url(${JSON.stringify(r.url)});`,
          };
        } else out.cdn.push((moduleDeps[spec] = r.url));
      }
      if (failures.size) {
        out.diagnostics.push(...(await locateImportErrors(esbuild, source, failures)));
        checkStale();
      }
      const { code, map } = compiled;
      out.modules[source.path] = {
        kind: 'js',
        code,
        map,
        url: sourceUrl(source.path),
        deps: moduleDeps,
      };
      return out;
    };

    const loadCss = async (path: string, file: ProjectFile): Promise<LoadedModule> => {
      const compiled = await compile.css(path, ctx);
      // Its @imports are other files: reused only through the CSS cache, which checks them.
      const out: LoadedModule = { file, scope, reusable: false, ...emptyParts() };
      out.diagnostics.push(...compiled.warnings);
      if (!compiled.ok) out.diagnostics.push(...compiled.errors);
      else if (!compiled.js) out.modules[path] = { kind: 'css', css: compiled.css };
      else {
        const { code, map, cssId } = compiled.js;
        out.modules[path] = {
          kind: 'js',
          code: withInlineMap(code, map),
          map,
          url: sourceUrl(path),
          deps: { [cssId]: cssId },
        };
        out.modules[cssId] = { kind: 'css', css: compiled.css };
      }
      return out;
    };

    const load = async (path: string, file: ProjectFile): Promise<LoadedModule> => {
      const kind = moduleKind(path, file);
      if (kind.kind === 'asset') {
        const bytes = file.kind === 'binary' ? file.bytes : new TextEncoder().encode(file.text);
        const out: LoadedModule = { file, scope, reusable: true, ...emptyParts() };
        out.modules[path] = { kind: 'asset', bytes, mime: kind.mime };
        return out;
      }
      if (kind.kind === 'css') return loadCss(path, file);
      if (file.kind !== 'text') return { file, scope, reusable: true, ...emptyParts() };
      const loader = kind.kind === 'js' ? kind.loader : 'text';
      const text = transform && kind.kind === 'js' ? transform(path, file.text) : file.text;
      return loadJs({ path, text, loader, tsconfigRaw, original: file.text }, file);
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
      const fresh = await load(path, file);
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

  return { receive, build };
};

const emptyParts = () => ({
  modules: pathRecord<ProgramModule>(),
  vendor: [] as string[],
  cdn: [] as string[],
  children: [] as string[],
  diagnostics: [] as Diagnostic[],
});

export type Bundler = ReturnType<typeof createBundler>;
