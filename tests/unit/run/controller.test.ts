import { describe, expect, it } from 'vitest';
import {
  createRunController,
  NAVIGATED,
  type RunControllerDeps,
  type RunInfo,
} from '../../../src/run/controller';
import type { BuildResult, Program, Project } from '../../../src/protocol';

const program: Program = { entry: 'src/main.ts', modules: {}, vendor: [], cdn: [] };
const project: Project = {
  name: 'p',
  entry: 'src/main.ts',
  files: { 'src/main.ts': { kind: 'text', text: 'console.log(1)' } },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(overrides: Partial<RunControllerDeps> = {}) {
  const started: { program: Program; run: RunInfo }[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  let stopped = 0;
  const builds: ReturnType<typeof deferred<BuildResult | 'stale'>>[] = [];
  const controller = createRunController({
    build: () => {
      const d = deferred<BuildResult | 'stale'>();
      builds.push(d);
      return d.promise;
    },
    getProject: () => project,
    getCdnBase: () => 'https://cdn.test/',
    startPreview: (p, run) => started.push({ program: p, run }),
    stopPreview: () => stopped++,
    now: () => 1_700_000_000_000,
    random: () => 0.5,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
    ...overrides,
  });
  return { controller, started, timers, builds, stopped: () => stopped };
}

const ok = (id = 1): BuildResult => ({ id, program, diagnostics: [], ms: 5 });
const failed: BuildResult = {
  id: 2,
  diagnostics: [
    { severity: 'error', file: 'src/main.ts', line: 3, column: 7, text: 'Expected ";"' },
  ],
  ms: 4,
};

describe('run controller', () => {
  it('asks for a recording with whether the run is to start from tick 0 (Run from start)', async () => {
    const asked: boolean[] = [];
    const { controller, builds } = setup({
      takeRecording: (fresh) => void asked.push(fresh),
    });
    const plain = controller.run();
    builds[0]!.resolve(ok());
    await plain;
    const fresh = controller.run({ fresh: true });
    builds[1]!.resolve(ok());
    await fresh;
    controller.scheduleAutoRun();
    expect(asked).toEqual([false, true]);
  });

  it('starts a shared recording once, with its seed, start time and replay', async () => {
    const recording = { seed: 7, startTime: 42, replay: { tick: 3, inputs: [] } };
    let left: (typeof recording)[] = [recording];
    const { controller, started, builds } = setup({ takeRecording: () => left.pop() });
    const first = controller.run();
    builds[0]!.resolve(ok());
    await first;
    expect(started[0]!.run).toEqual({ runId: 1, ...recording });
    left = [];
    const second = controller.run();
    builds[1]!.resolve(ok());
    await second;
    expect(started[1]!.run).toEqual({ runId: 2, seed: 2 ** 31, startTime: 1_700_000_000_000 });
  });
  it('goes building → starting → running and starts the preview with a seeded run', async () => {
    const { controller, started, builds } = setup();
    const done = controller.run();
    expect(controller.getState().status).toBe('building');
    builds[0]!.resolve(ok());
    await done;
    expect(started).toHaveLength(1);
    expect(started[0]!.run).toEqual({ runId: 1, seed: 2 ** 31, startTime: 1_700_000_000_000 });
    // Not "Running" until the new preview has the program: its handshake does not count.
    expect(controller.getState().status).toBe('starting');
    controller.handleRuntime(1, { type: 'ready' });
    expect(controller.getState().status).toBe('starting');
    controller.handleRuntime(0, { type: 'evaluated' });
    expect(controller.getState().status).toBe('starting');
    controller.handleRuntime(1, { type: 'evaluated' });
    expect(controller.getState().status).toBe('running');
  });

  it('a run paused while starting shows Paused once it starts; an error while starting shows Error', async () => {
    const { controller, builds } = setup();
    let done = controller.run();
    builds[0]!.resolve(ok());
    await done;
    controller.setPaused(true);
    expect(controller.getState().status).toBe('starting');
    controller.handleRuntime(1, { type: 'console', level: 'log', args: [] });
    expect(controller.getState().status).toBe('paused');
    controller.setPaused(false);
    done = controller.run();
    builds[1]!.resolve(ok(2));
    await done;
    controller.handleRuntime(2, { type: 'error', kind: 'load', message: 'no cdn', frames: [] });
    expect(controller.getState()).toMatchObject({ status: 'error', detail: 'no cdn' });
  });

  it('keeps the last good program when a build fails', async () => {
    const { controller, started, builds } = setup();
    let done = controller.run();
    builds[0]!.resolve(ok());
    await done;
    done = controller.run();
    builds[1]!.resolve(failed);
    await done;
    const state = controller.getState();
    expect(state.status).toBe('build-failed');
    expect(state.program).toBe(program);
    expect(state.detail).toBe('src/main.ts:3:7: Expected ";"');
    expect(started).toHaveLength(1);
  });

  it('keeps the diagnostics array while builds say the same (its views re-render on a change only)', async () => {
    const { controller, builds } = setup();
    const warn = (id: number): BuildResult => ({
      ...ok(id),
      diagnostics: [{ severity: 'warning', file: 'src/a.ts', line: 1, text: 'unused' }],
    });
    for (const [i, result] of [ok(1), ok(2), warn(3), warn(4), ok(5)].entries()) {
      const done = controller.run();
      const before = controller.getState().diagnostics;
      builds[i]!.resolve(result);
      await done;
      const same = controller.getState().diagnostics === before;
      expect([i, same]).toEqual([i, i !== 2 && i !== 4]);
    }
  });

  it('drops a stale build: only the latest run is shown', async () => {
    const { controller, started, builds } = setup();
    const first = controller.run();
    const second = controller.run();
    builds[1]!.resolve(ok(2));
    await second;
    builds[0]!.resolve(ok(1));
    await first;
    expect(started).toHaveLength(1);
    expect(controller.getState().runId).toBe(1);
  });

  it('debounces auto-run and honours the switch', () => {
    const { controller, timers } = setup();
    controller.scheduleAutoRun();
    controller.scheduleAutoRun();
    expect(timers.map((t) => t.cleared)).toEqual([true, false]);
    expect(timers[1]!.ms).toBe(300);
    controller.setAutoRun(false);
    expect(timers[1]!.cleared).toBe(true);
    controller.scheduleAutoRun();
    expect(timers).toHaveLength(2);
  });

  it('runs a project just opened without the debounce, once the task is done, and only with auto-run on', async () => {
    const { controller, timers, builds } = setup();
    controller.scheduleAutoRun();
    controller.scheduleAutoRun({ now: true });
    // The pending debounce gives way; the run starts after the current task, not in it.
    expect(timers.map((t) => t.cleared)).toEqual([true]);
    expect(builds).toHaveLength(0);
    await Promise.resolve();
    expect(builds).toHaveLength(1);
    expect(controller.getState().status).toBe('building');
    controller.setAutoRun(false);
    controller.scheduleAutoRun({ now: true });
    await Promise.resolve();
    expect(builds).toHaveLength(1);
  });

  it('reports runtime errors of the current run only', async () => {
    const { controller, builds } = setup();
    const done = controller.run();
    builds[0]!.resolve(ok());
    await done;
    controller.handleRuntime(1, { type: 'evaluated' });
    controller.handleRuntime(0, { type: 'error', kind: 'uncaught', message: 'old', frames: [] });
    expect(controller.getState().status).toBe('running');
    controller.handleRuntime(1, { type: 'error', kind: 'uncaught', message: 'boom', frames: [] });
    expect(controller.getState()).toMatchObject({ status: 'error', detail: 'boom' });
  });

  it('stops a hung preview and says so; the next run recovers', async () => {
    const { controller, builds, stopped, started } = setup();
    let done = controller.run();
    builds[0]!.resolve(ok());
    await done;
    controller.handleHang(1, 12);
    expect(stopped()).toBe(1);
    expect(controller.getState()).toMatchObject({ status: 'not-responding', hungAt: 12 });
    expect(controller.getState().detail).toContain('at tick 12');
    done = controller.run();
    builds[1]!.resolve(ok(2));
    await done;
    controller.handleRuntime(2, { type: 'evaluated' });
    expect(controller.getState().status).toBe('running');
    expect(controller.getState().hungAt).toBeUndefined();
    expect(started).toHaveLength(2);
  });

  it('a preview that navigated away ends its run with that reason, never as a hang', async () => {
    const { controller, builds, stopped } = setup();
    const done = controller.run();
    builds[0]!.resolve(ok());
    await done;
    controller.handleRuntime(1, { type: 'evaluated' });
    controller.handleRuntime(1, { type: 'navigated' });
    expect(stopped()).toBe(1);
    expect(controller.getState()).toMatchObject({ status: 'error', detail: NAVIGATED });
  });

  it('a preview the app stopped (it flooded the app) ends its run with the reason, once', async () => {
    const { controller, builds, stopped } = setup();
    const done = controller.run();
    builds[0]!.resolve(ok());
    await done;
    controller.handleStopped(2, 'not this run');
    expect(stopped()).toBe(0);
    controller.handleStopped(1, 'posted too much');
    controller.handleStopped(1, 'posted too much');
    expect(stopped()).toBe(1);
    expect(controller.getState()).toMatchObject({ status: 'error', detail: 'posted too much' });
  });

  it('shows a dead bundler as a failed build with its reason', async () => {
    const errors: Error[] = [];
    const { controller, builds } = setup({ onBundlerError: (e) => errors.push(e) });
    const done = controller.run();
    builds[0]!.reject(new Error('The bundler stopped working: crashed twice'));
    await done;
    expect(controller.getState()).toMatchObject({
      status: 'build-failed',
      detail: 'The bundler stopped working: crashed twice',
    });
    expect(errors).toHaveLength(1);
  });
});

describe('beforeRun', () => {
  it('saves while building, from the same project state, and starts the program only once saved', async () => {
    const saved = deferred<void>();
    const order: string[] = [];
    const { controller, builds, started } = setup({
      beforeRun: () => {
        order.push('save');
        return saved.promise;
      },
      getProject: () => {
        order.push('read project');
        return project;
      },
    });
    const running = controller.run();
    expect(controller.getState().status).toBe('building');
    await Promise.resolve();
    expect(builds).toHaveLength(1);
    builds[0]!.resolve(ok());
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toHaveLength(0);
    expect(controller.getState().status).toBe('building');
    saved.resolve();
    await running;
    expect(order).toEqual(['save', 'read project']);
    expect(started).toHaveLength(1);
    expect(controller.getState().status).toBe('starting');
  });

  it('still runs when saving fails, and a newer run supersedes one waiting to save', async () => {
    let calls = 0;
    const { controller, builds, started } = setup({
      beforeRun: () => {
        calls++;
        return calls === 1
          ? new Promise<void>((r) => setTimeout(r, 5))
          : Promise.reject(new Error('quota'));
      },
    });
    const first = controller.run();
    const second = controller.run();
    builds[0]!.resolve(ok(1));
    builds[1]!.resolve(ok(2));
    await new Promise((r) => setTimeout(r, 10));
    await Promise.all([first, second]);
    expect(started).toHaveLength(1);
    expect(controller.getState()).toMatchObject({ status: 'starting', runId: 1 });
  });
});
