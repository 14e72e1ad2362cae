import { describe, expect, it } from 'vitest';
import type { InputRecord, LoopState, TickRecord } from '../../../../src/protocol/index.ts';
import { createTickLoop } from '../../../../src/runtime/clock/tick-loop.ts';
import { installVirtualClock } from '../../../../src/runtime/clock/virtual-clock.ts';
import { fakeWindow } from './fake-window.ts';

const START = 1_700_000_000_000;

function setup(realStep = 0, speed?: number) {
  const win = fakeWindow();
  const clock = installVirtualClock(win, { startTime: START, reportError: (e) => errors.push(e) });
  const errors: unknown[] = [];
  const tasks: (() => void)[] = [];
  const frames: ((t: number) => void)[] = [];
  const sent: { records: TickRecord[]; state: LoopState }[] = [];
  const dispatched: InputRecord[] = [];
  let real = 0;
  const started: number[] = [];
  const announced: string[] = [];
  /** Animation syncs (which, at virtual performance time), between the ticks' own steps. */
  const events: string[] = [];
  const loop = createTickLoop({
    clock,
    ...(speed !== undefined ? { speed } : {}),
    hop: (fn) => tasks.push(fn),
    frame: (fn) => frames.push(fn),
    realNow: () => (real += realStep),
    reportError: (e) => errors.push(e),
    draws: () => 0,
    consoleCount: () => 0,
    consoleText: () => 0,
    domHash: () => 1,
    scene: () => ({ viewport: '800×600@1', animations: 0 }),
    dispatchInput: (i) => dispatched.push(i),
    syncAnimations: (at, discover = true) =>
      void events.push(`${discover ? 'discover' : 'known'}@${at}`),
    send: (records, state) => sent.push({ records, state }),
    tickStarted: (tick, replaying) => {
      started.push(loop.tick);
      announced.push(`${tick}${replaying ? ' replaying' : ''}`);
    },
  });
  const drainTasks = () => {
    for (let n = 0; tasks.length && n < 10_000; n++) tasks.shift()!();
  };
  const frame = (t: number) => {
    real = t;
    const pending = frames.splice(0);
    for (const f of pending) f(t);
    drainTasks();
  };
  const ticks = () =>
    sent.flatMap((s) => s.records.map((r) => `${r.tick}:${r.kind}:${r.ran}@${r.now - START}`));
  return {
    win,
    clock,
    loop,
    sent,
    dispatched,
    errors,
    drainTasks,
    frame,
    ticks,
    started,
    announced,
    events,
  };
}

describe('tick loop', () => {
  it('tells the loop guard when each timer and input tick starts (replays run many per task)', () => {
    const { win, loop, drainTasks, started, announced } = setup();
    win.setTimeout(() => {}, 10);
    win.setTimeout(() => {}, 20);
    win.setTimeout(() => {}, 30);
    loop.evaluated();
    drainTasks();
    loop.pause();
    loop.runUntil(2, []);
    drainTasks();
    loop.step();
    drainTasks();
    loop.beginInput({ type: 'click', ctor: 'MouseEvent', target: 'window', path: [], init: {} });
    expect(started).toEqual([1, 2, 3, 4]);
    // The host is told of each tick except replayed ones (it names a hung tick from these).
    expect(announced).toEqual(['1 replaying', '2 replaying', '3', '4']);
  });

  it("settles a tick's animations at its time before its task ends (a rendering would start them on real time)", () => {
    const { win, loop, drainTasks, events } = setup();
    win.setTimeout(() => events.push('timer ran'), 10);
    loop.evaluated();
    drainTasks();
    loop.pause();
    events.length = 0;
    loop.step(); // the tick runs in this task; its record is sent after a hop
    expect(events).toHaveLength(3);
    expect(events[1]).toBe('timer ran');
    // Before the code (where it reads them) and after it (a transition it started), same
    // time; only the end looks for new ones (a style flush), the start moves the known ones.
    const at = events[0]!.split('@')[1];
    expect(events[0]).toBe(`known@${at}`);
    expect(events[2]).toBe(`discover@${at}`);
    loop.runInput({ type: 'click', ctor: 'MouseEvent', target: 'window', path: [], init: {} });
    expect(events.slice(3)).toHaveLength(3); // finalize's, before the input, after it
    const inputAt = events[4]!.split('@')[1];
    expect(events.slice(4)).toEqual([`known@${inputAt}`, `discover@${inputAt}`]);
  });

  it('records tick 0, then step runs exactly one timer per call and reports nothing pending', () => {
    const { win, loop, drainTasks, ticks, sent } = setup();
    win.setTimeout(() => {}, 30);
    win.setTimeout(() => {}, 10);
    loop.evaluated();
    drainTasks();
    loop.pause();
    loop.step();
    drainTasks();
    expect(ticks()).toEqual(['0:eval:evaluate@0', '1:timer:Timeout@10']);
    loop.step();
    drainTasks();
    expect(sent.at(-1)!.state).toMatchObject({ mode: 'paused', tick: 2, nextDue: null });
    loop.step();
    drainTasks();
    expect(sent.at(-1)!.state.tick).toBe(2);
  });

  it('plays in virtual time that follows real time, one tick per hop', () => {
    const { win, loop, drainTasks, frame, ticks, clock } = setup();
    win.setInterval(() => {}, 25);
    loop.evaluated();
    drainTasks();
    frame(0);
    frame(60);
    loop.pause(); // records are sent once per real frame, and on pause
    expect(ticks().slice(1)).toEqual(['1:timer:Interval@25', '2:timer:Interval@50']);
    expect(clock.now() - START).toBe(60);
  });

  it('plays at the speed it was created with once evaluated (a new run at the chosen speed)', () => {
    const { win, loop, drainTasks, frame, ticks, clock } = setup(0, 2);
    win.setInterval(() => {}, 25);
    loop.evaluated();
    drainTasks();
    frame(0);
    frame(30);
    loop.pause();
    expect(ticks().slice(1)).toEqual(['1:timer:Interval@25', '2:timer:Interval@50']);
    expect(clock.now() - START).toBe(60);
  });

  it('reports a clock that moves with nothing to run at most every 100 ms, each new tick at once', () => {
    const { win, loop, drainTasks, frame, sent, ticks } = setup();
    loop.evaluated();
    drainTasks();
    const before = sent.length;
    for (let t = 0; t <= 300; t += 16) frame(t);
    // Frames at 0, 112, 224 (not 16, 32, …): the app re-renders its tick text per report.
    expect(sent.length - before).toBe(3);
    // A tick's record goes out with the next frame, whatever the time since the last report.
    win.setTimeout(() => {}, 10);
    frame(316);
    const reports = sent.length;
    frame(332);
    expect(sent.length).toBe(reports + 1);
    expect(ticks().at(-1)).toMatch(/^1:timer/);
  });

  it('falls into slow motion instead of catching up when ticks take longer than the frame budget', () => {
    const { win, loop, drainTasks, frame, clock } = setup(6);
    win.setInterval(() => {}, 1);
    loop.evaluated();
    drainTasks();
    frame(0);
    frame(1000);
    // 100 ms of real time allowed per frame at most, and a 10 ms budget: far fewer than 100 ticks.
    expect(clock.now() - START).toBeLessThan(20);
  });

  it('errors in a tick are reported and the loop goes on', () => {
    const { win, loop, drainTasks, errors, ticks } = setup();
    win.setTimeout(() => {
      throw new Error('boom');
    }, 5);
    win.setTimeout(() => {}, 6);
    loop.evaluated();
    drainTasks();
    loop.pause();
    loop.step();
    drainTasks();
    loop.step();
    drainTasks();
    expect(errors).toHaveLength(1);
    expect(ticks()).toHaveLength(3);
  });

  it('runUntil replays timers and recorded inputs at their ticks, then pauses', () => {
    const { win, loop, drainTasks, dispatched, ticks, sent } = setup();
    win.setInterval(() => {}, 100);
    const click: InputRecord = {
      tick: 2,
      now: START + 150,
      type: 'click',
      ctor: 'MouseEvent',
      target: 'element',
      path: [1],
      init: {},
    };
    loop.evaluated({ tick: 3, inputs: [click] });
    drainTasks();
    expect(dispatched).toEqual([click]);
    expect(ticks()).toEqual([
      '0:eval:evaluate@0',
      '1:timer:Interval@100',
      '2:input:click@150',
      '3:timer:Interval@200',
    ]);
    expect(sent.at(-1)!.state).toMatchObject({ mode: 'paused', tick: 3 });
  });

  it('a live input becomes its own tick at the current virtual time', () => {
    const { loop, drainTasks, ticks } = setup();
    loop.evaluated();
    drainTasks();
    const rec = loop.beginInput({
      type: 'keydown',
      ctor: 'KeyboardEvent',
      target: 'window',
      path: [],
      init: { key: 'a' },
    });
    expect(rec.tick).toBe(1);
    loop.pause();
    expect(ticks().at(-1)).toBe('1:input:keydown@0');
  });

  it('a console evaluation runs at once as the next tick, stays paused, and replays at its tick', () => {
    const { win, loop, drainTasks, ticks, dispatched, sent } = setup();
    win.setTimeout(() => {}, 50);
    loop.evaluated();
    drainTasks();
    loop.pause();
    const evaluation = {
      type: 'console-eval',
      ctor: 'Event',
      target: 'window' as const,
      path: [],
      init: {},
      state: { source: '1 + 1' },
    };
    const input = loop.runInput(evaluation);
    expect(input).toMatchObject({ tick: 1, now: START });
    expect(dispatched).toEqual([input]);
    drainTasks();
    expect(ticks().at(-1)).toBe('1:input:console-eval@0');
    expect(sent.at(-1)!.state).toMatchObject({ mode: 'paused', tick: 1 });
    // While replaying the ticks are the record's: a live one is refused.
    loop.runUntil(3, [input!]);
    expect(loop.runInput(evaluation)).toBeNull();
  });

  describe('playing a recording (Play from a past tick)', () => {
    const click = (tick: number, at: number): InputRecord => ({
      tick,
      now: START + at,
      type: 'click',
      ctor: 'MouseEvent',
      target: 'window',
      path: [],
      init: {},
    });
    const recorded = () => {
      const t = setup();
      t.win.setTimeout(() => {}, 10);
      t.win.setTimeout(() => {}, 20);
      t.loop.evaluated();
      t.drainTasks();
      t.loop.pause();
      t.loop.play(1, { until: 3, inputs: [click(2, 15)] });
      return t;
    };

    it('replays the recorded inputs at their ticks and times, at play speed, then goes live', () => {
      const { loop, frame, ticks, dispatched, sent } = recorded();
      frame(12);
      frame(14); // the click is due at 15: nothing runs before it, not even the timer at 20
      loop.pause();
      expect(ticks()).toEqual(['0:eval:evaluate@0', '1:timer:Timeout@10']);
      loop.play(1, { until: 3, inputs: [click(2, 15)] });
      frame(22);
      frame(30);
      frame(31);
      expect(ticks().slice(2)).toEqual(['2:input:click@15', '3:timer:Timeout@20']);
      expect(dispatched).toEqual([click(2, 15)]);
      expect(sent.some((s) => s.state.forked !== undefined)).toBe(false);
      // Past the recording's end a real event is a new tick, not a fork.
      loop.beginInput({
        type: 'keydown',
        ctor: 'KeyboardEvent',
        target: 'window',
        path: [],
        init: {},
      });
      expect(loop.tick).toBe(4);
      expect(sent.some((s) => s.state.forked !== undefined)).toBe(false);
    });

    it('a live input before the end forks: the host hears first, the recording is left', () => {
      const { loop, frame, ticks, dispatched, sent } = recorded();
      frame(12);
      loop.beginInput({
        type: 'keydown',
        ctor: 'KeyboardEvent',
        target: 'window',
        path: [],
        init: {},
      });
      expect(sent.at(-1)!.state).toMatchObject({ forked: 1, tick: 1 });
      frame(30);
      loop.pause();
      // The recorded click at tick 2 never comes: tick 2 is the live key, then the timer.
      expect(ticks().slice(2)).toEqual(['2:input:keydown@12', '3:timer:Timeout@20']);
      expect(dispatched).toEqual([]);
    });
  });
});
