import type { Message, Plugin } from 'esbuild-wasm';
import type { Diagnostic } from '../../src/protocol';
import { finishJs, scriptOptions, type CompiledJs, type JsSource } from './compile-js';
import { toDiagnostic } from './diagnostics';
import type { EsbuildApi } from './esbuild-api';

const NAMESPACE = 'file';

/**
 * Compiles many scripts in one esbuild build, each file an entry of its own with every import
 * external, so each output is the module compileJs makes of that file alone (same options, same
 * file name in the output). A build costs esbuild ~2 ms before any file is read: a project's
 * first build (a new project, a reload, a restarted worker) paid it once per file, 300 files
 * ~1.2 s of the worker's CPU where one batch takes ~0.5 s.
 *
 * All of a project's sources share one tsconfig. Resolves null when the build fails as a whole
 * (a syntax error anywhere): the files are then compiled one by one, each with its own errors.
 */
export const compileJsBatch = async (
  esbuild: EsbuildApi,
  sources: JsSource[],
): Promise<Map<string, CompiledJs> | null> => {
  const first = sources[0];
  if (!first) return new Map();
  const byPath = new Map(sources.map((s) => [s.path, s]));
  const plugin: Plugin = {
    name: 'playpen-sources',
    setup(build) {
      // Entries only: their imports stay external (`external: ['*']`), never reaching a plugin.
      build.onResolve({ filter: /^playpen-entry:/ }, ({ path }) => ({
        path: `/${path.slice('playpen-entry:'.length)}`,
        namespace: NAMESPACE,
      }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, ({ path }) => {
        const source = byPath.get(path.slice(1));
        return source ? { contents: source.text, loader: source.loader, resolveDir: '/' } : null;
      });
    },
  };
  let result;
  try {
    result = await esbuild.build({
      ...scriptOptions(first.tsconfigRaw),
      // Output names by index: two project files may share a base name.
      entryPoints: Object.fromEntries(sources.map((s, i) => [`e${i}`, `playpen-entry:${s.path}`])),
      outdir: '/out',
      external: ['*'],
      plugins: [plugin],
    });
  } catch {
    return null;
  }
  const files = new Map((result.outputFiles ?? []).map((f) => [f.path, f.text]));
  const compiled = new Map<string, CompiledJs>();
  for (const [i, source] of sources.entries()) {
    const js = files.get(`/out/e${i}.js`);
    const map = files.get(`/out/e${i}.js.map`);
    if (js === undefined || map === undefined) return null;
    const input = result.metafile?.inputs[source.path];
    const output = result.metafile?.outputs[`out/e${i}.js`];
    const warnings = result.warnings
      .filter((w) => fileOf(w) === source.path)
      .map((w): Diagnostic => toDiagnostic(w, 'warning', source.path));
    compiled.set(source.path, finishJs(source, js, map, input, output, warnings));
  }
  return compiled;
};

/** The project path a message of the batch is about (esbuild names it relative to `/`). */
const fileOf = (message: Message): string | undefined => {
  const file = message.location?.file;
  return file?.startsWith(`${NAMESPACE}:`) ? file.slice(NAMESPACE.length + 1) : file;
};
