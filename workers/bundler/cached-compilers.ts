import type { ProjectFile } from '../../src/protocol';
import { CompileCache } from './cache';
import { compileCss, type CompiledCss } from './compile-css';
import { compileJs, type CompiledJs, type JsSource } from './compile-js';
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
  return {
    async js(source: JsSource, file: ProjectFile): Promise<CompiledJs> {
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
