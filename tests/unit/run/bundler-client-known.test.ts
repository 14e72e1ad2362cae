import { describe, expect, it, vi } from 'vitest';
import {
  programReply,
  type BuildReply,
  type BuildRequest,
  type Program,
} from '../../../src/protocol';
import { createBundlerClient, type KnownBuild } from '../../../src/run/bundler-client';

interface Call {
  request: BuildRequest;
  resolve(reply: BuildReply): void;
}

const program = (code: string): Program => ({
  entry: 'src/main.ts',
  modules: {
    'src/main.ts': { kind: 'js', code, url: 'playpen:///src/main.ts', map: '{}', deps: {} },
    'logo.svg': { kind: 'asset', bytes: new Uint8Array([60, 115]), mime: 'image/svg+xml' },
  },
  vendor: [],
  cdn: [],
});

/** The worker's first reply for `p`: every module carried. */
const reply = (p: Program) => programReply(p, new Map()).reply;

/** A client over a fake worker whose builds the test answers, with a known first build. */
const setup = (known: KnownBuild | undefined) => {
  const calls: Call[] = [];
  let warm!: () => void;
  const onKnownBuildDiffers = vi.fn();
  const onBuilt = vi.fn();
  const client = createBundlerClient({
    createWorker: () => new EventTarget() as unknown as Worker,
    connect: () => ({
      build: (request) => new Promise<BuildReply>((resolve) => calls.push({ request, resolve })),
    }),
    firstBuild: async () => known,
    warmAfter: new Promise<void>((resolve) => (warm = resolve)),
    onKnownBuildDiffers,
    onBuilt,
  });
  const request = { files: {}, entry: 'src/main.ts', cdnBase: 'https://esm.sh/' };
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { client, calls, warm, onKnownBuildDiffers, onBuilt, request, tick };
};

describe('a known first build', () => {
  it('is answered at once, then the worker builds the same request once warmAfter settles', async () => {
    const known = { program: program('a'), diagnostics: [] };
    const { client, calls, warm, onKnownBuildDiffers, onBuilt, request, tick } = setup(known);
    const first = await client.build(request);
    expect(first).toMatchObject(known);
    // Not built now: the status tooltip has no build time to show (it said "Last build 0 ms").
    expect(first).toMatchObject({ ms: null });
    await tick();
    expect(calls).toHaveLength(0);
    warm();
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request.reset).toBe(true);
    calls[0]!.resolve({ id: calls[0]!.request.id, ...known, program: reply(program('a')), ms: 5 });
    await tick();
    expect(onKnownBuildDiffers).not.toHaveBeenCalled();
    expect(onBuilt).toHaveBeenCalledTimes(1);
  });

  it('reports a worker build that differs from it (a stale cache) so the run starts again', async () => {
    const { client, calls, warm, onKnownBuildDiffers, request, tick } = setup({
      program: program('a'),
      diagnostics: [],
    });
    await client.build(request);
    warm();
    await tick();
    calls[0]!.resolve({
      id: calls[0]!.request.id,
      program: reply(program('b')),
      diagnostics: [],
      ms: 5,
    });
    await tick();
    expect(onKnownBuildDiffers).toHaveBeenCalledTimes(1);
  });

  it('asks only for the first request, and an edit before warmAfter makes the warm build moot', async () => {
    const firstBuild = vi.fn(async () => ({ program: program('a'), diagnostics: [] }));
    const calls: BuildRequest[] = [];
    let warm!: () => void;
    const client = createBundlerClient({
      createWorker: () => new EventTarget() as unknown as Worker,
      connect: () => ({
        build: async (request) => {
          calls.push(request);
          return { id: request.id, diagnostics: [], ms: 1 };
        },
      }),
      firstBuild,
      warmAfter: new Promise<void>((resolve) => (warm = resolve)),
    });
    const request = { files: {}, entry: 'src/main.ts', cdnBase: 'https://esm.sh/' };
    await client.build(request);
    await client.build({ ...request, entry: 'src/other.ts' });
    warm();
    await new Promise((r) => setTimeout(r, 0));
    expect(firstBuild).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.entry)).toEqual(['src/other.ts']);
  });

  it('a first request superseded during its lookup leaves the lookup to the next one', async () => {
    const known = { program: reply(program('b')), diagnostics: [] };
    const lookups: ((build: KnownBuild | undefined) => void)[] = [];
    const calls: BuildRequest[] = [];
    const client = createBundlerClient({
      createWorker: () => new EventTarget() as unknown as Worker,
      connect: () => ({
        build: async (request) => {
          calls.push(request);
          return { id: request.id, diagnostics: [], ms: 1 };
        },
      }),
      firstBuild: () => new Promise((resolve) => lookups.push(resolve)),
      warmAfter: new Promise<void>(() => {}),
    });
    const request = { files: {}, entry: 'src/main.ts', cdnBase: 'https://esm.sh/' };
    const first = client.build(request);
    const second = client.build(request);
    expect(await first).toBe('stale');
    expect(lookups).toHaveLength(2);
    lookups[1]!(known);
    expect(await second).toMatchObject(known);
    expect(calls).toHaveLength(0);
  });

  it('an unknown first build goes to the worker as usual', async () => {
    const { client, calls, request, tick } = setup(undefined);
    const first = client.build(request);
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve({ id: calls[0]!.request.id, diagnostics: [], ms: 1 });
    expect(await first).toMatchObject({ diagnostics: [], ms: 1 });
  });

  it('starts the worker only when startWorkerAfter settles, or at once for a build it must make', async () => {
    const created: unknown[] = [];
    const client = (known: boolean) => {
      let open!: () => void;
      const c = createBundlerClient({
        createWorker: () => {
          created.push(known);
          return new EventTarget() as unknown as Worker;
        },
        connect: () => ({ build: () => new Promise<never>(() => {}) }),
        firstBuild: async () => (known ? { program: program('a'), diagnostics: [] } : undefined),
        holdBuildsUntil: new Promise<never>(() => {}),
        warmAfter: new Promise<never>(() => {}),
        startWorkerAfter: new Promise<void>((resolve) => (open = resolve)),
      });
      return { c, open: () => open() };
    };
    const request = { files: {}, entry: 'src/main.ts', cdnBase: 'https://esm.sh/' };
    const tick = () => new Promise((r) => setTimeout(r, 0));
    // A known first program: no worker (its wasm compile) until the app says so.
    const knownFirst = client(true);
    await knownFirst.c.build(request);
    expect(created).toEqual([]);
    knownFirst.open();
    await tick();
    expect(created).toEqual([true]);
    // An unknown one: the worker starts at once, though the build itself is still held.
    const unknownFirst = client(false);
    void unknownFirst.c.build(request);
    await tick();
    expect(created).toEqual([true, false]);
    unknownFirst.open();
    await tick();
    expect(created).toEqual([true, false]);
  });
});
