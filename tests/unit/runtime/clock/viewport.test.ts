import { describe, expect, it } from 'vitest';
import type {
  InputRecord,
  LoopState,
  TickRecord,
  Viewport,
} from '../../../../src/protocol/index.ts';
import { createTickLoop } from '../../../../src/runtime/clock/tick-loop.ts';
import {
  createViewportTracker,
  fingerprintViewport,
  resizeInput,
  resizeTarget,
  VIEWPORT_WAIT_MS,
  waitForViewport,
} from '../../../../src/runtime/clock/viewport.ts';
import { installVirtualClock } from '../../../../src/runtime/clock/virtual-clock.ts';
import { fakeWindow } from './fake-window.ts';

const START = 1_700_000_000_000;

/** A tick loop whose window has a size the test changes, as a pane resize would. */
function setup(size: Viewport, start?: Viewport) {
  const win = Object.assign(fakeWindow(), { innerWidth: size.width, innerHeight: size.height });
  const clock = installVirtualClock(win, { startTime: START, reportError: () => {} });
  const tasks: (() => void)[] = [];
  const frames: ((t: number) => void)[] = [];
  const sent: { records: TickRecord[]; state: LoopState }[] = [];
  /** What the program saw: each dispatched input with innerWidth at that moment. */
  const seen: string[] = [];
  const requests: (Viewport | null)[] = [];
  let real = 0;
  const hop = (fn: () => void) => tasks.push(fn);
  const viewport = createViewportTracker({
    win,
    request: (s) => requests.push(s),
    hop,
    realNow: () => real,
  });
  viewport.start(start);
  const loop = createTickLoop({
    clock,
    hop,
    frame: (fn) => frames.push(fn),
    realNow: () => real,
    reportError: () => {},
    draws: () => 0,
    consoleCount: () => 0,
    consoleText: () => 0,
    domHash: () => 1,
    scene: () => ({ viewport: `${win.innerWidth}×${win.innerHeight}@1`, animations: 0 }),
    dispatchInput: (i) => void seen.push(`${i.tick}:${i.type}@${win.innerWidth}`),
    syncAnimations: () => {},
    send: (records, state) => sent.push({ records, state }),
    viewport,
    liveChange: () => {
      const size = viewport.liveChange();
      return size && resizeInput(size);
    },
  });
  /** Runs queued real tasks, at most `limit` (a wait for a size polls with hops). */
  const drain = (limit = 10_000) => {
    for (let n = 0; tasks.length && n < limit; n++) tasks.shift()!();
  };
  const frame = (t: number) => {
    real = t;
    for (const f of frames.splice(0)) f(t);
    drain();
  };
  const resize = (s: Viewport) => {
    win.innerWidth = s.width;
    win.innerHeight = s.height;
  };
  const records = () => sent.flatMap((s) => s.records);
  const advanceReal = (ms: number) => (real += ms);
  return { win, loop, drain, frame, resize, records, seen, requests, advanceReal };
}

describe('the viewport as a recorded input', () => {
  it('live: a resize of the preview becomes a tick of its own, with the new size, before the next timer', () => {
    const t = setup({ width: 800, height: 600 });
    t.win.setInterval(() => {}, 16);
    t.loop.evaluated();
    t.drain();
    t.frame(20);
    t.resize({ width: 500, height: 600 });
    t.frame(40);
    t.frame(60); // a frame sends the records of the last one
    const resize = t.records().find((r) => r.kind === 'input');
    expect(resize?.input).toMatchObject({
      type: 'resize',
      target: 'window',
      state: { width: 500, height: 600 },
    });
    expect(resize?.viewport).toBe('500×600@1');
    // The program got its resize event at that tick, already at the new size.
    expect(t.seen).toEqual([`${resize!.tick}:resize@500`]);
    // One tick only: the size is seen once, not again at every frame.
    t.frame(80);
    t.frame(100);
    expect(t.records().filter((r) => r.kind === 'input')).toHaveLength(1);
  });

  it('a replay waits for its frame to take the recorded size before the resize tick', () => {
    // Replaying in a frame at 800×600 a run resized to 500×600 at tick 2.
    const t = setup({ width: 800, height: 600 }, { width: 800, height: 600 });
    t.win.setInterval(() => {}, 16);
    const input: InputRecord = {
      ...resizeInput({ width: 500, height: 600 }),
      tick: 2,
      now: START + 16,
    };
    t.loop.evaluated({ tick: 4, inputs: [input] });
    t.drain(50);
    // Asked the host for the size; tick 2 has not run: the frame is not that size yet.
    expect(t.requests).toEqual([{ width: 500, height: 600 }]);
    expect(t.seen).toEqual([]);
    expect(t.loop.tick).toBe(1);
    t.resize({ width: 500, height: 600 });
    t.drain();
    expect(t.seen).toEqual(['2:resize@500']);
    expect(t.loop.tick).toBe(4);
    expect(t.records().map((r) => r.viewport)).toContain('500×600@1');
    expect(t.loop.mode).toBe('paused');
  });

  it('live: a console evaluation after a resize while paused runs after the resize tick', () => {
    const t = setup({ width: 800, height: 600 });
    t.win.setInterval(() => {}, 16);
    t.loop.evaluated();
    t.drain();
    t.loop.pause();
    // The window is resized while paused, then the user evaluates a line: it reads the new
    // size, and so must its replay (the resize before it recorded as its own tick).
    t.resize({ width: 500, height: 600 });
    const evaluation = t.loop.runInput({
      type: 'console-eval',
      ctor: 'Event',
      target: 'window',
      path: [],
      init: {},
      state: { source: 'innerWidth' },
    });
    t.drain();
    expect(evaluation?.tick).toBe(2);
    expect(t.seen).toEqual(['1:resize@500', '2:console-eval@500']);
    expect(t.records().map((r) => `${r.tick}:${r.ran}:${r.viewport}`)).toEqual([
      '0:evaluate:800×600@1',
      '1:resize:500×600@1',
      '2:console-eval:500×600@1',
    ]);
  });

  it('live: a click right after a resize, before the next frame, comes after the resize tick', () => {
    const t = setup({ width: 800, height: 600 });
    t.win.setInterval(() => {}, 16);
    t.loop.evaluated();
    t.drain();
    t.frame(20);
    t.resize({ width: 500, height: 600 });
    const click = t.loop.beginInput({
      type: 'click',
      ctor: 'MouseEvent',
      target: 'window',
      path: [],
      init: {},
    });
    t.frame(40);
    const resize = t.records().find((r) => r.ran === 'resize');
    expect(resize?.tick).toBe(click.tick - 1);
    expect(t.records().find((r) => r.ran === 'click')?.viewport).toBe('500×600@1');
  });

  it('a frame sized for a replay fills the pane again when it goes live, once', () => {
    const t = setup({ width: 800, height: 600 }, { width: 800, height: 600 });
    t.loop.evaluated({ tick: 0, inputs: [] });
    t.drain();
    t.loop.play(1);
    t.loop.pause();
    t.loop.play(1);
    expect(t.requests).toEqual([null]);
  });

  it('a frame playing a recording at its recorded size fills the pane once a live input forks it', () => {
    const t = setup({ width: 800, height: 600 }, { width: 800, height: 600 });
    t.win.setInterval(() => {}, 16);
    t.loop.evaluated({ tick: 0, inputs: [] });
    t.drain();
    t.loop.play(1, { until: 5, inputs: [] });
    expect(t.requests).toEqual([]);
    t.loop.beginInput({ type: 'click', ctor: 'MouseEvent', target: 'window', path: [], init: {} });
    expect(t.requests).toEqual([null]);
  });

  it('a live run never asks to be sized', () => {
    const t = setup({ width: 800, height: 600 });
    t.win.setInterval(() => {}, 16);
    t.loop.evaluated();
    t.drain();
    t.frame(20);
    t.loop.pause();
    t.loop.step();
    t.drain();
    expect(t.requests).toEqual([]);
  });

  it('a tick keeps the size it ran at in its fingerprint, though the frame was resized after it', () => {
    const win = { innerWidth: 538, innerHeight: 383 };
    const tracker = createViewportTracker({
      win,
      request: () => {},
      hop: () => {},
      realNow: () => 0,
    });
    tracker.start();
    win.innerWidth = 553; // between the tick and its record (taken when the next tick starts)
    expect(tracker.seen()).toEqual({ width: 538, height: 383 });
    expect(tracker.liveChange()).toEqual({ width: 553, height: 383 });
    expect(tracker.seen()).toEqual({ width: 553, height: 383 });
  });

  it('only a resize with a size is one (malformed ones replay as plain events)', () => {
    const resize = resizeInput({ width: 3, height: 4 });
    expect(resizeTarget(resize)).toEqual({ width: 3, height: 4 });
    expect(resizeTarget({ ...resize, state: { width: '3', height: 4 } })).toBeNull();
    expect(resizeTarget({ ...resize, state: undefined })).toBeNull();
    expect(resizeTarget({ ...resize, target: 'document' })).toBeNull();
    expect(resizeTarget({ ...resize, type: 'click' })).toBeNull();
  });

  it('a wait for a size gives up (the replay goes on and its fingerprint shows the difference)', () => {
    let real = 0;
    const tasks: (() => void)[] = [];
    let done = false;
    const deps = {
      win: { innerWidth: 10, innerHeight: 10 },
      request: () => {},
      hop: (fn: () => void) => void tasks.push(fn),
      realNow: () => (real += 1),
    };
    waitForViewport(deps, { width: 20, height: 10 }, () => (done = true));
    for (let n = 0; tasks.length && n < VIEWPORT_WAIT_MS / 2; n++) tasks.shift()!();
    expect(done).toBe(false);
    for (let n = 0; tasks.length && n < VIEWPORT_WAIT_MS; n++) tasks.shift()!();
    expect(done).toBe(true);
  });

  it('a replaying frame at another size than recorded shows in the fingerprint; live, the change is the next tick', () => {
    const win = { innerWidth: 507, innerHeight: 383 };
    const tracker = createViewportTracker({
      win,
      request: () => {},
      hop: () => {},
      realNow: () => 0,
    });
    tracker.start({ width: 507, height: 383 });
    // The frame took another size with no resize tick (the window grew, a resize came late).
    win.innerWidth = 627;
    expect(fingerprintViewport(tracker, win, false)).toEqual({ width: 507, height: 383 });
    expect(fingerprintViewport(tracker, win, true)).toEqual({ width: 627, height: 383 });
  });
});
