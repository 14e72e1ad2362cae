import type { ProjectFile } from '../../src/protocol';
import { fileAt } from '../../src/project/model/file-lookup';
import { CompileCache } from './cache';
import type { CompiledComponent } from './components/component-module';
import { compileComponent, type Framework, type FrameworkCompilers } from './components/compilers';
import { esbuildStripTypes } from './components/strip-types';
import { compileCss, type CompiledCss } from './compile-css';
import { compileJs, type CompiledJs, type JsSource } from './compile-js';
import { compileJsBatch } from './compile-js-batch';
import type { EsbuildApi } from './esbuild-api';
import { withInlineMap } from './inline-map';
import { guardCompiled } from './loop-guard';
import type { ResolveContext } from './resolve';

/**
 * esbuild's JS and CSS compiles and the frameworks' component compiles behind per-file caches:
 * a file is compiled again only when it, or an input it read (a CSS import, a type a component
 * imports), or the options changed.
 */
export function createCachedCompilers(
  esbuild: EsbuildApi,
  guardLoops: boolean,
  frameworks: FrameworkCompilers,
) {
  const jsCache = new CompileCache<CompiledJs>();
  const cssCache = new CompileCache<CompiledCss>();
  const componentCache = new CompileCache<CompiledComponent>();
  const keyOf = (source: JsSource) =>
    `${source.loader}\n${source.tsconfigRaw ?? ''}\n${source.variant ?? ''}`;
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
    /** A component (or rune module) compiled by its framework: code, map, styles, diagnostics. */
    async component(
      path: string,
      file: ProjectFile & { kind: 'text' },
      framework: Framework,
      files: Readonly<Record<string, ProjectFile>>,
      tsconfigRaw?: string,
    ): Promise<CompiledComponent> {
      const key = `${framework}\n${tsconfigRaw ?? ''}`;
      const cached = componentCache.get(path, key, files);
      if (cached) return cached;
      const strip = esbuildStripTypes(esbuild, () => tsconfigRaw);
      const result = await compileComponent(frameworks, framework, path, file.text, files, strip);
      const inputs: Record<string, ProjectFile> = { [path]: file };
      for (const read of result.ok ? result.reads : []) {
        const found = fileAt(files, read);
        // A file it looked for and did not find: compiled again until it exists.
        if (!found) return result;
        inputs[read] = found;
      }
      // A failed load of the compiler is not the file's: tried again at the next build.
      if (result.ok || !result.retry) componentCache.set(path, key, inputs, result);
      return result;
    },
    /** Drops the entries of files that no longer exist. */
    prune(files: Record<string, ProjectFile>): void {
      jsCache.prune(files);
      cssCache.prune(files);
      componentCache.prune(files);
    },
  };
}
