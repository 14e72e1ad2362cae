import type { BuildOptions, ImportKind, Loader, Metafile, Plugin } from 'esbuild-wasm';
import { sourceUrl, type Diagnostic } from '../../src/protocol';
import { failureMessages, toDiagnostic } from './diagnostics';
import type { EsbuildApi } from './esbuild-api';

/** One file to compile to a CommonJS module function. */
export interface JsSource {
  path: string;
  text: string;
  loader: Loader;
  /** The project's tsconfig.json text, if any (esbuild reads the options it supports). */
  tsconfigRaw?: string;
  /** The file as the user wrote it, when `text` is a transform of it (shown by the map). */
  original?: string;
  /**
   * Tells apart compiles of one file whose `text` may differ while the file does not (a
   * component whose compile read other files); part of the compile cache's key.
   */
  variant?: string;
}

export interface ImportRecord {
  /** As written in the source. */
  spec: string;
  kind: ImportKind;
}

export type CompiledJs =
  | { ok: true; code: string; map: string; imports: ImportRecord[]; warnings: Diagnostic[] }
  | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[] };

const STRICT = '"use strict";';
/** The wrapper the runtime evaluates; the banner stays on line 1 so the map accounts for it. */
const HEAD = `(function (require, module, exports) {${STRICT}`;
const FOOT = '})';

const SELF = 'playpen:self';

/**
 * JSON and text files are data, not code: the entry is a stub re-exporting the file, served
 * by this plugin, so the module exports its value (an entry's own exports would be dropped).
 */
const dataFile = (source: JsSource): { stdin: string; plugin: Plugin } | undefined => {
  if (source.loader !== 'json' && source.loader !== 'text') return undefined;
  const plugin: Plugin = {
    name: 'playpen-data',
    setup(build) {
      build.onResolve({ filter: /^playpen:self$/ }, () => ({
        path: source.path,
        namespace: 'self',
      }));
      build.onLoad({ filter: /.*/, namespace: 'self' }, () => ({
        contents: source.text,
        loader: source.loader,
      }));
    },
  };
  return { stdin: `export { default } from "${SELF}";`, plugin };
};

/**
 * esbuild's options for every compile of scripts (one file or a batch, compile-js-batch.ts),
 * so both print the same module for the same file.
 */
export const scriptOptions = (tsconfigRaw: string | undefined): BuildOptions => ({
  absWorkingDir: '/',
  bundle: true,
  write: false,
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  // The user's code as written: no dead-code removal (the import list must match the code).
  treeShaking: false,
  // `import()` becomes a promise of `require()` so the registry serves it like any import.
  supported: { 'dynamic-import': false },
  jsx: 'automatic',
  jsxImportSource: 'react',
  define: { 'process.env.NODE_ENV': '"development"' },
  tsconfigRaw,
  sourcemap: 'external',
  sourcesContent: true,
  metafile: true,
  banner: { js: HEAD },
  footer: { js: FOOT },
  logLevel: 'silent',
});

/**
 * esbuild's options for one file. Every import stays external: `external: ['*']` leaves each
 * as `require("spec")` inside esbuild itself, where a resolve plugin would cost a JS↔Go round
 * trip per import (~0.4 ms each in the worker, shared/notes/bundling.md); `plugin` is only for
 * the error path (locateImportErrors).
 */
const buildOptions = (source: JsSource, plugin?: Plugin): BuildOptions => {
  const data = dataFile(source);
  const plugins = [...(data ? [data.plugin] : []), ...(plugin ? [plugin] : [])];
  return {
    ...scriptOptions(source.tsconfigRaw),
    stdin: data
      ? { contents: data.stdin, loader: 'js', sourcefile: source.path, resolveDir: '/' }
      : { contents: source.text, loader: source.loader, sourcefile: source.path, resolveDir: '/' },
    outfile: '/out.js',
    ...(plugin ? {} : { external: ['*'] }),
    ...(plugins.length ? { plugins } : {}),
  };
};

/**
 * Compiles one file to `(function (require, module, exports) { … })` with every import left as
 * `require("spec")`. The import list is esbuild's own (its metafile: type-only imports are gone
 * by then), in source order, each specifier once.
 */
export const compileJs = async (esbuild: EsbuildApi, source: JsSource): Promise<CompiledJs> => {
  const warn = (ws: { warnings: Parameters<typeof toDiagnostic>[0][] }) =>
    ws.warnings.map((w) => toDiagnostic(w, 'warning', source.path));
  let result;
  try {
    result = await esbuild.build(buildOptions(source));
  } catch (error) {
    const messages = failureMessages(error);
    return {
      ok: false,
      errors: messages.errors.map((e) => toDiagnostic(e, 'error', source.path)),
      warnings: warn(messages),
    };
  }
  const js = result.outputFiles?.find((f) => f.path.endsWith('.js'));
  const mapFile = result.outputFiles?.find((f) => f.path.endsWith('.map'));
  if (!js || !mapFile) throw new Error(`esbuild produced no output for ${source.path}`);
  const input = sourceInput(result.metafile, source);
  const output = result.metafile?.outputs['out.js'];
  return finishJs(source, js.text, mapFile.text, input, output, warn(result));
};

/** What the metafile says of one compiled file and of its output. */
type InputMeta = Pick<Metafile['inputs'][string], 'format' | 'imports'> | undefined;
type OutputMeta = Pick<Metafile['outputs'][string], 'imports'> | undefined;

/**
 * One output of esbuild as the module the runtime evaluates: sloppy mode kept for CommonJS
 * sources, the map pointing at the project file with its text as written, the imports left.
 */
export const finishJs = (
  source: JsSource,
  jsText: string,
  mapText: string,
  input: InputMeta,
  output: OutputMeta,
  warnings: Diagnostic[],
): CompiledJs => {
  let code = jsText.trimEnd();
  // CommonJS sources (require/module.exports) keep sloppy mode; the blank keeps map columns.
  if (input?.format === 'cjs') code = code.replace(STRICT, ' '.repeat(STRICT.length));
  const map = JSON.parse(mapText) as { sources: string[]; sourcesContent?: string[] };
  map.sources = map.sources.map(() => source.path);
  if (map.sources.length === 1) map.sourcesContent = [source.original ?? source.text];
  return {
    ok: true,
    code: `${code}\n//# sourceURL=${sourceUrl(source.path)}`,
    map: JSON.stringify(map),
    imports: [...keptImports(input, output)].map(([spec, kind]) => ({ spec, kind })),
    warnings,
  };
};

/**
 * The metafile's record of the compiled file: its format and the imports as written (the stdin
 * is named after the file). A data file's record is the stub's, whose one import is the file
 * itself: data imports nothing.
 */
const sourceInput = (metafile: Metafile | undefined, source: JsSource): InputMeta => {
  const input = metafile?.inputs[source.path] ?? Object.values(metafile?.inputs ?? {})[0];
  return dataFile(source) ? { format: input?.format, imports: [] } : input;
};

/**
 * The imports left in the output, in source order, each once, with the kind they were written
 * as. The input's list alone also names imports TypeScript elides (only types used from them);
 * the output's alone says `require-call` for every kind.
 */
const keptImports = (input: InputMeta, output: OutputMeta): Map<string, ImportKind> => {
  const written = new Map<string, ImportKind>();
  for (const { path, kind } of input?.imports ?? [])
    if (!written.has(path)) written.set(path, kind);
  const kept = new Map<string, ImportKind>();
  if (written.size === 0) return kept;
  for (const { path } of output?.imports ?? []) {
    const kind = written.get(path);
    if (kind && !kept.has(path)) kept.set(path, kind);
  }
  return kept;
};

/**
 * Diagnostics with line/column for imports that did not resolve. Only run on the error path:
 * compiling again with a plugin that fails those specifiers makes esbuild report where each
 * import is written.
 */
export const locateImportErrors = async (
  esbuild: EsbuildApi,
  source: JsSource,
  failures: Map<string, string>,
): Promise<Diagnostic[]> => {
  const plugin: Plugin = {
    name: 'playpen-locate',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const text = failures.get(args.path);
        return text ? { errors: [{ text }] } : { path: args.path, external: true };
      });
    },
  };
  try {
    await esbuild.build(buildOptions(source, plugin));
  } catch (error) {
    const found = failureMessages(error).errors.map((e) => toDiagnostic(e, 'error', source.path));
    if (found.length) return found;
  }
  return [...failures.values()].map((text) => ({ severity: 'error', file: source.path, text }));
};
