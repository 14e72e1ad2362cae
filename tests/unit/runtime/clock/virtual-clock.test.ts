import { describe, expect, it } from 'vitest';
import { installVirtualClock } from '../../../../src/runtime/clock/virtual-clock.ts';
import { fakeWindow } from './fake-window.ts';

const START = Date.UTC(2024, 0, 1);

function setup() {
  const win = fakeWindow();
  const errors: unknown[] = [];
  const clock = installVirtualClock(win, { startTime: START, reportError: (e) => errors.push(e) });
  const log: string[] = [];
  return { win, clock, log, errors };
}

/** Runs every pending tick (bounded), returning the number run. */
function drain(clock: ReturnType<typeof setup>['clock'], max = 100) {
  let n = 0;
  while (clock.peek() && n < max) {
    clock.runNext();
    n++;
  }
  return n;
}

describe('virtual clock', () => {
  it('runs timers due at the same time in creation order, one per runNext', () => {
    const { win, clock, log } = setup();
    win.setTimeout(() => log.push('a'), 10);
    win.setTimeout(() => log.push('b'), 5);
    win.setTimeout(() => log.push('c'), 10);
    win.setTimeout(() => log.push('d'), 5);
    clock.runNext();
    expect(log).toEqual(['b']);
    drain(clock);
    expect(log).toEqual(['b', 'd', 'a', 'c']);
    expect(clock.now()).toBe(START + 10);
  });

  it('peeks the next due timer without running it (fake-timers timerHeap, pinned 15.5)', () => {
    const { win, clock, log } = setup();
    expect(clock.peek()).toBeNull();
    win.setTimeout(() => log.push('x'), 30);
    win.setInterval(() => log.push('i'), 20);
    expect(clock.peek()).toMatchObject({
      at: START + 20,
      label: expect.stringMatching(/^Interval#/),
    });
    expect(log).toEqual([]);
    expect(clock.pending()).toBe(2);
  });

  it('repeats intervals and stops them when cleared inside their own callback', () => {
    const { win, clock, log } = setup();
    let n = 0;
    const id = win.setInterval(() => {
      log.push(`i${++n}@${win.Date.now() - START}`);
      if (n === 3) win.clearInterval(id);
    }, 100);
    expect(drain(clock)).toBe(3);
    expect(log).toEqual(['i1@100', 'i2@200', 'i3@300']);
    expect(n).toBe(3);
  });

  it('runs nested timers in later ticks and honours timers cleared before they run', () => {
    const { win, clock, log } = setup();
    win.setTimeout(() => {
      log.push(`outer@${win.Date.now() - START}`);
      win.setTimeout(() => log.push(`inner@${win.Date.now() - START}`), 0);
      const doomed = win.setTimeout(() => log.push('cleared'), 5);
      win.setTimeout(() => win.clearTimeout(doomed), 1);
    }, 10);
    clock.runNext();
    expect(log).toEqual(['outer@10']);
    drain(clock);
    // A 0 ms timer made during a tick is due 1 ms later (fake-timers' rule; deterministic).
    expect(log).toEqual(['outer@10', 'inner@11']);
  });

  it('batches all animation frame callbacks of a frame into one tick with one timestamp', () => {
    const { win, clock, log } = setup();
    win.requestAnimationFrame((t) => log.push(`a${t}`));
    const cancelled = win.requestAnimationFrame(() => log.push('cancelled'));
    win.requestAnimationFrame((t) => {
      log.push(`b${t}`);
      win.requestAnimationFrame((t2) => log.push(`next${t2}`));
    });
    win.cancelAnimationFrame(cancelled);
    expect(clock.peek()?.label).toBe('frame');
    clock.runNext();
    expect(log).toEqual(['a17', 'b17']);
    clock.runNext();
    expect(log).toEqual(['a17', 'b17', 'next33']);
    expect(clock.peek()).toBeNull();
  });

  it('honours cancellation by an earlier callback of the same frame', () => {
    const { win, clock, log } = setup();
    let second = 0;
    win.requestAnimationFrame(() => {
      log.push('first');
      win.cancelAnimationFrame(second);
    });
    second = win.requestAnimationFrame(() => log.push('second'));
    clock.runNext();
    expect(log).toEqual(['first']);
  });

  it('keeps frames on a 60 Hz grid and reports a throwing frame callback without losing others', () => {
    const { win, clock, log, errors } = setup();
    const stamps: number[] = [];
    const loop = (t: number) => {
      stamps.push(t);
      if (stamps.length < 6) win.requestAnimationFrame(loop);
    };
    win.requestAnimationFrame(() => {
      throw new Error('boom');
    });
    win.requestAnimationFrame(loop);
    drain(clock);
    expect(stamps).toEqual([17, 33, 50, 67, 83, 100]);
    expect(errors).toHaveLength(1);
    expect(log).toEqual([]);
  });

  it('moves Date and performance.now with virtual time only', () => {
    const { win, clock } = setup();
    expect(win.Date.now()).toBe(START);
    expect(new win.Date().getTime()).toBe(START);
    const p0 = win.performance.now();
    win.setTimeout(() => {}, 250);
    clock.runNext();
    expect(win.Date.now()).toBe(START + 250);
    expect(win.performance.now() - p0).toBe(250);
    clock.advanceTo(START + 400);
    expect(win.Date.now()).toBe(START + 400);
  });

  it('advanceTo never runs a timer', () => {
    const { win, clock, log } = setup();
    win.setTimeout(() => log.push('t'), 100);
    clock.advanceTo(START + 500);
    expect(log).toEqual([]);
    expect(clock.now()).toBe(START + 99);
  });

  it('hides the clock object from the program', () => {
    const { win } = setup();
    const dateClock = (win.Date as unknown as { clock?: Record<string, unknown> }).clock;
    expect(dateClock?.tick).toBeUndefined();
    expect(dateClock?.next).toBeUndefined();
    expect((win.setTimeout as unknown as { clock?: unknown }).clock).toBeUndefined();
  });

  it('counts timers created by the program', () => {
    const { win, clock } = setup();
    win.setTimeout(() => {}, 1);
    win.setInterval(() => {}, 1);
    expect(clock.created()).toBe(2);
  });
});
