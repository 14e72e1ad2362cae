import { describe, expect, it } from 'vitest';
import type { ProbeHit } from '../../../src/protocol';
import {
  hitAt,
  hitsUpTo,
  lineHitTick,
  nextTick,
  previousTick,
  strip,
} from '../../../src/probes/hit-lookup';

const hit = (tick: number, v: number | string): ProbeHit => ({
  site: 0,
  tick,
  now: tick * 16,
  depth: 1,
  values: [typeof v === 'number' ? { t: 'number', v } : { t: 'string', v }],
});

describe('hits by time', () => {
  const hits = [hit(1, 10), hit(4, 20), hit(4, 21), hit(9, 30)];

  it('shows the last hit at or before a tick, the last of a tick that ran the line twice', () => {
    expect(hitAt(hits, 0)).toBeNull();
    expect(hitAt(hits, 1)!.values[0]).toEqual({ t: 'number', v: 10 });
    expect(hitAt(hits, 5)!.values[0]).toEqual({ t: 'number', v: 21 });
    expect(hitAt(hits, 100)!.tick).toBe(9);
    expect(hitsUpTo(hits, 4)).toBe(3);
    expect(hitsUpTo(hits, 0)).toBe(0);
  });

  it('finds the previous and next tick a line ran at, never the current one', () => {
    const ticks = [2, 5, 9];
    expect(previousTick(ticks, 5)).toBe(2);
    expect(previousTick(ticks, 2)).toBeNull();
    expect(previousTick(ticks, 100)).toBe(9);
    expect(nextTick(ticks, 5)).toBe(9);
    expect(nextTick(ticks, 0)).toBe(2);
    expect(nextTick(ticks, 9)).toBeNull();
    expect(previousTick([], 3)).toBeNull();
  });

  it('finds the tick a counted line ran at before and after, in the counted file only', () => {
    const lines = {
      path: 'src/main.ts',
      lines: new Map([
        [2, { runs: 3, ticks: [0, 4, 8] }],
        [3, { runs: 0, ticks: [] }],
      ]),
    };
    expect(lineHitTick(lines, 'src/main.ts', 2, 4, 'previous')).toBe(0);
    expect(lineHitTick(lines, 'src/main.ts', 2, 4, 'next')).toBe(8);
    expect(lineHitTick(lines, 'src/main.ts', 3, 4, 'next')).toBeNull();
    expect(lineHitTick(lines, 'src/main.ts', 9, 4, 'next')).toBeNull();
    expect(lineHitTick(lines, 'src/other.ts', 2, 4, 'next')).toBeNull();
    expect(lineHitTick(null, 'src/main.ts', 2, 4, 'next')).toBeNull();
  });

  it('samples a numeric value over the hits, skipping what is not a number', () => {
    const many = Array.from({ length: 1000 }, (_, i) => hit(i, i % 7 === 0 ? 'x' : i));
    const points = strip(many, 0, 100);
    expect(points.length).toBeLessThanOrEqual(100);
    expect(points.every((p) => p.value === p.tick)).toBe(true);
    expect(strip([hit(1, 'a')], 0)).toEqual([]);
  });
});
