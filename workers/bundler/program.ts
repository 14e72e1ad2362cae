import {
  sourceUrl,
  type Diagnostic,
  type Program,
  type ProgramModule,
  type ProjectFile,
} from '../../src/protocol';
import { CompileCache } from './cache';
import { compileCss, type CompiledCss } from './compile-css';
import { compileJs, locateImportErrors, type CompiledJs, type JsSource } from './compile-js';
import type { EsbuildApi } from './esbuild-api';
import { moduleKind } from './file-kinds';
import { guardCompiled } from './loop-guard';
import { withInlineMap } from './inline-map';
import { htmlForProgram, resolveHtmlEntry } from './program-html';
import { readDependencies } from './packages';
import { resolveSpecifier, type ResolveContext } from './resolve';

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
}

export interface BuildInput {
  files: Record<string, ProjectFile>;
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

/** A bundler with its compile caches; one per worker. */
export const createBundler = ({ esbuild, transform, guardLoops = false }: BundlerOptions) => {
  const jsCache = new CompileCache<CompiledJs>();
  const cssCache = new CompileCache<CompiledCss>();

  const jsCompiled = async (source: JsSource, file: ProjectFile) => {
    const key = `${source.loader}\n${source.tsconfigRaw ?? ''}`;
    const cached = jsCache.get(source.path, key, { [source.path]: file });
    if (cached) return cached;
    const compiled = await compileJs(esbuild, source);
    const guarded = guardLoops ? guardCompiled(source, compiled) : compiled;
    // After the guard, which rewrites the code and its map; cached, so encoded once per edit.
    const result = guarded.ok
      ? { ...guarded, code: withInlineMap(guarded.code, guarded.map) }
      : guarded;
    jsCache.set(source.path, key, { [source.path]: file }, result);
    return result;
  };

  const cssCompiled = async (path: string, ctx: ResolveContext) => {
    const key = `${ctx.cdnBase}\n${JSON.stringify(ctx.deps)}`;
    const cached = cssCache.get(path, key, ctx.files);
    if (cached) return cached;
    const result = await compileCss(esbuild, path, ctx);
    // A failed compile may not have read all inputs; never reuse it when any file changed.
    cssCache.set(path, key, result.ok ? result.inputs : { ...ctx.files }, result);
    return result;
  };

  const build = async (input: BuildInput, isStale = () => false): Promise<BuildOutput> => {
    const { files, cdnBase } = input;
    const ctx: ResolveContext = { files, cdnBase, deps: readDependencies(files['package.json']) };
    const tsconfig = files['tsconfig.json'];
    const tsconfigRaw = tsconfig?.kind === 'text' ? tsconfig.text : undefined;
    const modules: Record<string, ProgramModule> = {};
    const vendor = new Set<string>();
    const cdn = new Set<string>();
    const diagnostics: Diagnostic[] = [];
    let failed = false;
    const fail = (ds: Diagnostic[]) => {
      diagnostics.push(...ds);
      failed ||= ds.some((d) => d.severity === 'error');
    };
    // A worklist, not recursion: awaiting children inside a parent would deadlock on cycles.
    const visited = new Set<string>();
    const pending: Promise<void>[] = [];
    const visit = (path: string) => {
      if (visited.has(path)) return;
      visited.add(path);
      pending.push(load(path));
    };
    const drain = async () => {
      for (let done = 0; done < pending.length;) {
        const batch = pending.slice(done);
        done = pending.length;
        const bad = (await Promise.allSettled(batch)).find((r) => r.status === 'rejected');
        if (bad) throw bad.reason;
      }
    };

    const loadJs = async (source: JsSource, file: ProjectFile) => {
      const compiled = await jsCompiled(source, file);
      if (isStale()) throw new StaleBuild();
      fail(compiled.warnings);
      if (!compiled.ok) return fail(compiled.errors);
      const deps: Record<string, string> = {};
      const children: string[] = [];
      const failures = new Map<string, string>();
      for (const { spec } of compiled.imports) {
        const r = resolveSpecifier(spec, source.path, ctx);
        if (r.kind === 'error') failures.set(spec, r.text);
        else if (r.kind === 'project') children.push((deps[spec] = r.path));
        else if (r.kind === 'vendor') vendor.add((deps[spec] = r.id));
        else if (/\.css$/i.test(r.url)) {
          // A package stylesheet: a CSS module that imports it, since CDNs serve CSS as CSS.
          modules[(deps[spec] = r.url)] = {
            kind: 'css',
            css: `@import url(${JSON.stringify(r.url)});`,
          };
        } else cdn.add((deps[spec] = r.url));
      }
      if (failures.size) fail(await locateImportErrors(esbuild, source, failures));
      const { code, map } = compiled;
      modules[source.path] = { kind: 'js', code, map, url: sourceUrl(source.path), deps };
      children.forEach(visit);
    };

    const load = async (path: string): Promise<void> => {
      if (isStale()) throw new StaleBuild();
      const file = files[path];
      if (!file) return fail([{ severity: 'error', text: `File not found: ${path}` }]);
      const kind = moduleKind(path, file);
      if (kind.kind === 'asset') {
        const bytes = file.kind === 'binary' ? file.bytes : new TextEncoder().encode(file.text);
        modules[path] = { kind: 'asset', bytes, mime: kind.mime };
      } else if (kind.kind === 'css') {
        const compiled = await cssCompiled(path, ctx);
        fail(compiled.warnings);
        if (!compiled.ok) return fail(compiled.errors);
        if (!compiled.js) modules[path] = { kind: 'css', css: compiled.css };
        else {
          const { code, map, cssId } = compiled.js;
          modules[path] = {
            kind: 'js',
            code: withInlineMap(code, map),
            map,
            url: sourceUrl(path),
            deps: { [cssId]: cssId },
          };
          modules[cssId] = { kind: 'css', css: compiled.css };
        }
      } else if (file.kind === 'text') {
        const loader = kind.kind === 'js' ? kind.loader : 'text';
        const text = transform && kind.kind === 'js' ? transform(path, file.text) : file.text;
        await loadJs({ path, text, loader, tsconfigRaw, original: file.text }, file);
      }
    };

    const entry = resolveHtmlEntry(input.entry, files);
    const htmlParts = htmlForProgram(files, ctx, cssCompiled);
    if (!files[entry]) {
      fail([{ severity: 'error', text: `The entry file ${entry} does not exist` }]);
    } else {
      visit(entry);
      await drain();
    }
    const html = await htmlParts;
    fail(html.diagnostics);
    jsCache.prune(files);
    cssCache.prune(files);
    // A broken tsconfig.json is reported by every file's compile: show it once.
    const unique = [...new Map(diagnostics.map((d) => [JSON.stringify(d), d])).values()];
    unique.sort(byPosition);
    if (failed) return { diagnostics: unique };
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

  return { build };
};

export type Bundler = ReturnType<typeof createBundler>;
