import { describe, expect, it } from 'vitest';
import type { InputRecord, SwapTarget } from '../../../../src/protocol/index.ts';
import {
  landed,
  ranTick,
  startSwap,
  swapStep,
  threw,
  tookInput,
  type SwapState,
} from '../../../../src/runtime/clock/swap-replay.ts';

const T0 = 1_000_000;
const input = (tick: number, at: number, type = 'click'): InputRecord => ({
  tick,
  now: T0 + at,
  type,
  ctor: 'MouseEvent',
  target: 'element',
  path: [1, 0],
  init: {},
});

/**
 * Runs the swap's steps against a new program's timers (virtual ms after T0, each due once) and
 * returns what ran, as `timer@ms` and `input N@ms`, with the final state.
 */
function simulate(target: SwapTarget, timers: number[], deliver = (_: number) => 'ok' as string) {
  let s: SwapState = startSwap(T0);
  const due = [...timers].sort((a, b) => a - b);
  let now: number;
  const ran: string[] = [];
  for (let guard = 0; guard < 1000; guard++) {
    const step = swapStep(target, s, due.length ? T0 + due[0]! : null);
    if (step.run === 'land') return { ran, s: landed(s) };
    if (step.run === 'timer') {
      now = T0 + due.shift()!;
      ran.push(`timer@${now - T0}`);
    } else {
      const outcome = deliver(step.index);
      if (outcome !== 'ok') {
        s = tookInput(s, step.index, outcome as 'missed' | 'late');
        continue;
      }
      now = target.inputs[step.index]!.input.now;
      s = tookInput(s, step.index, 'delivered');
      ran.push(`input ${step.index}@${now - T0}`);
    }
    s = ranTick(s, now);
  }
  throw new Error('the swap never landed');
}

const target = (
  inputs: { input: InputRecord; lead: number }[],
  until: number,
  untilCount = 0,
  errorsAt: number[] = [],
): SwapTarget => ({ until: T0 + until, untilCount, inputs, later: [], errorsAt });

describe('hot swap steps', () => {
  it('replays an unchanged program tick for tick: inputs between the same timers', () => {
    // Old run: timers at 16, 33, 50; a click at 40; a key at 50, after the 50 ms timer.
    const t = target(
      [
        { input: input(3, 40), lead: 0 },
        { input: input(5, 50, 'keydown'), lead: 1 },
      ],
      60,
    );
    expect(simulate(t, [16, 33, 50]).ran).toEqual([
      'timer@16',
      'timer@33',
      'input 0@40',
      'timer@50',
      'input 1@50',
    ]);
  });

  it('keeps inputs of one moment before the timer they came before (a key’s 0 ms timer)', () => {
    // Old run at 40: keydown, keypress (lead 1), then the 0 ms timer keydown set (due at 40).
    const t = target(
      [
        { input: input(1, 40, 'keydown'), lead: 0 },
        { input: input(2, 40, 'keypress'), lead: 1 },
      ],
      40,
      3,
    );
    expect(simulate(t, [40]).ran).toEqual(['input 0@40', 'input 1@40', 'timer@40']);
  });

  it('a new program with other timers gets the inputs at their virtual times', () => {
    // The old run ticked every 20 ms; the new code every 7 ms.
    const t = target([{ input: input(2, 40), lead: 1 }], 45);
    expect(simulate(t, [7, 14, 21, 28, 35, 42, 49]).ran).toEqual([
      'timer@7',
      'timer@14',
      'timer@21',
      'timer@28',
      'timer@35',
      'input 0@40',
      'timer@42',
    ]);
  });

  it('lands at the old moment: timers of that moment up to the old count, none after', () => {
    const t = target([], 50, 1);
    expect(simulate(t, [30, 50, 50, 70]).ran).toEqual(['timer@30', 'timer@50']);
  });

  it('an input whose target is gone is missed, without a tick; the rest go on', () => {
    const t = target(
      [
        { input: input(1, 10), lead: 0 },
        { input: input(2, 20), lead: 0 },
      ],
      30,
    );
    const { ran, s } = simulate(t, [], (i) => (i === 0 ? 'missed' : 'ok'));
    expect(ran).toEqual(['input 1@20']);
    expect(s.missed).toEqual([0]);
  });

  it('a response never asked for by the landing is missed too', () => {
    const t = target([{ input: input(1, 10, 'fetch'), lead: 0 }], 30);
    const { ran, s } = simulate(t, [], () => 'late');
    expect(ran).toEqual([]);
    expect(s.missed).toEqual([0]);
    expect(s.late).toEqual([]);
  });

  it('inputs after the moment are not the swap’s (responses the old run got later)', () => {
    const t = target([{ input: input(9, 90, 'fetch'), lead: 0 }], 50);
    expect(simulate(t, [10]).ran).toEqual(['timer@10']);
  });

  it('stops after a tick where the new code throws and the old run had not', () => {
    const t = target([], 100, 0, [T0 + 20]);
    let s = startSwap(T0);
    s = threw(t, s, 2, T0 + 20); // the old run threw at 20 ms too
    expect(s.threw).toBeNull();
    s = threw(t, s, 4, T0 + 40);
    expect(s.threw).toEqual({ tick: 4, now: T0 + 40 });
    expect(swapStep(t, s, T0 + 50)).toEqual({ run: 'land' });
  });
});
