import { describe, expect, it } from 'vitest';
import { createLeadingFrameSchedule } from '../../../src/console/flush-schedule';

function fakePage() {
  let now = 1000;
  const microtasks: (() => void)[] = [];
  const frames: (() => void)[] = [];
  return {
    deps: {
      now: () => now,
      frame: (fn: () => void) => void frames.push(fn),
      microtask: (fn: () => void) => void microtasks.push(fn),
    },
    advance: (ms: number) => (now += ms),
    endTask: () => microtasks.splice(0).forEach((fn) => fn()),
    nextFrame: () => frames.splice(0).forEach((fn) => fn()),
    waiting: () => ({ microtasks: microtasks.length, frames: frames.length }),
  };
}

describe('leading-frame flush schedule', () => {
  it('applies the first burst after a quiet spell at the end of its task, not a frame later', () => {
    const page = fakePage();
    const schedule = createLeadingFrameSchedule(page.deps);
    const flushed: string[] = [];
    schedule(() => flushed.push('first line'));
    expect(page.waiting()).toEqual({ microtasks: 1, frames: 0 });
    page.endTask();
    expect(flushed).toEqual(['first line']);
  });

  it('coalesces a flood into one flush per frame once output is flowing', () => {
    const page = fakePage();
    const schedule = createLeadingFrameSchedule(page.deps);
    let flushes = 0;
    schedule(() => flushes++);
    page.endTask();
    page.advance(2);
    schedule(() => flushes++);
    expect(page.waiting()).toEqual({ microtasks: 0, frames: 1 });
    page.nextFrame();
    expect(flushes).toBe(2);
    // Quiet again for a frame's length: the next line is leading again.
    page.advance(40);
    schedule(() => flushes++);
    expect(page.waiting()).toEqual({ microtasks: 1, frames: 0 });
  });

  it("with 'now', runs a leading flush in the caller's task; within a frame it still waits", () => {
    const page = fakePage();
    const schedule = createLeadingFrameSchedule(page.deps);
    const flushed: string[] = [];
    schedule(() => flushed.push('first message'), 'now');
    expect(flushed).toEqual(['first message']);
    expect(page.waiting()).toEqual({ microtasks: 0, frames: 0 });
    page.advance(3);
    schedule(() => flushed.push('second message'), 'now');
    expect(flushed).toEqual(['first message']);
    expect(page.waiting()).toEqual({ microtasks: 0, frames: 1 });
    page.nextFrame();
    expect(flushed).toEqual(['first message', 'second message']);
  });
});
