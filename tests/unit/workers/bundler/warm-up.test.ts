import * as esbuild from 'esbuild-wasm';
import { describe, expect, it } from 'vitest';
import { createBundler, type Bundler } from '../../../../workers/bundler/program';
import { createBundlerService } from '../../../../workers/bundler/service';
import { warmUp, type WarmUpOptions } from '../../../../workers/bundler/warm-up';
import { countingEsbuild, files } from './helpers';

const PROJECT = files({
  'src/main.ts': "import { a } from './a'; console.log(a);",
  'src/a.ts': 'export const a: number = 1;',
});

/**
 * Real bundlers on a fake clock: round k takes `times[k]` ms (the last one from then on), and
 * `onRound` runs as each round starts (a request arriving meanwhile).
 */
function rig(times: number[], onRound: (round: number) => void = () => {}) {
  const { api, calls } = countingEsbuild();
  let clock = 0;
  let round = 0;
  const options: WarmUpOptions = {
    makeBundler: (): Bundler => {
      const bundler = createBundler({ esbuild: api });
      const k = round++;
      return {
        ...bundler,
        build: async (input, isStale) => {
          onRound(k);
          const out = await bundler.build(input, isStale);
          clock += times[Math.min(k, times.length - 1)]!;
          return out;
        },
      };
    },
    files: PROJECT,
    entry: 'src/main.ts',
    cdnBase: 'https://esm.sh/',
    interrupted: () => false,
    now: () => clock,
    yieldTask: async () => {},
    budgetMs: 10_000,
  };
  return { options, calls };
}

describe('warmUp', () => {
  it('builds from scratch until four rounds in a row are no faster than the best', async () => {
    const { options, calls } = rig([100, 60, 40, 30, 31, 30, 29.5, 32]);
    const result = await warmUp(options);
    // 30 ms at round 4; 31, 30, 29.5 (not 5 % better) and 32 do not beat it.
    expect(result).toEqual({
      rounds: 8,
      bestMs: 29.5,
      ended: 'calm',
      ms: 100 + 60 + 40 + 30 + 31 + 30 + 29.5 + 32,
    });
    // Every round compiled every file: nothing was served from a cache.
    expect(calls.filter((c) => c === 'src/a.ts')).toHaveLength(8);
    expect(calls.filter((c) => c === 'src/main.ts')).toHaveLength(8);
  });

  it('gives up when its budget is spent', async () => {
    const { options } = rig([100, 90, 80, 70, 60]);
    const result = await warmUp({ ...options, budgetMs: 250 });
    expect(result).toEqual({ rounds: 3, bestMs: 80, ended: 'budget', ms: 270 });
  });

  it('stops in the middle of a round when a request comes', async () => {
    let requested = false;
    const { options, calls } = rig([100], (round) => (requested ||= round === 2));
    const result = await warmUp({ ...options, interrupted: () => requested });
    expect(result).toEqual({ rounds: 2, bestMs: 100, ended: 'interrupted', ms: 200 });
    // The third round stopped before compiling anything.
    expect(calls).toHaveLength(4);
  });
});

describe('the bundler service’s warm-up', () => {
  it('warms up on the project it has, without changing what the next build sends', async () => {
    const service = createBundlerService({ esbuild, init: async () => {} });
    const request = (id: number, changes: typeof PROJECT) => ({
      id,
      changes,
      reset: id === 1,
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
    });
    await service.build(request(1, PROJECT));
    const result = await service.warmUp({
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
      budgetMs: 60_000,
    });
    expect(result.ended).toBe('calm');
    expect(result.rounds).toBeGreaterThanOrEqual(5);
    // The worker's own caches and sent modules are untouched: a one-file edit still sends one module.
    const edit = await service.build(request(2, files({ 'src/a.ts': 'export const a = 2;' })));
    expect(Object.keys(edit.program!.modules)).toEqual(['src/a.ts']);
  });

  it('stops when a build request comes, and the build is answered', async () => {
    const service = createBundlerService({ esbuild, init: async () => {} });
    const request = {
      id: 1,
      changes: PROJECT,
      reset: true,
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
    };
    await service.build(request);
    const warming = service.warmUp({
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
      budgetMs: 60_000,
    });
    const built = await service.build({ ...request, id: 2, changes: {}, reset: false });
    expect(built.program?.entry).toBe('src/main.ts');
    expect((await warming).ended).toBe('interrupted');
  });

  it('stops when the app says the user is typing', async () => {
    const service = createBundlerService({ esbuild, init: async () => {} });
    await service.build({
      id: 1,
      changes: PROJECT,
      reset: true,
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
    });
    const warming = service.warmUp({
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
      budgetMs: 60_000,
    });
    service.stopWarmUp();
    expect((await warming).ended).toBe('interrupted');
  });
});
