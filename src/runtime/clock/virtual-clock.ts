/**
 * The preview's virtual clock: @sinonjs/fake-timers (15.5, pinned: `timerHeap` is internal)
 * fakes timers, Date, performance, Intl, requestIdleCallback and scheduler.postTask on the
 * iframe's window. requestAnimationFrame is the runtime's own: every callback of a frame waits
 * behind one clock timer on a 60 Hz grid, so a frame is one tick with one timestamp.
 * setImmediate stubs are defined before installing so they are faked too: React's scheduler
 * prefers setImmediate, and would otherwise escape to the real MessageChannel.
 */
import { withGlobal } from '@sinonjs/fake-timers';
import { apply } from '../safe-reflect.ts';

export interface ClockOptions {
  /** Virtual wall-clock time of the run's start (ms since epoch). */
  startTime: number;
  /** Called with an error thrown by a frame callback (the other callbacks still run). */
  reportError: (error: unknown) => void;
  /**
   * Runs each timer and frame callback of the program, so the browser reports a throw at its
   * site (guarded-call.ts); without it a throw goes to reportError or the clock's caller.
   */
  guard?: (fn: () => void) => void;
}

/** What the next tick runs, for the tick record. */
export interface DueTimer {
  /** Virtual time it is due at (ms since epoch). */
  at: number;
  /** e.g. `Timeout#3`, `Interval#5`, `frame`. */
  label: string;
}

export interface VirtualClock {
  /** Virtual ms since epoch. */
  now(): number;
  /** Virtual performance.now(). */
  perfNow(): number;
  /** The timer (or frame) that runs next; null when nothing is pending. */
  peek(): DueTimer | null;
  /** Runs exactly the next timer or frame (advancing time to it); throws what it throws. */
  runNext(): void;
  /**
   * Moves time forward to `at` without running anything (callers check `peek` first); stops
   * 1 ms short of a timer due at `at`, unless `reach`: then the time is `at` and the timer
   * stays due (a hot swap's input that the old run had before a timer of the same moment).
   */
  advanceTo(at: number, reach?: boolean): void;
  /** Timers and frames pending. */
  pending(): number;
  /** Timers created so far (part of the fingerprint). */
  created(): number;
  /**
   * Runs `fn` as a tick of its own at virtual performance time `perfAt` (now, if that has
   * passed), labelled `label`: the runtime's own work at a virtual moment (an animation's end),
   * not a program timer, so not counted. Returns its cancel.
   */
  schedule(perfAt: number, label: string, fn: () => void): () => void;
}

interface HeapTimer {
  id: number;
  callAt: number;
  type?: string;
}
interface InternalClock {
  now: number;
  timerHeap?: { peek(): HeapTimer | undefined; timers: HeapTimer[] };
  next(): number;
  tick(ms: number): number;
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
  methods: string[];
  Date: unknown;
}

const FRAME_MS = 1000 / 60;

export function installVirtualClock(
  win: Window & typeof globalThis,
  options: ClockOptions,
): VirtualClock {
  const w = win as unknown as Record<string, unknown>;
  // Chromium has none; defined here so fake-timers fakes them (see above).
  if (typeof w.setImmediate !== 'function') {
    w.setImmediate = (fn: () => void) => win.setTimeout(fn, 0);
    w.clearImmediate = (id: number) => win.clearTimeout(id);
  }
  const clock = withGlobal(win).install({
    now: options.startTime,
    toNotFake: ['queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'nextTick'],
    ignoreMissingTimers: true,
  } as Parameters<ReturnType<typeof withGlobal>['install']>[0]) as unknown as InternalClock;
  const start = options.startTime;
  const guard = options.guard;
  let created = 0;

  // Frames: one clock timer per frame, all callbacks of the frame behind it.
  const callbacks = new Map<number, FrameRequestCallback>();
  let running: Map<number, FrameRequestCallback> | null = null;
  let nextHandle = 1;
  let frameTimer: number | null = null;
  const runFrame = () => {
    frameTimer = null;
    running = new Map(callbacks);
    callbacks.clear();
    const stamp = clock.now - start;
    for (const [handle, cb] of running) {
      if (!running.has(handle)) continue; // cancelled by an earlier callback of this frame
      if (guard) guard(() => cb(stamp));
      else
        try {
          cb(stamp);
        } catch (error) {
          options.reportError(error);
        }
    }
    running = null;
  };
  const scheduleFrame = () => {
    if (frameTimer !== null) return;
    const p = clock.now - start;
    let k = Math.floor(p / FRAME_MS) + 1;
    while (Math.round(k * FRAME_MS) <= p) k++;
    // Number(): in Node (unit tests) fake-timers returns timer objects.
    frameTimer = Number(clock.setTimeout(runFrame, Math.round(k * FRAME_MS) - p));
  };
  w.requestAnimationFrame = function requestAnimationFrame(cb: FrameRequestCallback) {
    if (typeof cb !== 'function') {
      throw new TypeError(
        "Failed to execute 'requestAnimationFrame' on 'Window': parameter 1 is not of type 'Function'.",
      );
    }
    const handle = nextHandle++;
    callbacks.set(handle, cb);
    scheduleFrame();
    return handle;
  };
  w.cancelAnimationFrame = function cancelAnimationFrame(handle: number) {
    callbacks.delete(handle);
    running?.delete(handle);
    if (callbacks.size === 0 && frameTimer !== null) {
      clock.clearTimeout(frameTimer);
      frameTimer = null;
    }
  };

  // Count timers created by the program (frames count once each).
  for (const name of ['setTimeout', 'setInterval', 'setImmediate', 'requestIdleCallback']) {
    const fn = w[name];
    if (typeof fn !== 'function') continue;
    w[name] = Object.defineProperty(
      function (this: unknown, ...args: unknown[]) {
        created++;
        const cb = args[0];
        if (guard && typeof cb === 'function')
          args[0] = function (this: unknown, ...cbArgs: unknown[]) {
            guard(() => void apply(cb, this, cbArgs));
          };
        return (fn as (...a: unknown[]) => unknown).apply(this, args);
      },
      'name',
      { value: name },
    );
  }

  // Hide the clock from user code: `Date.clock.tick(…)` would break replays. Date and Intl
  // read `.clock.now` themselves, so they keep a read-only view of just that.
  const view = Object.freeze({
    get now() {
      return clock.now;
    },
  });
  for (const name of clock.methods) {
    const target = w[name] as Record<string, unknown> | undefined;
    if (!target || (typeof target !== 'object' && typeof target !== 'function')) continue;
    if (!Object.prototype.hasOwnProperty.call(target, 'clock')) continue;
    try {
      if (name === 'Date' || name === 'Intl')
        Object.defineProperty(target, 'clock', {
          value: view,
          writable: false,
          configurable: false,
          enumerable: false,
        });
      else delete target.clock;
    } catch {
      // A frozen object keeps it; nothing to do.
    }
  }

  const peekTimer = () => clock.timerHeap?.peek();
  /** The runtime's own scheduled ticks (`schedule`), by timer id: their labels. */
  const scheduled = new Map<number, string>();
  return {
    now: () => clock.now,
    perfNow: () => clock.now - start,
    peek() {
      const t = peekTimer();
      if (!t) return null;
      const label =
        t.id === frameTimer ? 'frame' : (scheduled.get(t.id) ?? `${t.type ?? 'Timeout'}#${t.id}`);
      return { at: t.callAt, label };
    },
    runNext() {
      if (peekTimer()) clock.next();
    },
    advanceTo(at, reach = false) {
      const next = peekTimer();
      // clock.tick runs timers due at the end of the range too, so stop 1 ms short of one.
      const target = next ? Math.min(at, next.callAt - 1) : at;
      if (target > clock.now) clock.tick(target - clock.now);
      // What clock.tick itself does once the timers before `at` have run.
      if (reach && next && next.callAt >= at && at > clock.now) clock.now = at;
    },
    pending: () => clock.timerHeap?.timers.length ?? 0,
    created: () => created,
    schedule(perfAt, label, fn) {
      const delay = Math.max(0, perfAt - (clock.now - start));
      const id = Number(
        clock.setTimeout(() => {
          scheduled.delete(id);
          if (guard) guard(fn);
          else
            try {
              fn();
            } catch (error) {
              options.reportError(error);
            }
        }, delay),
      );
      scheduled.set(id, label);
      return () => {
        if (scheduled.delete(id)) clock.clearTimeout(id);
      };
    },
  };
}
