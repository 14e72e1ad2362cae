import { describe, expect, it } from 'vitest';
import {
  assignCheckpoints,
  checkpointTicks,
  chooseCheckpoint,
  nextRefill,
} from '../../../../src/run/step-back/checkpoint-plan';
import { plannedTicks } from '../../../../src/run/step-back/checkpoint-refill';

/**
 * Ticks each of five steps back in a row replays (target − checkpoint), from the checkpoints
 * `ticks` gives at `tick`, none refilled in between (the user clicks as each one lands).
 */
function fiveInARow(tick: number, ticks: (tick: number) => number[]): number[] {
  const parked = ticks(tick).map((t) => ({ tick: t, reached: t }));
  const replayed: number[] = [];
  for (let target = tick - 1; target >= tick - 5; target--) {
    const from = chooseCheckpoint(target, parked);
    replayed.push(from ? target - from.tick : target);
    if (from) parked.splice(parked.indexOf(from), 1);
  }
  return replayed;
}

describe('checkpointTicks', () => {
  it('keeps the tick before, then grid ticks 8, 64, 512 apart, newest first', () => {
    expect(checkpointTicks(1000, 4)).toEqual([999, 992, 960, 512]);
    expect(checkpointTicks(5000, 1)).toEqual([4999]);
  });

  it('gives a grid tick a finer grid already holds the grid tick before it, not tick 0', () => {
    // Just past 1024 every grid meets there: the slots stay near, for steps back in a row.
    expect(checkpointTicks(1031, 4)).toEqual([1030, 1024, 960, 512]);
    expect(checkpointTicks(1025, 4)).toEqual([1024, 1016, 960, 512]);
    expect(checkpointTicks(5000, 4)).toEqual([4999, 4992, 4928, 4608]);
  });

  it('is bounded by the count and by the ticks that exist, without duplicates', () => {
    expect(checkpointTicks(0, 4)).toEqual([]);
    expect(checkpointTicks(1, 4)).toEqual([0]);
    expect(checkpointTicks(10, 4)).toEqual([9, 8, 0]);
    expect(checkpointTicks(1_000_000, 8)).toEqual([
      999_999, 999_992, 999_936, 999_424, 995_328, 983_040, 786_432, 0,
    ]);
    expect(checkpointTicks(1e9, 8)).toHaveLength(8);
  });

  it('never goes before the oldest tick still in the history', () => {
    expect(checkpointTicks(5000, 4, 4700)).toEqual([4999, 4992, 4928, 4700]);
    expect(checkpointTicks(4710, 4, 4700)).toEqual([4709, 4704, 4700]);
    expect(checkpointTicks(4700, 4, 4700)).toEqual([]);
  });

  it('barely moves when stepping back one tick (grid ticks are kept)', () => {
    const before = checkpointTicks(5000, 4);
    const after = checkpointTicks(4999, 4);
    expect(after.filter((t) => !before.includes(t))).toEqual([4998]);
  });
});

describe('five steps back in a row (the default setting, 4)', () => {
  it('each find a checkpoint at most a grid (64) and a step (8) behind, at any tick', () => {
    let worst = 0;
    for (let tick = 600; tick < 6000; tick++)
      worst = Math.max(worst, ...fiveInARow(tick, (t) => plannedTicks(t, 4, 0)));
    expect(worst).toBeLessThanOrEqual(72);
    // The grid alone (no checkpoints just behind): the fourth or fifth replays hundreds.
    expect(Math.max(...fiveInARow(1045, (t) => checkpointTicks(t, 4)))).toBeGreaterThan(500);
  });

  it('keeps the three ticks just behind and the grid, six at most (one alone when asked for one)', () => {
    expect(plannedTicks(1045, 4, 0)).toEqual([1044, 1043, 1042, 1040, 1024, 512]);
    expect(plannedTicks(1045, 1, 0)).toEqual([1044]);
    expect(plannedTicks(1_000_000, 8, 0)).toHaveLength(10);
    expect(plannedTicks(3, 4, 0)).toEqual([2, 1, 0]);
    expect(plannedTicks(1045, 4, 1043)).toEqual([1044, 1043]);
  });
});

describe('chooseCheckpoint', () => {
  it('takes the one at or before the target that is furthest along', () => {
    const ready = { tick: 4992, reached: 4992 };
    const replaying = { tick: 4998, reached: 0 };
    const after = { tick: 4999, reached: 4999 };
    expect(chooseCheckpoint(4998, [after, replaying, ready])).toBe(ready);
    expect(chooseCheckpoint(5000, [after, replaying, ready])).toBe(after);
  });

  it('prefers the nearer of two equally far along, and ignores ones not started', () => {
    const a = { tick: 100, reached: 0 };
    const b = { tick: 200, reached: 0 };
    expect(chooseCheckpoint(300, [a, b])).toBe(b);
    expect(chooseCheckpoint(300, [{ tick: 200, reached: -1 }])).toBeNull();
    expect(chooseCheckpoint(50, [a, b])).toBeNull();
  });
});

describe('assignCheckpoints', () => {
  const at = (...ticks: number[]) => ticks.map((tick) => ({ tick }));

  it('after a step back shifts each parked preview up one slot; only the oldest is replayed', () => {
    // Paused at 4999 after the one at 4999 was used: 4992, 4928 and 4608 are left.
    const parked = at(4608, 4992, 4928);
    const plan = assignCheckpoints(checkpointTicks(4999, 4), parked);
    expect(plan.moves.map(({ from, to }) => [from.tick, to])).toEqual([
      [4992, 4998],
      [4928, 4992],
      [4608, 4928],
    ]);
    expect(plan.park).toEqual([4608]);
    expect(plan.drop).toEqual([]);
  });

  it('keeps those already in place, moves older ones on, drops ones past every slot', () => {
    const parked = at(999, 992, 960, 512, 6000);
    const plan = assignCheckpoints([4999, 4992, 4608, 4096], parked);
    expect(plan.moves.map(({ from, to }) => [from.tick, to])).toEqual([
      [999, 4999],
      [992, 4992],
      [960, 4608],
      [512, 4096],
    ]);
    expect(plan.drop).toEqual(at(6000));
    const same = assignCheckpoints([9, 8], at(8, 9));
    expect(same.moves.map(({ from, to }) => [from.tick, to])).toEqual([
      [9, 9],
      [8, 8],
    ]);
  });
});

describe('nextRefill', () => {
  const rested = (...ticks: number[]) => ticks.map((tick) => ({ tick, reached: tick }));
  const steps = (tick: number, parked: { tick: number; reached: number }[]) => {
    const out: ([number, number] | number)[] = [];
    // Applies each step as if it finished at once, until nothing is left to do.
    for (let i = 0; i < 10; i++) {
      const step = nextRefill(assignCheckpoints(checkpointTicks(tick, 4), parked), parked);
      if (!step) break;
      if ('move' in step) {
        out.push([step.move.tick, step.to]);
        step.move.tick = step.to;
        step.move.reached = step.to;
      } else {
        out.push(step.park);
        parked.push({ tick: step.park, reached: step.park });
      }
    }
    return out;
  };

  it('after the tick-before checkpoint was used, first moves the next one on a few ticks', () => {
    // Paused at 1059 after the one at 1059 was promoted: 1056, 1024 and 512 are left.
    expect(steps(1059, rested(512, 1056, 1024))).toEqual([
      [1056, 1058],
      [1024, 1056],
      [512, 1024],
      512,
    ]);
  });

  it('starts nothing while a parked preview is still on its way (one replay at a time)', () => {
    const replaying = { tick: 1024, reached: 0 };
    const parked = [...rested(1056), replaying];
    expect(nextRefill(assignCheckpoints(checkpointTicks(1059, 4), parked), parked)).toBeNull();
    const notStarted = [...rested(1056), { tick: 0, reached: -1 }];
    expect(
      nextRefill(assignCheckpoints(checkpointTicks(1059, 4), notStarted), notStarted),
    ).toBeNull();
  });

  it('fills empty slots newest first, one at a time', () => {
    const parked: { tick: number; reached: number }[] = [];
    expect(nextRefill(assignCheckpoints(checkpointTicks(1000, 4), parked), parked)).toEqual({
      park: 999,
    });
  });
});
