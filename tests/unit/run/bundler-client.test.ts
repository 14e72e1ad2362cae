import { describe, expect, it, vi } from 'vitest';
import {
  programReply,
  type BuildReply,
  type BuildRequest,
  type Program,
  type SentModules,
} from '../../../src/protocol';
import { createBundlerClient } from '../../../src/run/bundler-client';

class FakeWorker extends EventTarget {
  terminated = false;
  terminate() {
    this.terminated = true;
  }
  crash(message = 'boom') {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

interface Call {
  request: BuildRequest;
  worker: FakeWorker;
  resolve(reply: BuildReply): void;
  reject(error: Error): void;
}

/** Fake workers whose builds the test answers by hand. */
const setup = (timeoutMs?: number, holdBuildsUntil?: Promise<unknown>) => {
  const workers: FakeWorker[] = [];
  const calls: Call[] = [];
  const onRestart = vi.fn();
  const client = createBundlerClient({
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    connect: (worker) => ({
      build: (request) =>
        new Promise<BuildReply>((resolve, reject) =>
          calls.push({ request, worker: worker as unknown as FakeWorker, resolve, reject }),
        ),
    }),
    onRestart,
    timeoutMs,
    holdBuildsUntil,
  });
  const request = { files: {}, entry: 'src/main.ts', cdnBase: 'https://esm.sh/' };
  const answer = (call: Call | undefined) =>
    call!.resolve({ id: call!.request.id, diagnostics: [], ms: 1 });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { client, workers, calls, onRestart, request, answer, tick };
};

describe('createBundlerClient', () => {
  it('holds builds until told, with the worker started; only the latest held build runs', async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const { client, workers, calls, request, answer, tick } = setup(undefined, held);
    expect(workers).toHaveLength(1);
    const first = client.build(request);
    const second = client.build(request);
    await tick();
    expect(calls).toHaveLength(0);
    expect(await first).toBe('stale');
    open();
    await tick();
    expect(calls.map((c) => c.request.id)).toEqual([2]);
    answer(calls[0]);
    expect(await second).toMatchObject({ id: 2 });
    const third = client.build(request);
    await tick();
    answer(calls[1]);
    expect(await third).toMatchObject({ id: 3 });
  });

  it('starts the worker at once and assigns increasing ids', async () => {
    const { client, workers, calls, request, answer, tick } = setup();
    expect(workers).toHaveLength(1);
    const first = client.build(request);
    await tick();
    answer(calls[0]);
    expect(await first).toEqual({ id: 1, diagnostics: [], ms: 1 });
    const second = client.build(request);
    await tick();
    answer(calls[1]);
    expect(await second).toMatchObject({ id: 2 });
  });

  it('resolves an older build as stale as soon as a newer one starts', async () => {
    const { client, calls, request, answer, tick } = setup();
    const older = client.build(request);
    const newer = client.build(request);
    expect(await older).toBe('stale');
    await tick();
    answer(calls[1]);
    answer(calls[0]); // arrives late: ignored
    expect(await newer).toMatchObject({ id: 2 });
  });

  it('restarts a crashed worker and retries the build once', async () => {
    const { client, workers, calls, onRestart, request, answer, tick } = setup();
    const result = client.build(request);
    await tick();
    workers[0]!.crash();
    await tick();
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(onRestart).toHaveBeenCalledTimes(1);
    expect(calls[1]!.worker).toBe(workers[1]);
    expect(calls[1]!.request.id).toBe(1);
    answer(calls[1]);
    expect(await result).toMatchObject({ id: 1 });
  });

  it('treats a rejected call as a dead worker, and gives up after the retry fails', async () => {
    const { client, workers, calls, request, tick } = setup();
    const result = client.build(request);
    await tick();
    calls[0]!.reject(new Error('init failed'));
    await tick();
    calls[1]!.reject(new Error('init failed again'));
    await expect(result).rejects.toThrow('The bundler stopped working: init failed again');
    expect(workers.map((w) => w.terminated)).toEqual([true, true]);
    // The next build gets a fresh worker.
    void client.build(request);
    await tick();
    expect(workers).toHaveLength(3);
  });

  it('counts a build with no answer in time as a dead worker', async () => {
    const { client, workers, calls, request, answer } = setup(30);
    const result = client.build(request);
    await new Promise((r) => setTimeout(r, 45));
    expect(workers[0]!.terminated).toBe(true);
    answer(calls[1]);
    expect(await result).toMatchObject({ id: 1 });
  });

  it("reads each reply against the one before it, a superseded request's reply included", async () => {
    const { client, workers, calls, request, tick } = setup();
    const module = (code: string) =>
      ({ kind: 'js', code, url: 'playpen:///m', map: '{}', deps: {} }) as const;
    const program = (modules: Program['modules']): Program => ({
      entry: 'src/main.ts',
      modules,
      vendor: [],
      cdn: [],
    });
    // The worker's side: each reply relative to the last one it made.
    let sent: SentModules = new Map();
    const reply = (id: number, p: Program): BuildReply => {
      const delta = programReply(p, sent);
      sent = delta.sent;
      return { id, program: delta.reply, diagnostics: [], ms: 1 };
    };
    const main = module('main');
    const older = client.build(request);
    await tick();
    const newer = client.build(request);
    expect(await older).toBe('stale');
    await tick();
    calls[0]!.resolve(reply(1, program({ 'src/main.ts': main, 'src/a.ts': module('a1') })));
    calls[1]!.resolve(reply(2, program({ 'src/main.ts': main, 'src/a.ts': module('a2') })));
    const result = await newer;
    expect(result !== 'stale' && result.program?.modules).toEqual({
      'src/main.ts': main,
      'src/a.ts': module('a2'),
    });
    // A reply naming a module this end never got: the ends disagree, so the worker is replaced.
    const lost = module('lost');
    sent = new Map([['src/lost.ts', lost]]);
    const third = client.build(request);
    await tick();
    calls[2]!.resolve(reply(3, program({ 'src/lost.ts': lost })));
    await tick();
    expect(workers[0]!.terminated).toBe(true);
    expect(calls[3]!.worker).toBe(workers[1]);
    sent = new Map(); // the new worker starts empty, as does this end's side of it
    calls[3]!.resolve(reply(3, program({ 'src/main.ts': main })));
    const retried = await third;
    expect(retried !== 'stale' && Object.keys(retried.program!.modules)).toEqual(['src/main.ts']);
  });

  it('sends the worker only the files that changed since its previous request', async () => {
    const { client, calls, answer, tick } = setup();
    const a = { kind: 'text', text: 'a' } as const;
    const b = { kind: 'text', text: 'b' } as const;
    const base = { entry: 'a.ts', cdnBase: 'https://esm.sh/' };
    const first = client.build({ ...base, files: { 'a.ts': a, 'b.ts': b } });
    await tick();
    answer(calls[0]);
    await first;
    const edited = { kind: 'text', text: 'b2' } as const;
    const second = client.build({ ...base, files: { 'a.ts': a, 'b.ts': edited } });
    await tick();
    answer(calls[1]);
    await second;
    void client.build({ ...base, files: { 'b.ts': edited, 'c.ts': a } });
    await tick();
    expect(calls.map((c) => [c.request.reset, c.request.changes])).toEqual([
      [true, { 'a.ts': a, 'b.ts': b }],
      [false, { 'b.ts': edited }],
      [false, { 'c.ts': a, 'a.ts': null }],
    ]);
  });

  it('sends every file again to a worker that replaced a crashed one', async () => {
    const { client, workers, calls, answer, tick } = setup();
    const a = { kind: 'text', text: 'a' } as const;
    const files = { 'a.ts': a };
    const base = { entry: 'a.ts', cdnBase: 'https://esm.sh/' };
    const first = client.build({ ...base, files });
    await tick();
    answer(calls[0]);
    await first;
    const result = client.build({ ...base, files });
    await tick();
    workers[0]!.crash();
    await tick();
    answer(calls[2]);
    await result;
    expect(calls.map((c) => [c.request.reset, c.request.changes])).toEqual([
      [true, files],
      [false, {}],
      [true, files],
    ]);
  });

  it('dispose terminates the worker and makes pending builds stale', async () => {
    const { client, workers, request } = setup();
    const pending = client.build(request);
    client.dispose();
    expect(await pending).toBe('stale');
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.build(request)).toBe('stale');
  });
});
