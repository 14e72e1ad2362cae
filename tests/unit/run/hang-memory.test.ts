import { describe, expect, it } from 'vitest';
import { createHangMemory, HANG_KEY } from '../../../src/run/hang-memory';
import { createHangWatch } from '../../../src/run/hang-watch';
import type { RunState, RunStatus } from '../../../src/run/controller';

const fakeStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

const throwing = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('quota');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

describe('createHangMemory', () => {
  it('remembers a hang with project and time, reads it back, forgets it', () => {
    const storage = fakeStorage();
    const memory = createHangMemory(storage, () => 1234);
    expect(memory.read()).toBeNull();
    memory.remember('My sketch');
    expect(JSON.parse(storage.data.get(HANG_KEY)!)).toEqual({ project: 'My sketch', at: 1234 });
    expect(createHangMemory(storage).read()).toEqual({ project: 'My sketch', at: 1234 });
    memory.forget();
    expect(memory.read()).toBeNull();
    expect(storage.data.has(HANG_KEY)).toBe(false);
  });

  it('reads junk as no hang, and tolerates storage that throws or is missing', () => {
    for (const junk of ['{', '1', 'null', '{"project":1,"at":2}', '{"project":"p"}']) {
      expect(createHangMemory(fakeStorage({ [HANG_KEY]: junk })).read()).toBeNull();
    }
    for (const storage of [throwing, null]) {
      const memory = createHangMemory(storage);
      expect(() => memory.remember('p')).not.toThrow();
      expect(memory.read()).toBeNull();
      expect(() => memory.forget()).not.toThrow();
    }
  });
});

/** A controller stand-in whose state the test sets, and timers the test fires. */
const setup = (stored: Record<string, string> = {}) => {
  const storage = fakeStorage(stored);
  let state = { status: 'idle', runId: 0 } as RunState;
  const listeners = new Set<() => void>();
  let runs = 0;
  const controller = {
    getState: () => state,
    subscribe: (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn)),
    run: () => ((runs += 1), Promise.resolve()),
  };
  const set = (status: RunStatus, runId = state.runId) => {
    state = { ...state, status, runId };
    listeners.forEach((fn) => fn());
  };
  const timers: { fn: () => void; cleared: boolean }[] = [];
  const watch = createHangWatch({
    memory: createHangMemory(storage, () => 99),
    controller,
    projectName: () => 'Demo',
    healthyAfterMs: 10_000,
    setTimer: (fn) => timers.push({ fn, cleared: false }) - 1,
    clearTimer: (i) => void (timers[i as number]!.cleared = true),
  });
  const fireTimers = () => timers.filter((t) => !t.cleared).forEach((t) => t.fn());
  return { storage, watch, set, fireTimers, runs: () => runs };
};

const HUNG = { [HANG_KEY]: JSON.stringify({ project: 'Demo', at: 1 }) };

describe('createHangWatch', () => {
  it('remembers a run that stops responding', () => {
    const { storage, watch, set } = setup();
    expect(watch.getState()).toEqual({ held: null, banner: false });
    set('running', 1);
    set('not-responding');
    expect(JSON.parse(storage.data.get(HANG_KEY)!)).toEqual({ project: 'Demo', at: 99 });
  });

  it('a load after a hang holds auto-run and shows the banner; Dismiss hides it only', () => {
    const { watch, runs } = setup(HUNG);
    expect(watch.getState()).toEqual({ held: { project: 'Demo', at: 1 }, banner: true });
    watch.dismiss();
    expect(watch.getState()).toEqual({ held: { project: 'Demo', at: 1 }, banner: false });
    expect(runs()).toBe(0);
  });

  it('Run anyway runs; a run still answering after the window clears the hang', () => {
    const { storage, watch, set, fireTimers, runs } = setup(HUNG);
    watch.runAnyway();
    expect(runs()).toBe(1);
    expect(watch.getState().banner).toBe(false);
    set('running', 1);
    expect(watch.getState().held).not.toBeNull();
    fireTimers();
    expect(watch.getState()).toEqual({ held: null, banner: false });
    expect(storage.data.has(HANG_KEY)).toBe(false);
  });

  it('a run that hangs again inside the window keeps the hang remembered', () => {
    const { storage, watch, set, fireTimers } = setup(HUNG);
    set('running', 1);
    set('not-responding');
    fireTimers();
    expect(watch.getState().held).not.toBeNull();
    expect(JSON.parse(storage.data.get(HANG_KEY)!)).toEqual({ project: 'Demo', at: 99 });
  });

  it('a run replaced before the window ends clears nothing (its successor hung)', () => {
    const { storage, set, fireTimers } = setup(HUNG);
    set('running', 1);
    set('building');
    set('running', 2);
    set('not-responding');
    fireTimers();
    expect(storage.data.has(HANG_KEY)).toBe(true);
  });
});
