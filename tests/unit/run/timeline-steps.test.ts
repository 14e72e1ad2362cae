import { describe, expect, it } from 'vitest';
import {
  anotherFuture,
  canSwap,
  cannotEvaluate,
  forkNotice,
  moveTo,
  queuedAfter,
  reported,
  runStarted,
  runStopped,
  speedWithin,
} from '../../../src/run/timeline-steps';
import { INITIAL_TIMELINE } from '../../../src/run/timeline-types';

describe('timeline steps', () => {
  it('a report sets tick, time and what comes next', () => {
    const report = { mode: 'paused' as const, tick: 4, now: 1040, nextDue: null };
    expect(reported({ awaiting: false }, report, 6, 1000, false)).toEqual({
      mode: 'paused',
      awaiting: false,
      tick: 4,
      lastTick: 6,
      elapsed: 40,
      canStepForward: true,
    });
    expect(reported({ awaiting: false }, report, 4, 1000, false).canStepForward).toBe(false);
  });

  it('a playing report sent before the pause reached the preview leaves the run paused', () => {
    const playing = { mode: 'playing' as const, tick: 4, now: 1040, nextDue: 1050 };
    expect(reported({ awaiting: true }, playing, 4, 1000, false)).toMatchObject({
      mode: 'paused',
      awaiting: true,
    });
  });

  it('a replay that a seek runs on from stays replaying', () => {
    const resting = { mode: 'paused' as const, tick: 2, now: 1020, nextDue: 1030 };
    expect(reported({ awaiting: false }, resting, 9, 1000, true).mode).toBe('replaying');
  });

  it('moves forward by running on, back or to another future by a rebuilt frame', () => {
    const at = { tick: 5, lastTick: 9 };
    expect(moveTo(at, 0, 7.4, false)).toEqual({ tick: 7, how: 'run-on' });
    expect(moveTo(at, 0, 3, false)).toEqual({ tick: 3, how: 'rebuild' });
    expect(moveTo(at, 0, 5, false)).toEqual({ tick: 5, how: 'here' });
    expect(moveTo(at, 0, 5, true)).toEqual({ tick: 5, how: 'rebuild' });
    expect(moveTo(at, 2, -4, false)).toEqual({ tick: 2, how: 'rebuild' });
    expect(moveTo(at, 0, 40, false)).toEqual({ tick: 9, how: 'run-on' });
  });
});

describe('timeline steps: runs, futures and refusals', () => {
  const was = { ...INITIAL_TIMELINE, speed: 2, futureId: 5, tick: 40, lastTick: 40, active: true };

  it('a run starts anew in a future of its own, keeping the speed', () => {
    expect(runStarted(was, false, 0)).toEqual({
      ...INITIAL_TIMELINE,
      speed: 2,
      futureId: 6,
      active: true,
      mode: 'playing',
    });
    // A shared recording lands by a replay, its later ticks ahead.
    expect(runStarted(was, true, 120)).toMatchObject({ mode: 'replaying', lastTick: 120, tick: 0 });
    expect(runStopped(was)).toEqual({ ...INITIAL_TIMELINE, speed: 2 });
  });

  it('a seek queued while replaying runs on once the preview rests', () => {
    expect(queuedAfter('paused', 12)).toEqual({ runOn: 12, replayOver: false });
    expect(queuedAfter('replaying', 12)).toEqual({ runOn: null, replayOver: false });
    expect(queuedAfter('paused', null)).toEqual({ runOn: null, replayOver: true });
    expect(queuedAfter('playing', null)).toEqual({ runOn: null, replayOver: true });
  });

  it('another future has an id of its own and no divergence', () => {
    const futures = [{ forkTick: 10, lastTick: 40 }];
    expect(anotherFuture(was, 10, futures)).toEqual({
      futures,
      futureId: 6,
      lastTick: 10,
      divergence: null,
    });
    expect(forkNotice(10, 40, null)).toBe(
      'New input after tick 10: the run goes on live from here. The recorded future (to tick 40) is kept: "Restore previous future" returns to it.',
    );
    expect(forkNotice(10, 40, { forkTick: 3 })).toMatch(
      / The oldest kept future \(from tick 3\) was let go\.$/,
    );
  });

  it('evaluates only in a preview that rests, swaps only a paused run or one still landing', () => {
    expect(cannotEvaluate(false, 'paused')).toMatch(/press Run first/);
    expect(cannotEvaluate(true, 'replaying')).toMatch(/still going to its tick/);
    expect(cannotEvaluate(true, 'playing')).toBeNull();
    expect(canSwap({ mode: 'paused', awaiting: false }, false)).toBe(true);
    expect(canSwap({ mode: 'paused', awaiting: true }, false)).toBe(false);
    expect(canSwap({ mode: 'playing', awaiting: false }, false)).toBe(false);
    expect(canSwap({ mode: 'replaying', awaiting: false }, true)).toBe(true);
  });

  it('keeps the speed within the ones offered', () => {
    expect(speedWithin(8)).toBe(4);
    expect(speedWithin(0.1)).toBe(0.25);
    expect(speedWithin(0.5)).toBe(0.5);
  });
});
