import { describe, expect, it } from 'vitest';
import type { InputRecord, RuntimeMessage } from '../../../src/protocol';
import { timelineMarks } from '../../../src/run/timeline-marks';

const input = (tick: number, type: string): InputRecord => ({
  tick,
  now: tick * 10,
  type,
  ctor: 'MouseEvent',
  target: 'element',
  path: [1, 0],
  init: {},
});
const log = (text: string, level: 'log' | 'error' = 'log'): RuntimeMessage => ({
  type: 'console',
  level,
  args: [
    { t: 'string', v: text },
    { t: 'number', v: 1 },
  ],
});

describe('timelineMarks', () => {
  it('marks inputs, console output and errors at their ticks, saying what they were', () => {
    const marks = timelineMarks(
      {
        inputs: [input(10, 'click')],
        logged: [
          { tick: 10, message: log('n is') },
          { tick: 50, message: { type: 'error', kind: 'uncaught', message: 'boom', frames: [] } },
          { tick: 60, message: log('bad', 'error') },
        ],
      },
      0,
      100,
      100,
    );
    expect(marks).toEqual([
      { kind: 'input', tick: 10, at: 0.1, label: 'Input at tick 10: click' },
      { kind: 'console', tick: 10, at: 0.1, label: 'Console at tick 10: n is 1' },
      { kind: 'error', tick: 50, at: 0.5, label: 'Error at tick 50: boom' },
      { kind: 'error', tick: 60, at: 0.6, label: 'Error at tick 60: bad 1' },
    ]);
  });

  it('groups events of one kind that share a slot of the track into one mark', () => {
    const inputs = [input(1, 'pointerdown'), input(2, 'mousedown'), input(3, 'click')];
    inputs.push(input(4, 'click'), input(90, 'keydown'));
    const marks = timelineMarks({ inputs, logged: [] }, 0, 100, 10);
    expect(marks.map((m) => m.label)).toEqual([
      'Input at ticks 1–4 (4): click, pointerdown, mousedown',
      'Input at tick 90: keydown',
    ]);
    expect(marks[0]!.tick).toBe(1);
  });

  it('names what the user did before the pointer events that came with it', () => {
    const types = ['pointerover', 'pointermove', 'mousemove', 'pointerdown', 'focus', 'click'];
    const inputs = types.map((type, i) => input(i + 1, type));
    const [mark] = timelineMarks({ inputs, logged: [] }, 0, 100, 1);
    expect(mark!.label).toBe('Input at ticks 1–6 (6): click, pointerover, pointermove, …');
  });

  it('leaves out ticks outside the shown range, and has nothing for an empty range', () => {
    const source = { inputs: [input(5, 'click'), input(200, 'click')], logged: [] };
    expect(timelineMarks(source, 10, 100, 10)).toEqual([]);
    expect(timelineMarks(source, 0, 0, 10)).toEqual([]);
  });
});
