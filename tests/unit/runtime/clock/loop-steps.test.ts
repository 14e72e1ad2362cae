import { describe, expect, it } from 'vitest';
import type { InputRecord } from '../../../../src/protocol/index.ts';
import { playStep, replayStep } from '../../../../src/runtime/clock/loop-steps.ts';

const click: InputRecord = {
  tick: 4,
  now: 1040,
  type: 'click',
  ctor: 'MouseEvent',
  target: 'window',
  path: [],
  init: {},
};

describe('tick loop steps', () => {
  it('playing: a due timer runs; else the clock moves on to the target (whole ms)', () => {
    expect(playStep(null, { at: 1016 }, 1020.5)).toEqual({ run: 'timer' });
    expect(playStep(null, { at: 1033 }, 1020.5)).toEqual({ run: 'wait', until: 1020 });
    expect(playStep(null, null, 1020.5)).toEqual({ run: 'wait', until: 1020 });
  });

  it('playing a recording: its input waits for its time, and no timer runs before it', () => {
    expect(playStep(click, { at: 1016 }, 1030)).toEqual({ run: 'wait', until: 1030 });
    expect(playStep(click, { at: 1016 }, 1050)).toEqual({ run: 'input' });
    expect(playStep(click, null, 1100)).toEqual({ run: 'input' });
    expect(playStep(click, null, 1090).run).toBe('input');
    expect(playStep({ ...click, now: 1200 }, null, 1100)).toEqual({ run: 'wait', until: 1100 });
  });

  it('replaying to a tick: its input, else a timer; rest at the tick or when nothing is left', () => {
    expect(replayStep(3, 5, click, true)).toBe('input');
    expect(replayStep(3, 5, null, true)).toBe('timer');
    expect(replayStep(3, 5, null, false)).toBe('rest');
    expect(replayStep(5, 5, click, true)).toBe('rest');
  });
});
