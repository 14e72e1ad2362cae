import { describe, expect, it } from 'vitest';
import {
  createProbeWorkerClient,
  type ProbeWorkerCalls,
} from '../../../src/probes/probe-worker-client';
import type { InstrumentRequest, InstrumentResult } from '../../../src/protocol';

/** A stand-in Worker: only what the client touches. */
function fakeWorker() {
  const listeners: ((event: Event) => void)[] = [];
  return {
    terminated: false,
    addEventListener: (_type: string, fn: (event: Event) => void) => listeners.push(fn),
    terminate() {
      this.terminated = true;
    },
    crash: (message: string) => listeners.forEach((fn) => fn({ message } as ErrorEvent)),
  };
}

const request: InstrumentRequest = {
  path: 'src/main.ts',
  code: '(function (require, module, exports) {})',
  map: '{}',
  logpoints: [],
  lineHits: true,
};
const answer = (code: string): InstrumentResult => ({ code, map: '{}', logpoints: [], lines: [] });

/** A client whose workers answer with `api(n)` (n: 0 for the first worker, 1 for the next…). */
const setup = (
  api: (n: number, worker: ReturnType<typeof fakeWorker>) => ProbeWorkerCalls,
  extra = {},
) => {
  const workers: ReturnType<typeof fakeWorker>[] = [];
  let made = 0;
  const client = createProbeWorkerClient({
    createWorker: () => (workers.push(fakeWorker()), workers.at(-1) as unknown as Worker),
    connect: (worker) => api(made++, worker as unknown as ReturnType<typeof fakeWorker>),
    ...extra,
  });
  return { client, workers };
};

const working = (): ProbeWorkerCalls => ({
  instrument: async (r) => answer(`${r.path}!`),
  defaultExpression: async (line) => line.trim(),
});

describe('probe worker client', () => {
  it('starts no worker until the first call, then reuses it', async () => {
    const { client, workers } = setup(working);
    expect(workers).toHaveLength(0);
    expect(await client.instrument(request)).toEqual(answer('src/main.ts!'));
    expect(await client.defaultExpression('  a ')).toBe('a');
    expect(workers).toHaveLength(1);
  });

  it('replaces a worker that crashes during a call and answers from the new one', async () => {
    const { client, workers } = setup((n, worker) =>
      n === 0
        ? {
            ...working(),
            instrument: () =>
              new Promise(() => queueMicrotask(() => worker.crash('out of memory'))),
          }
        : working(),
    );
    expect(await client.instrument(request)).toEqual(answer('src/main.ts!'));
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.terminated).toBe(false);
  });

  it('gives up after one restart, with a message that says so, and starts afresh on the next call', async () => {
    let healthy = false;
    const { client, workers } = setup((_n, worker) => ({
      ...working(),
      instrument: (r) =>
        healthy
          ? Promise.resolve(answer(r.path))
          : new Promise(() => queueMicrotask(() => worker.crash('boom'))),
    }));
    await expect(client.instrument(request)).rejects.toThrow(
      'The probe worker stopped working: the probe worker failed: boom',
    );
    expect(workers).toHaveLength(2);
    healthy = true;
    expect(await client.instrument(request)).toEqual(answer('src/main.ts'));
    expect(workers).toHaveLength(3);
  });

  it('counts a worker that does not answer in time as dead', async () => {
    const timers: (() => void)[] = [];
    const { client, workers } = setup(
      (n) => (n === 0 ? { ...working(), instrument: () => new Promise(() => {}) } : working()),
      { timeoutMs: 5, setTimeout: (fn: () => void) => timers.push(fn), clearTimeout: () => {} },
    );
    const call = client.instrument(request);
    await Promise.resolve();
    timers[0]!();
    expect(await call).toEqual(answer('src/main.ts!'));
    expect(workers[0]!.terminated).toBe(true);
  });

  it('passes on an error the worker reported without replacing it', async () => {
    const { client, workers } = setup(() => ({
      ...working(),
      instrument: () => Promise.reject(new Error('bad request')),
    }));
    await expect(client.instrument(request)).rejects.toThrow('bad request');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('tries to start a worker again when starting one failed', async () => {
    let fail = true;
    const client = createProbeWorkerClient({
      createWorker: () => {
        if (fail) throw new Error('blocked by policy');
        return fakeWorker() as unknown as Worker;
      },
      connect: working,
    });
    await expect(client.defaultExpression('x')).rejects.toThrow(
      'The probe worker could not start: blocked by policy',
    );
    fail = false;
    expect(await client.defaultExpression('x')).toBe('x');
  });

  it('terminates the worker on dispose; calls under way and after it reject', async () => {
    const { client, workers } = setup(() => ({
      ...working(),
      instrument: () => new Promise(() => {}),
    }));
    const call = client.instrument(request);
    await Promise.resolve();
    client.dispose();
    await expect(call).rejects.toThrow('the probe worker was closed');
    expect(workers[0]!.terminated).toBe(true);
    await expect(client.defaultExpression('x')).rejects.toThrow('The probe worker was closed');
  });
});
