import { describe, expect, it } from 'vitest';
import { moveTo, reported } from '../../../src/run/timeline-steps';

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
