import { describe, expect, it, vi } from 'vitest';
import type { BuildReply, BuildRequest, WarmUpRequest, WarmUpResult } from '../../../src/protocol';
import { createBundlerClient, type WarmUpPolicy } from '../../../src/run/bundler-client';

class FakeWorker extends EventTarget {
  terminate() {}
  crash() {
    this.dispatchEvent(Object.assign(new Event('error'), { message: 'boom' }));
  }
}

const RESULT: WarmUpResult = { rounds: 6, bestMs: 12, ended: 'calm', ms: 150 };

/** Fake workers answering every build at once, and recording warm-ups per worker. */
const setup = (warmUp?: WarmUpPolicy, holdWarmUps = false) => {
  const workers: FakeWorker[] = [];
  const warmUps: { worker: number; request: WarmUpRequest }[] = [];
  let stops = 0;
  // The warm-up under way ends when the test says (or at a stop).
  let finish: (() => void) | undefined;
  const client = createBundlerClient({
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    connect: (worker) => {
      const index = workers.indexOf(worker as unknown as FakeWorker);
      return {
        build: async (request: BuildRequest): Promise<BuildReply> => ({
          id: request.id,
          diagnostics: [],
          ms: 1,
        }),
        warmUp: async (request) => {
          warmUps.push({ worker: index, request });
          if (holdWarmUps) await new Promise<void>((resolve) => (finish = resolve));
          return RESULT;
        },
        stopWarmUp: () => {
          stops++;
          finish?.();
        },
      };
    },
    warmUp,
  });
  const request = { files: {}, entry: 'src/main.tsx', cdnBase: 'https://esm.sh/' };
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { client, workers, warmUps, request, tick, stops: () => stops, finish: () => finish?.() };
};

describe('the bundler client’s warm-up', () => {
  it('asks each worker once, after its first build and the policy’s signal', async () => {
    let go!: () => void;
    const onDone = vi.fn();
    const after = new Promise<void>((resolve) => (go = resolve));
    const { client, warmUps, request, tick } = setup({ after, budgetMs: 3000, onDone });
    await client.build(request);
    await client.build(request);
    await tick();
    expect(warmUps).toEqual([]);
    go();
    await tick();
    expect(warmUps).toEqual([
      { worker: 0, request: { entry: 'src/main.tsx', cdnBase: 'https://esm.sh/', budgetMs: 3000 } },
    ]);
    expect(onDone).toHaveBeenCalledWith(RESULT);
    await client.build(request);
    await tick();
    expect(warmUps).toHaveLength(1);
  });

  it('warms a replacement worker up too, and never a worker already replaced', async () => {
    let go!: () => void;
    const after = new Promise<void>((resolve) => (go = resolve));
    const { client, workers, warmUps, request, tick } = setup({ after, budgetMs: 3000 });
    await client.build(request);
    workers[0]!.crash();
    await client.build(request);
    go();
    await tick();
    expect(warmUps.map((w) => w.worker)).toEqual([1]);
  });

  it('never warms up without a policy (a read-only view)', async () => {
    const { client, warmUps, request, tick } = setup();
    await client.build(request);
    await tick();
    expect(warmUps).toEqual([]);
  });

  it('passes a stop on to the worker only while it warms up', async () => {
    const { client, request, tick, stops, finish } = setup(
      { after: Promise.resolve(), budgetMs: 3000 },
      true,
    );
    client.stopWarmUp();
    expect(stops()).toBe(0);
    await client.build(request);
    await tick();
    client.stopWarmUp();
    client.stopWarmUp();
    expect(stops()).toBe(1);
    finish();
    await tick();
    client.stopWarmUp();
    expect(stops()).toBe(1);
  });
});
