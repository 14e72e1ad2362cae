import { describe, expect, it } from 'vitest';
import { createBackgroundGate } from '../../../src/preview/background-gate';

/** A gate on hand-driven frames and timers. */
function setup(maxHoldMs?: number, startHeld?: boolean) {
  let frames: (() => void)[] = [];
  const timers = new Map<number, () => void>();
  let next = 0;
  const gate = createBackgroundGate({
    frame: (callback) => frames.push(callback),
    setTimer: (callback) => (timers.set(++next, callback), next),
    clearTimer: (handle) => timers.delete(handle as number),
    maxHoldMs,
    startHeld,
  });
  const paint = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback();
  };
  const timeout = () => {
    const due = [...timers.values()];
    timers.clear();
    for (const callback of due) callback();
  };
  const done: string[] = [];
  const work = (name: string) => () => done.push(name);
  return { gate, paint, timeout, done, work };
}

describe('background gate', () => {
  it('runs work at once while no run is starting', () => {
    const { gate, done, work } = setup();
    gate.whenOpen(work('spare'));
    expect(done).toEqual(['spare']);
  });

  it('holds work while a run starts, until its first frame ran and the app painted twice', () => {
    const { gate, paint, done, work } = setup();
    gate.hold();
    const spare = work('spare');
    gate.whenOpen(spare);
    gate.whenOpen(spare); // asked again (evaluated, then the start's own request): once
    gate.whenOpen(work('checkpoint'));
    paint();
    gate.ticks('playing'); // tick 0, right after evaluation
    paint();
    expect(done).toEqual([]);
    gate.ticks('playing'); // its first frame
    paint();
    expect(done).toEqual([]);
    paint();
    expect(done).toEqual(['spare', 'checkpoint']);
    gate.whenOpen(work('later'));
    expect(done).toEqual(['spare', 'checkpoint', 'later']);
  });

  it('holds a replay until it rests at its tick', () => {
    const { gate, paint, done, work } = setup();
    gate.hold();
    gate.whenOpen(work('spare'));
    gate.ticks('replaying');
    gate.ticks('replaying');
    paint();
    paint();
    expect(done).toEqual([]);
    gate.ticks('paused');
    paint();
    paint();
    expect(done).toEqual(['spare']);
  });

  it('waits for the newer run when another starts meanwhile', () => {
    const { gate, paint, done, work } = setup();
    gate.hold();
    gate.whenOpen(work('spare'));
    gate.ticks('paused');
    paint();
    gate.hold();
    paint();
    expect(done).toEqual([]);
    gate.ticks('paused');
    paint();
    paint();
    expect(done).toEqual(['spare']);
  });

  it('gives up waiting on a run that never reports, and opens for a promoted checkpoint', () => {
    const { gate, timeout, done, work } = setup(1000);
    gate.hold();
    gate.whenOpen(work('spare'));
    timeout();
    expect(done).toEqual(['spare']);
    gate.hold();
    gate.whenOpen(work('again'));
    gate.open();
    expect(done).toEqual(['spare', 'again']);
  });

  it('can start held, until the first run settles', () => {
    const { gate, paint, done, work } = setup(1000, true);
    gate.whenOpen(work('second spare'));
    paint();
    expect(done).toEqual([]);
    gate.hold();
    gate.ticks('paused');
    paint();
    paint();
    expect(done).toEqual(['second spare']);
  });
});
