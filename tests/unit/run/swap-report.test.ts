import { describe, expect, it } from 'vitest';
import type { InputRecord, SwapTarget, TickRecord } from '../../../src/protocol';
import { firstDifference, swapReport, type Records } from '../../../src/run/swap-report';

const T0 = 1_000_000;
const rec = (tick: number, extra: Partial<TickRecord> = {}): TickRecord => ({
  tick,
  now: T0 + tick * 16,
  kind: tick === 0 ? 'eval' : 'frame',
  ran: tick === 0 ? 'evaluate' : 'frame',
  draws: 0,
  timers: 1,
  console: 0,
  consoleText: 0,
  dom: 1,
  viewport: '800×600@1',
  animations: 0,
  ...extra,
});
const records = (list: TickRecord[]): Records => ({ recordAt: (t) => list[t] });
const ticks = (n: number, change?: (r: TickRecord) => TickRecord) =>
  records(Array.from({ length: n + 1 }, (_, t) => (change ? change(rec(t)) : rec(t))));

const event = (type: string, ms: number, extra: Partial<InputRecord> = {}): InputRecord => ({
  tick: 1,
  now: T0 + ms,
  type,
  ctor: 'PointerEvent',
  target: 'element',
  path: [1, 1],
  node: 'button',
  init: {},
  ...extra,
});

/** A swap to tick 300's moment (4.80 s) given `inputs`, reported as landed at `tick`. */
function report(
  inputs: InputRecord[],
  fresh: Records,
  opts: {
    tick?: number;
    missed?: number[];
    threw?: { tick: number; now: number };
    nextDue?: number | null;
  } = {},
) {
  const target: SwapTarget = {
    until: T0 + 300 * 16,
    untilCount: 1,
    inputs: inputs.map((input) => ({ input, lead: 0 })),
    later: [],
    errorsAt: [],
  };
  return swapReport({
    target,
    landed: { missed: opts.missed ?? [], ...(opts.threw ? { threw: opts.threw } : {}) },
    old: { records: ticks(300), tick: 300 },
    fresh,
    tick: opts.tick ?? 300,
    nextDue: opts.nextDue === undefined ? T0 + 301 * 16 : opts.nextDue,
    startTime: T0,
  });
}

describe('a hot swap’s report', () => {
  it('an edit nothing shows yet: no tick differs', () => {
    const r = report([], ticks(300));
    expect(r.text).toBe(
      'Your edit ran from the start with the same inputs to the moment you were at: 4.80 s, tick 300. No tick differs from the run before it.',
    );
    expect(r.firstDiff).toBeNull();
    expect(r.marks).toEqual([]);
  });

  it('names the first tick whose fingerprint differs, and marks it', () => {
    const r = report(
      [],
      ticks(300, (x) => (x.tick >= 212 ? { ...x, canvas: 7 } : x)),
    );
    expect(r.text).toContain('It first shows at tick 212 (3.39 s): the canvas pixels differ.');
    expect(r.firstDiff).toBe(212);
    expect(r.marks).toEqual([{ tick: 212, label: 'Your edit first shows at tick 212 (3.39 s)' }]);
  });

  it('says which clicks could not be delivered, when, and to what; the events with them counted', () => {
    const inputs = [
      event('pointerdown', 900),
      event('click', 910),
      event('keydown', 1000, { target: 'window', node: undefined, path: [] }),
      event('pointerdown', 2000),
      event('click', 2010),
      event('click', 3000),
    ];
    const r = report(inputs, ticks(280), { tick: 280, missed: [0, 1, 3, 4, 5] });
    expect(r.text).toContain(
      '3 clicks (and 2 events with them) at 0.91 s, 2.01 s and 3.00 s could not be delivered: their target, a <button>, is not in the new page.',
    );
    expect(r.marks).toContainEqual({
      tick: 56,
      label:
        'Not delivered from here: 3 clicks (and 2 events with them); their target, a <button>, is gone',
    });
  });

  it('responses the new code never asked for are named by their request', () => {
    const fetched = event('fetch', 500, {
      ctor: 'Response',
      target: 'window',
      path: [],
      node: undefined,
      init: { index: 0, request: 'GET https://api.test/levels' },
    });
    const r = report([fetched], ticks(300), { missed: [0] });
    expect(r.text).toContain(
      '1 recorded response was not asked for by the new code (GET https://api.test/levels).',
    );
  });

  it('an edit that throws on the way stops there and says so', () => {
    const r = report([], ticks(57), { tick: 57, threw: { tick: 57, now: T0 + 57 * 16 } });
    expect(r.text).toMatch(
      /^Your edit threw at tick 57 \(0\.91 s\), before the moment you were at \(4\.80 s\): the preview stops there\./,
    );
  });

  it('code that has nothing left to run before the moment says where it ended', () => {
    const r = report([], ticks(57), { tick: 57, nextDue: null });
    expect(r.text).toContain(
      'The new code has nothing left to run after tick 57 (0.91 s); the run before it went on to tick 300.',
    );
  });

  it('the first difference of runs of different lengths is the first tick one of them lacks', () => {
    expect(firstDifference({ records: ticks(10), tick: 10 }, ticks(7), 7)).toEqual({
      tick: 8,
      what: 'the run before it had a tick 8 by then, the new code did not',
    });
    expect(firstDifference({ records: ticks(10), tick: 10 }, ticks(10), 10)).toBeNull();
  });
});
