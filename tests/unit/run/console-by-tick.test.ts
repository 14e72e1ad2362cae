import { describe, expect, it } from 'vitest';
import { byTick, lastTickOf } from '../../../src/run/console-by-tick';
import { serialize } from '../../../src/runtime/serialize';

const call = (text: string, tick?: number) => ({
  level: 'log' as const,
  args: [serialize(text), serialize({ text })],
  ...(tick !== undefined ? { tick } : {}),
});

describe('console messages by tick', () => {
  it('splits a batch that spans ticks so each tick keeps its own calls, in order', () => {
    const batch = {
      type: 'console-batch' as const,
      entries: [call('a', 3), call('b', 3), call('c', 4), call('d', 6), call('e', 6)],
    };
    expect(
      byTick(batch).map(([t, m]) => [t, m.type === 'console-batch' && m.entries.length]),
    ).toEqual([
      [3, 2],
      [4, 1],
      [6, 2],
    ]);
    expect(lastTickOf(batch)).toBe(6);
  });

  it('keeps a single call, a drop notice and a call without a tick (tick 0) whole', () => {
    const dropped = {
      type: 'console-dropped' as const,
      tick: 2,
      count: 5,
      reason: 'tick' as const,
      kept: 500,
    };
    expect(byTick(dropped)).toEqual([[2, dropped]]);
    const single = { type: 'console' as const, ...call('x') };
    expect(byTick(single)).toEqual([[0, single]]);
  });
});
