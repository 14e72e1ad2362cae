import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirstPrograms } from '../../../src/app/first-program';
import { createDefaultProject } from '../../../src/project/templates';
import { programKey } from '../../../src/project/storage/program-key';
import { buildToJson, type ProgramBuild } from '../../../src/project/storage/program-json';
import type { ProgramCache } from '../../../src/project/storage/program-cache';
import type { Program } from '../../../src/protocol';

const CDN = 'https://esm.sh/';
const program = (code: string): Program => ({
  entry: 'src/main.ts',
  modules: { 'src/main.ts': { kind: 'js', code, url: 'u', map: '{}', deps: {} } },
  vendor: [],
  cdn: [],
});
const shippedBuild: ProgramBuild = { program: program('shipped'), diagnostics: [] };

/** Slot → the key and build kept for it, as the IndexedDB cache keeps them. */
const memoryCache = () => {
  const map = new Map<string, { key: string; build: ProgramBuild }>();
  const cache: ProgramCache = {
    get: async (slot, key) => (map.get(slot)?.key === key ? map.get(slot)?.build : undefined),
    put: async (slot, key, build) => void map.set(slot, { key, build }),
    delete: async (slot) => void map.delete(slot),
  };
  return { map, cache };
};

const setup = (cache: ProgramCache, slot = () => 'p1') => {
  const rerun = vi.fn();
  const { files, entry } = createDefaultProject();
  const first = createFirstPrograms({
    cache,
    version: 'v1',
    slot,
    rerun,
    shipped: async () => ({
      key: await programKey({ files, entry, cdnBase: CDN, bundler: 'v1' }),
      json: buildToJson(shippedBuild),
    }),
  });
  return { first, rerun, request: { files, entry, cdnBase: CDN } };
};

afterEach(() => vi.useRealTimers());

describe('known first programs', () => {
  it('the default project, unchanged, gets the shipped program', async () => {
    const { first, request } = setup(memoryCache().cache);
    expect(await first.hooks.firstBuild(request)).toEqual(shippedBuild);
  });

  it('a changed project, another entry or another CDN base never gets it', async () => {
    const { first, request } = setup(memoryCache().cache);
    const main = request.files['src/main.ts'];
    const edited = {
      ...request,
      files: {
        ...request.files,
        'src/main.ts': {
          kind: 'text' as const,
          text: main?.kind === 'text' ? main.text + ' ' : '',
        },
      },
    };
    expect(await first.hooks.firstBuild(edited)).toBeUndefined();
    const again = setup(memoryCache().cache);
    expect(
      await again.first.hooks.firstBuild({ ...request, cdnBase: 'https://x.example/' }),
    ).toBeUndefined();
  });

  it('a build is cached once builds pause, and a later load of the same files gets it', async () => {
    vi.useFakeTimers();
    const { map, cache } = memoryCache();
    const { first, request } = setup(cache);
    const files = { 'src/main.ts': { kind: 'text' as const, text: 'console.log(1)' } };
    const mine = { ...request, files };
    first.hooks.onBuilt(mine, { id: 1, program: program('one'), diagnostics: [], ms: 1 });
    first.hooks.onBuilt(mine, { id: 2, program: program('two'), diagnostics: [], ms: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(map.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1500);
    await vi.waitFor(() => expect(map.size).toBe(1));
    vi.useRealTimers();
    const later = setup(cache);
    expect(await later.first.hooks.firstBuild(mine)).toEqual({
      program: program('two'),
      diagnostics: [],
    });
  });

  it('the shipped program is not cached again, nor a failed build', async () => {
    vi.useFakeTimers();
    const { map, cache } = memoryCache();
    const { first, request } = setup(cache);
    first.hooks.onBuilt(request, { id: 1, program: program('x'), diagnostics: [], ms: 1 });
    await vi.advanceTimersByTimeAsync(3000);
    first.hooks.onBuilt({ ...request, entry: 'src/b.ts' }, { id: 2, diagnostics: [], ms: 1 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(map.size).toBe(0);
  });

  it('a known program the worker contradicts is dropped from the cache and the run starts again', async () => {
    const { map, cache } = memoryCache();
    const files = { 'src/main.ts': { kind: 'text' as const, text: 'x' } };
    const request = { files, entry: 'src/main.ts', cdnBase: CDN };
    const key = await programKey({ ...request, bundler: 'v1' });
    map.set('p1', { key, build: { program: program('old'), diagnostics: [] } });
    const { first, rerun } = setup(cache);
    expect(await first.hooks.firstBuild(request)).toBeDefined();
    first.hooks.onKnownBuildDiffers();
    expect(rerun).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(map.has('p1')).toBe(false));
  });

  it("each project's last build is kept under its own slot, taken when the build was made", async () => {
    vi.useFakeTimers();
    const { map, cache } = memoryCache();
    let project = 'a';
    const { first, request } = setup(cache, () => project);
    const files = (text: string) => ({ 'src/main.ts': { kind: 'text' as const, text } });
    first.hooks.onBuilt(
      { ...request, files: files('a') },
      { id: 1, program: program('a'), diagnostics: [], ms: 1 },
    );
    project = 'b'; // opened before the write: the build was still a's
    await vi.advanceTimersByTimeAsync(2500);
    first.hooks.onBuilt(
      { ...request, files: files('b') },
      { id: 2, program: program('b'), diagnostics: [], ms: 1 },
    );
    await vi.advanceTimersByTimeAsync(2500);
    await vi.waitFor(() => expect([...map.keys()].sort()).toEqual(['a', 'b']));
    expect(map.get('a')?.build.program).toEqual(program('a'));
    vi.useRealTimers();
    // A later load of project a finds a's program; the same files under b's slot do not.
    expect(
      await setup(cache, () => 'a').first.hooks.firstBuild({ ...request, files: files('a') }),
    ).toBeDefined();
    expect(
      await setup(cache, () => 'b').first.hooks.firstBuild({ ...request, files: files('a') }),
    ).toBeUndefined();
  });
});
