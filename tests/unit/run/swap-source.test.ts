import { describe, expect, it } from 'vitest';
import type { InputRecord, RuntimeMessage, TickRecord } from '../../../src/protocol';
import { createHistory } from '../../../src/run/history';
import { countAt, errorTimes, leadOf, swapTarget } from '../../../src/run/swap-source';

const T0 = 1000;
const click = (tick: number, now: number): InputRecord => ({
  tick,
  now,
  type: 'click',
  ctor: 'MouseEvent',
  target: 'element',
  path: [1, 0],
  node: 'button',
  init: {},
});
const rec = (tick: number, now: number, input?: InputRecord): TickRecord => ({
  tick,
  now,
  kind: tick === 0 ? 'eval' : input ? 'input' : 'timer',
  ran: input ? input.type : 'Timeout',
  draws: 0,
  timers: 0,
  console: 0,
  consoleText: 0,
  dom: 0,
  viewport: '800×600@1',
  animations: 0,
  ...(input ? { input } : {}),
});
const uncaught = (tick: number): RuntimeMessage => ({
  type: 'error',
  kind: 'uncaught',
  message: 'boom',
  frames: [],
  tick,
});

/**
 * A run: tick 0 at T0, timers at +16 and +32, a click at +32 after that timer (lead 1), a
 * timer at +48 and a key after it (lead 1), a timer at +64; the click's tick threw.
 */
function run() {
  const history = createHistory({ maxTicks: 1000, maxBytes: 1e9 }, () => {});
  const inputs = [click(3, T0 + 32), { ...click(5, T0 + 48), type: 'keydown', node: 'input' }];
  [
    rec(0, T0),
    rec(1, T0 + 16),
    rec(2, T0 + 32),
    rec(3, T0 + 32, inputs[0]),
    rec(4, T0 + 48),
    rec(5, T0 + 48, inputs[1]),
    rec(6, T0 + 64),
  ].forEach((r) => history.record(r));
  history.log(3, uncaught(3));
  return { history, inputs };
}

describe('what a hot swap gives the new program', () => {
  it('each input’s lead: the ticks of its moment before it', () => {
    const { history } = run();
    expect(leadOf(history, 3, T0 + 32)).toBe(1);
    expect(leadOf(history, 1, T0 + 16)).toBe(0);
    expect(countAt(history, 5, T0 + 48)).toBe(2);
    // The clock moved on past the tick (a live pause): none of that moment ran yet.
    expect(countAt(history, 6, T0 + 70)).toBe(0);
  });

  it('the moment, the inputs up to it by virtual time, and the errors the old run had', () => {
    const { history, inputs } = run();
    expect(swapTarget(history, { tick: 5, now: T0 + 48 })).toEqual({
      until: T0 + 48,
      untilCount: 2,
      inputs: [
        { input: inputs[0], lead: 1 },
        { input: inputs[1], lead: 1 },
      ],
      later: [],
      errorsAt: [T0 + 32],
    });
    expect(errorTimes(history, 3, 6)).toEqual([]);
  });

  it('a response the old run got after its moment is not the swap’s to deliver, only to answer', () => {
    const { history } = run();
    const response: InputRecord = {
      tick: 6,
      now: T0 + 64,
      type: 'fetch',
      ctor: 'Response',
      target: 'window',
      path: [],
      init: { index: 0, request: 'GET https://api.test/a', status: 200, statusText: 'OK' },
    };
    history.record(rec(7, T0 + 80, response));
    const target = swapTarget(history, { tick: 5, now: T0 + 48 });
    expect(target.inputs.map((i) => i.input.type)).toEqual(['click', 'keydown']);
    expect(target.later).toEqual([response]);
  });

  it('a swapped run at its landing gives what it was given (an undo gets the old inputs back)', () => {
    const { history, inputs } = run();
    const given = swapTarget(history, { tick: 5, now: T0 + 48 });
    // The edited code could not take the click: its run has the key only, at other ticks.
    const swapped = createHistory({ maxTicks: 1000, maxBytes: 1e9 }, () => {});
    const key = { ...inputs[1]!, tick: 3 };
    [rec(0, T0), rec(1, T0 + 16), rec(2, T0 + 32), rec(3, T0 + 48, key), rec(4, T0 + 48)].forEach(
      (r) => swapped.record(r),
    );
    swapped.setOrigin({ target: given, landing: 4 });
    expect(swapTarget(swapped, { tick: 4, now: T0 + 48 })).toBe(given);
    // Played on from the landing: what it was given, then its own inputs since.
    const later = click(6, T0 + 70);
    swapped.record(rec(5, T0 + 64));
    swapped.record(rec(6, T0 + 70, later));
    expect(swapTarget(swapped, { tick: 6, now: T0 + 70 })).toMatchObject({
      until: T0 + 70,
      untilCount: 1,
      inputs: [...given.inputs, { input: later, lead: 0 }],
      errorsAt: [T0 + 32],
    });
    // Stepped back before the landing: its own recording.
    expect(swapTarget(swapped, { tick: 3, now: T0 + 48 }).inputs).toEqual([
      { input: key, lead: 0 },
    ]);
  });

  it('a fork before the landing leaves the origin behind; one after keeps it', () => {
    const { history } = run();
    history.setOrigin({ target: swapTarget(history, { tick: 2, now: T0 + 32 }), landing: 2 });
    expect(history.copyUpTo(1).origin()).toBeNull();
    expect(history.copyUpTo(4).origin()).toBe(history.origin());
  });
});
