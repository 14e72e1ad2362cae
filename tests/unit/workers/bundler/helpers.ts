import * as esbuild from 'esbuild-wasm';
import type { Program, ProjectFile } from '../../../../src/protocol';
import type { EsbuildApi } from '../../../../workers/bundler/esbuild-api';

/** Entries of a batch compile (compile-js-batch.ts) by their project path. */
const batchEntries = (entryPoints: unknown): string[] =>
  entryPoints && typeof entryPoints === 'object' && !Array.isArray(entryPoints)
    ? Object.values(entryPoints as Record<string, string>).map((e) =>
        e.replace(/^playpen-entry:/, ''),
      )
    : [String(entryPoints)];

/**
 * Real esbuild-wasm (Node entry), counting the files compiled (each stdin, each entry of a
 * batch) and the builds asked for.
 */
export const countingEsbuild = () => {
  const calls: string[] = [];
  const builds = { count: 0 };
  const api: EsbuildApi = {
    build: ((options: Parameters<typeof esbuild.build>[0]) => {
      builds.count++;
      if (options.stdin) calls.push(options.stdin.sourcefile ?? '<stdin>');
      else calls.push(...batchEntries(options.entryPoints));
      return esbuild.build(options);
    }) as typeof esbuild.build,
  };
  return { api, calls, builds };
};

export const text = (t: string): ProjectFile => ({ kind: 'text', text: t });

export const files = (map: Record<string, string | Uint8Array>): Record<string, ProjectFile> =>
  Object.fromEntries(
    Object.entries(map).map(([path, v]) => [
      path,
      typeof v === 'string'
        ? text(v)
        : { kind: 'binary', bytes: v, mime: 'application/octet-stream' },
    ]),
  );

/**
 * A tiny stand-in for the preview's module registry: evaluates ProgramModules the way
 * src/protocol/build-types.ts documents them, with fakes for vendor and CDN modules.
 */
export const evaluate = (program: Program, external: Record<string, unknown> = {}) => {
  const instances = new Map<string, { exports: unknown }>();
  const styles: string[] = [];
  const load = (id: string): unknown => {
    const done = instances.get(id);
    if (done) return done.exports;
    const mod = program.modules[id];
    if (!mod) {
      if (id in external) return external[id];
      throw new Error(`module not found: ${id}`);
    }
    const module = { exports: {} as unknown };
    instances.set(id, module);
    if (mod.kind === 'css') styles.push(mod.css);
    else if (mod.kind === 'asset') module.exports = { __esModule: true, default: `blob:${id}` };
    else {
      const fn = (0, eval)(mod.code) as (r: (s: string) => unknown, m: unknown, e: unknown) => void;
      const require = (spec: string) => {
        const dep = mod.deps[spec];
        if (dep === undefined) throw new Error(`${id}: undeclared import ${spec}`);
        return load(dep);
      };
      fn(require, module, module.exports);
    }
    return module.exports;
  };
  const exports = load(program.entry) as Record<string, unknown>;
  return { exports, styles };
};

/** Fake `react/jsx-runtime`: elements as plain data. */
export const jsxRuntime = {
  jsx: (type: unknown, props: unknown) => ({ type, props }),
  jsxs: (type: unknown, props: unknown) => ({ type, props }),
  Fragment: 'Fragment',
};
