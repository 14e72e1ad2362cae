import { describe, expect, it } from 'vitest';
import { createConsoleStore, type ConsoleStoreOptions } from '../../../src/console/console-store';
import type { ConsoleLevel, RuntimeMessage, SerializedValue } from '../../../src/protocol';

function fakeScheduler() {
  const queue: (() => void)[] = [];
  const schedule: ConsoleStoreOptions['schedule'] = (fn) => void queue.push(fn);
  const run = () => queue.splice(0).forEach((fn) => fn());
  return { schedule, run, pending: () => queue.length };
}

const str = (v: string): SerializedValue => ({ t: 'string', v });
const log = (level: ConsoleLevel, ...args: string[]): RuntimeMessage => ({
  type: 'console',
  level,
  args: args.map(str),
});
const texts = (store: ReturnType<typeof createConsoleStore>) =>
  store
    .getState()
    .entries.map((e) =>
      e.kind === 'message'
        ? e.args.map((a) => (a.t === 'string' ? a.v : '?')).join(' ')
        : e.kind === 'notice'
          ? `[${e.text}]`
          : e.kind,
    );

describe('console store', () => {
  it('shows the lines the preview dropped as a notice between the lines around them', () => {
    const store = createConsoleStore({ schedule: () => {} });
    store.pushRuntime(log('log', 'line 0'));
    store.pushRuntime({
      type: 'console-dropped',
      tick: 0,
      count: 99_000,
      reason: 'tick',
      kept: 500,
    });
    store.pushRuntime(log('log', 'line 99999'));
    store.pushRuntime({ type: 'console-dropped', tick: 7, count: 1, reason: 'second', kept: 2000 });
    const errors = { type: 'console-dropped', errors: true } as const;
    store.pushRuntime({ ...errors, tick: 8, count: 99_940, reason: 'tick', kept: 50 });
    store.pushRuntime({ ...errors, tick: 9, count: 1, reason: 'second', kept: 100 });
    store.flush();
    expect(texts(store)).toEqual([
      'line 0',
      '[99,000 lines dropped here: tick 0 logged too much (its first 500 lines and its newest are shown)]',
      'line 99999',
      '[1 line dropped from tick 7 on: over 2,000 lines in one second of the run]',
      '[99,940 uncaught errors dropped here: tick 8 threw too much (its first 50 errors and its newest are shown)]',
      '[1 uncaught error dropped from tick 9 on: over 100 errors in one second of the run]',
    ]);
  });

  it('batches notifications: one per scheduled flush, however many pushes', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    let notified = 0;
    store.subscribe(() => notified++);
    const before = store.getState();
    for (let i = 0; i < 1000; i++) store.pushRuntime(log('log', `line ${i}`));
    expect(s.pending()).toBe(1);
    expect(notified).toBe(0);
    expect(store.getState()).toBe(before); // stable until flushed (useSyncExternalStore)
    s.run();
    expect(notified).toBe(1);
    expect(store.getState().entries).toHaveLength(1000);
    expect(store.getState()).toBe(store.getState());
    s.run();
    expect(notified).toBe(1);
  });

  it('applies a message from the preview as one burst, asking for it in the same task', () => {
    const timings: (string | undefined)[] = [];
    const queue: (() => void)[] = [];
    const store = createConsoleStore({
      schedule: (fn, timing) => {
        timings.push(timing);
        queue.push(fn);
      },
    });
    store.pushRuntime({
      type: 'console-batch',
      entries: [
        { level: 'log', args: [str('a')] },
        { level: 'group', args: [str('g')] },
        { level: 'log', args: [str('b')] },
      ],
    });
    // One flush for the whole message, not one per entry, and at once when output was quiet.
    expect(timings).toEqual(['now']);
    queue.splice(0).forEach((fn) => fn());
    expect(texts(store)).toEqual(['a', 'g', 'b']);
    // A message that adds nothing (a lone groupEnd) schedules nothing.
    store.pushRuntime({ type: 'console', level: 'groupEnd', args: [] });
    expect(timings).toEqual(['now']);
    // The app's own notices still wait for the end of the task.
    store.push({ kind: 'notice', text: 'n' });
    expect(timings).toEqual(['now', undefined]);
  });

  it('caps kept entries to the most recent and counts the dropped ones', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule, maxEntries: 50 });
    for (let i = 0; i < 100_000; i++) store.pushRuntime(log('log', `n${i}`));
    s.run();
    const snap = store.getState();
    expect(snap.entries).toHaveLength(50);
    expect(snap.dropped).toBe(100_000 - 50);
    expect(texts(store)[0]).toBe('n99950');
    expect(texts(store)[49]).toBe('n99999');
    expect(snap.counts.log).toBe(50);
    // Ids stay unique and increasing across trims (they are React keys).
    const ids = snap.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('folds identical consecutive messages into a repeat count', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    for (let i = 0; i < 3; i++) store.pushRuntime(log('log', 'tick'));
    store.pushRuntime(log('warn', 'tick')); // another level: not the same message
    store.pushRuntime(log('log', 'tick'));
    store.pushRuntime(log('log', 'tick'));
    s.run();
    const entries = store.getState().entries;
    expect(entries.map((e) => e.repeat)).toEqual([3, 1, 2]);
    expect(store.getState().counts).toMatchObject({ log: 5, warn: 1 });

    const off = createConsoleStore({ schedule: s.schedule, collapseRepeats: false });
    for (let i = 0; i < 3; i++) off.pushRuntime(log('log', 'tick'));
    s.run();
    expect(off.getState().entries).toHaveLength(3);
  });

  it('tracks group nesting, including collapsed groups and stray groupEnd', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    store.pushRuntime(log('groupEnd')); // nothing open: ignored
    store.pushRuntime(log('group', 'outer'));
    store.pushRuntime(log('log', 'a'));
    store.pushRuntime(log('groupCollapsed', 'inner'));
    store.pushRuntime(log('log', 'b'));
    store.pushRuntime(log('groupEnd'));
    store.pushRuntime(log('log', 'c'));
    store.pushRuntime(log('groupEnd'));
    store.pushRuntime(log('log', 'd'));
    s.run();
    const entries = store.getState().entries;
    expect(texts(store)).toEqual(['outer', 'a', 'inner', 'b', 'c', 'd']);
    expect(entries.map((e) => e.depth)).toEqual([0, 1, 1, 2, 1, 0]);
    const [outer, , inner, b] = entries;
    expect(entries.map((e) => e.group)).toEqual([
      null,
      outer?.id,
      outer?.id,
      inner?.id,
      outer?.id,
      null,
    ]);
    expect(b?.group).toBe(inner?.id);
  });

  it('does not fold repeats across a group boundary', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    store.pushRuntime(log('log', 'x'));
    store.pushRuntime(log('group', 'g'));
    store.pushRuntime(log('log', 'x'));
    store.pushRuntime(log('groupEnd'));
    store.pushRuntime(log('log', 'x'));
    s.run();
    expect(store.getState().entries.map((e) => e.repeat)).toEqual([1, 1, 1, 1]);
  });

  it('a notice with a key is kept current: the next one replaces it, at the end', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    store.push({ kind: 'notice', text: 'diverged at 4', key: 'divergence' });
    store.pushRuntime(log('log', 'x'));
    store.push({ kind: 'notice', text: 'other' });
    store.push({ kind: 'notice', text: 'diverged at 4, still at 6', key: 'divergence' });
    s.run();
    expect(texts(store)).toEqual(['x', '[other]', '[diverged at 4, still at 6]']);
  });

  it('clear() empties entries and the dropped count and shows a notice', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule, maxEntries: 3 });
    for (let i = 0; i < 10; i++) store.pushRuntime(log('log', `n${i}`));
    store.pushRuntime(log('group', 'g'));
    s.run();
    expect(store.getState().dropped).toBe(8);
    store.clear();
    store.pushRuntime(log('log', 'after'));
    s.run();
    expect(texts(store)).toEqual(['[Console was cleared]', 'after']);
    expect(store.getState().dropped).toBe(0);
    expect(store.getState().entries[1]?.depth).toBe(0); // host clear closes groups

    store.clear(null);
    s.run();
    expect(store.getState().entries).toEqual([]);
  });

  it("program's console.clear keeps its open groups", () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    store.pushRuntime(log('group', 'g'));
    store.pushRuntime(log('log', 'before'));
    store.pushRuntime(log('clear'));
    store.pushRuntime(log('log', 'inside'));
    s.run();
    expect(texts(store)).toEqual(['[Console was cleared]', 'inside']);
    expect(store.getState().entries[1]?.depth).toBe(1);
  });

  it('records runtime errors, counts diagnostics by severity, ignores other messages', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    store.pushRuntime({ type: 'ready' });
    store.pushRuntime({
      type: 'error',
      kind: 'unhandledrejection',
      message: 'Uncaught (in promise) 42',
      value: { t: 'number', v: 42 },
      frames: [{ url: 'https://cdn.example/x.js', line: 1, column: 2 }],
    });
    store.push({ kind: 'diagnostic', diagnostic: { severity: 'warning', text: 'unused' } });
    store.push({
      kind: 'diagnostic',
      diagnostic: { severity: 'error', file: 'src/a.ts', line: 1, column: 2, text: 'bad' },
    });
    s.run();
    const [err] = store.getState().entries;
    expect(err).toMatchObject({
      kind: 'error',
      source: 'unhandledrejection',
      value: { t: 'number', v: 42 },
      frames: [{ file: 'https://cdn.example/x.js', line: 1, column: 2, mapped: false }],
    });
    expect(store.getState().counts).toMatchObject({ error: 2, warn: 1 });
  });

  it('applies a console-batch in order, groups included', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    store.pushRuntime({
      type: 'console-batch',
      entries: [
        { level: 'group', args: [str('g')] },
        { level: 'log', args: [str('a')] },
        { level: 'log', args: [str('a')] },
        { level: 'groupEnd', args: [] },
        { level: 'info', args: [str('b')] },
      ],
    });
    s.run();
    const entries = store.getState().entries;
    expect(texts(store)).toEqual(['g', 'a', 'b']);
    expect(entries.map((e) => [e.depth, e.repeat])).toEqual([
      [0, 1],
      [1, 2],
      [0, 1],
    ]);
  });

  it('unsubscribe stops notifications; flush() notifies synchronously', () => {
    const s = fakeScheduler();
    const store = createConsoleStore({ schedule: s.schedule });
    let n = 0;
    const off = store.subscribe(() => n++);
    store.push({ kind: 'notice', text: 'Run started' });
    store.flush();
    expect(n).toBe(1);
    off();
    store.push({ kind: 'notice', text: 'again' });
    s.run();
    expect(n).toBe(1);
    expect(store.getState().entries).toHaveLength(2);
  });
  it('a held clear keeps the last run shown until the new output comes, then shows only that', () => {
    const s = fakeScheduler();
    const timers: { fn: () => void; ms: number }[] = [];
    const store = createConsoleStore({
      schedule: s.schedule,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => {},
    });
    store.pushRuntime(log('log', 'old run'));
    s.run();
    store.clear(null, { holdMs: 250 });
    expect(s.pending()).toBe(0);
    expect(texts(store)).toEqual(['old run']);
    store.pushRuntime(log('log', 'new run'));
    s.run();
    expect(texts(store)).toEqual(['new run']);
    // The deadline passing later changes nothing.
    timers[0]!.fn();
    expect(s.pending()).toBe(0);
  });

  it('a held clear with no new output empties the console at its deadline', () => {
    const s = fakeScheduler();
    const timers: { fn: () => void; ms: number }[] = [];
    const store = createConsoleStore({
      schedule: s.schedule,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => {},
    });
    store.pushRuntime(log('log', 'old run'));
    s.run();
    store.clear(null, { holdMs: 250 });
    expect(timers.map((t) => t.ms)).toEqual([250]);
    timers[0]!.fn();
    s.run();
    expect(texts(store)).toEqual([]);
  });
});
