import * as esbuild from 'esbuild-wasm';
import type { Loader } from 'esbuild-wasm';
import { compileJs } from '../../../../workers/bundler/compile-js';
import { guardCompiled } from '../../../../workers/bundler/loop-guard';
import { withInlineMap } from '../../../../workers/bundler/inline-map';
import { instrumentModule } from '../../../../workers/probe/instrument';
import type { InstrumentResult, LogpointSite } from '../../../../src/protocol/probes';

/** The lines of a file, joined. */
export const lines = (...ls: string[]) => ls.join('\n');

/**
 * A module exactly as the bundler makes it (cached-compilers.ts): esbuild with the bundler's
 * options, the loop guard and fragment navigator, then the inline map.
 */
export async function built(text: string, path = 'src/main.ts') {
  const loader = path.split('.').pop() as Loader;
  const source = { path, text, loader };
  const compiled = guardCompiled(source, await compileJs(esbuild, source));
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return { path, code: withInlineMap(compiled.code, compiled.map), map: compiled.map };
}

/** Logpoints as the app sends them: sites numbered from 0 in order. */
export const at = (...points: [line: number, expression: string][]): LogpointSite[] =>
  points.map(([line, expression], site) => ({ site, line, expression }));

/** Builds `text` and instruments it. */
export async function instrumented(
  text: string,
  logpoints: LogpointSite[],
  { path = 'src/main.ts', lineHits = false } = {},
): Promise<InstrumentResult> {
  const module = await built(text, path);
  return instrumentModule({ ...module, logpoints, lineHits });
}

/** One `__ppProbe.p` call as the stub saw it: the site and each slot's value (or what reading threw). */
export interface Hit {
  site: number;
  /** Snapshots of the slots' values at the hit (see `snapshot`). */
  values: unknown[];
}

type Factory = (...args: unknown[]) => void;

/**
 * Runs an instrumented module with a fake require and a stub probe that reads every slot of
 * each hit (as the runtime does, each on its own: a ReferenceError is that slot's value).
 * `slots` says how many slots each site has (its spec's `slots.length`).
 */
export function run(
  result: InstrumentResult,
  {
    require = (_spec: string): unknown => ({}),
    globals = {} as Record<string, unknown>,
  }: { require?: (spec: string) => unknown; globals?: Record<string, unknown> } = {},
) {
  const slotCount = new Map(
    result.logpoints.map((p) => [p.site, p.ok ? p.spec.slots.length : 0] as const),
  );
  const hits: Hit[] = [];
  /** The slots' values themselves, by hit. */
  const raw: unknown[][] = [];
  const counts = new Map<number, number>();
  const probe = {
    p(site: number, read: (k: number) => unknown) {
      const values: unknown[] = [];
      const own: unknown[] = [];
      for (let k = 0; k < (slotCount.get(site) ?? 0); k++) {
        try {
          const value = read(k);
          own.push(value);
          values.push(snapshot(value));
        } catch (error) {
          own.push(error);
          values.push({ thrown: (error as Error).constructor.name });
        }
      }
      hits.push({ site, values });
      raw.push(own);
    },
    l(i: number) {
      counts.set(i, (counts.get(i) ?? 0) + 1);
    },
  };
  const module = { exports: {} as Record<string, unknown> };
  const guard = Object.assign(() => {}, { c: 1e9 });
  const nav = (target: unknown) => target;
  const names = Object.keys(globals);
  const factory = new Function(...names, `return ${result.code}`)(
    ...names.map((n) => globals[n]),
  ) as Factory;
  factory.call(module.exports, require, module, module.exports, guard, nav, probe);
  return {
    exports: module.exports,
    hits,
    raw,
    /** Runs of each counted line, by line. */
    lineRuns: () =>
      Object.fromEntries(result.lines.map((line, i) => [line, counts.get(i) ?? 0] as const)),
  };
}

/**
 * A value as it was at the hit (later changes must not show): primitives as they are, a
 * function as `function name`, an error as its message, objects and arrays copied (own
 * enumerable properties, three levels, getters not run).
 */
const snapshot = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'function') return `function ${(value as { name: string }).name}`;
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return { message: value.message };
  if (depth === 3) return '…';
  if (Array.isArray(value)) return value.map((v) => snapshot(v, depth + 1));
  // By descriptor, as the runtime reads: a getter is never run.
  return Object.fromEntries(
    Object.entries(Object.getOwnPropertyDescriptors(value))
      .filter(([, d]) => d.enumerable)
      .map(([k, d]) => [k, 'value' in d ? snapshot(d.value, depth + 1) : '(getter)']),
  );
};

/** Where each logpoint went (`when`), or its error. */
export const placed = (result: InstrumentResult) =>
  result.logpoints.map((p) => (p.ok ? p.when : { error: p.error }));
