import type { ProjectFile } from '../../src/protocol';
import { CompileCache } from './cache';
import { compileCss, type CompiledCss } from './compile-css';
import { compileJs, type CompiledJs, type JsSource } from './compile-js';
import { compileJsBatch } from './compile-js-batch';
import type { EsbuildApi } from './esbuild-api';
import { withInlineMap } from './inline-map';
import { guardCompiled } from './loop-guard';
import type { ResolveContext } from './resolve';

/**
 * esbuild's JS and CSS compiles behind per-file caches: a file is compiled again only when it,
 * or an input it read (a CSS import), or the options changed.
 */
export function createCachedCompilers(esbuild: EsbuildApi, guardLoops: boolean) {
  const jsCache = new CompileCache<CompiledJs>();
  const cssCache = new CompileCache<CompiledCss>();
  const keyOf = (source: JsSource) => `${source.loader}\n${source.tsconfigRaw ?? ''}`;
  const cachedJs = (source: JsSource, file: ProjectFile) =>
    jsCache.get(source.path, keyOf(source), { [source.path]: file });
  /** Guards, encodes and caches one compile (the guard rewrites the code and its map). */
  const keepJs = (source: JsSource, file: ProjectFile, compiled: CompiledJs): CompiledJs => {
    const guarded = guardLoops ? guardCompiled(source, compiled) : compiled;
    const result = guarded.ok
      ? { ...guarded, code: withInlineMap(guarded.code, guarded.map) }
      : guarded;
    jsCache.set(source.path, keyOf(source), { [source.path]: file }, result);
    return result;
  };
  return {
    async js(source: JsSource, file: ProjectFile): Promise<CompiledJs> {
      return cachedJs(source, file) ?? keepJs(source, file, await compileJs(esbuild, source));
    },
    /**
     * Compiles in one esbuild build those of `items` not compiled yet (compile-js-batch.ts), so
     * the build that then asks `js` for each finds them cached; with fewer than two, or when the
     * batch fails as a whole, `js` compiles them one by one as before.
     */
    async jsMany(items: { source: JsSource; file: ProjectFile }[]): Promise<void> {
      const missing = items.filter(({ source, file }) => !cachedJs(source, file));
      if (missing.length < 2) return;
      const batch = await compileJsBatch(
        esbuild,
        missing.map(({ source }) => source),
      );
      for (const { source, file } of missing) {
        const compiled = batch?.get(source.path);
        if (compiled) keepJs(source, file, compiled);
      }
    },
    async css(path: string, ctx: ResolveContext): Promise<CompiledCss> {
      const key = `${ctx.cdnBase}\n${JSON.stringify(ctx.deps)}`;
      const cached = cssCache.get(path, key, ctx.files);
      if (cached) return cached;
      const result = await compileCss(esbuild, path, ctx);
      // A failed compile may not have read all inputs; never reuse it when any file changed.
      cssCache.set(path, key, result.ok ? result.inputs : { ...ctx.files }, result);
      return result;
    },
    /** Drops the entries of files that no longer exist. */
    prune(files: Record<string, ProjectFile>): void {
      jsCache.prune(files);
      cssCache.prune(files);
    },
  };
}
