import { describe, expect, it } from 'vitest';
import { createRetiredFrames } from '../../../src/preview/retired-frames';
import { fakeClock } from '../fake-clock';

/** A stand-in iframe: only `remove` is used. */
const frame = () => {
  const f = { removed: false, remove: () => (f.removed = true) };
  return f as unknown as HTMLIFrameElement & { removed: boolean };
};

const setup = () => {
  const time = fakeClock();
  const retired = createRetiredFrames({
    now: time.clock.now,
    setTimer: time.clock.set,
    clearTimer: time.clock.clear,
    maxMs: 500,
  });
  return { retired, advance: time.advance, pending: time.pending };
};

describe('retired frames', () => {
  it('go when the new run is up, not at the replacement', () => {
    const { retired, pending } = setup();
    const old = frame();
    retired.retire(old, 0);
    expect(old.removed).toBe(false);
    retired.dropReady();
    expect(old.removed).toBe(true);
    expect(pending()).toBe(0);
  });

  it('go after the longest wait when the new run never says it is up', () => {
    const { retired, advance } = setup();
    const old = frame();
    retired.retire(old, 0);
    advance(499);
    expect(old.removed).toBe(false);
    advance(1);
    expect(old.removed).toBe(true);
  });

  it('one kept for a while (it had focus) stays that long, and a stop removes them all', () => {
    const { retired, advance } = setup();
    const focused = frame();
    const other = frame();
    retired.retire(focused, 500);
    retired.retire(other, 0);
    advance(100);
    retired.dropReady();
    expect([focused.removed, other.removed]).toEqual([false, true]);
    retired.dropAll();
    expect(focused.removed).toBe(true);
  });
});
