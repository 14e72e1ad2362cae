import { describe, expect, it } from 'vitest';
import type {
  InputRecord,
  LoopState,
  SwapTarget,
  TickRecord,
} from '../../../../src/protocol/index.ts';
import { createTickLoop } from '../../../../src/runtime/clock/tick-loop.ts';
import type { SwapDeps } from '../../../../src/runtime/clock/tick-loop-types.ts';
import { installVirtualClock } from '../../../../src/runtime/clock/virtual-clock.ts';
import { fakeWindow } from './fake-window.ts';

const START = 1_700_000_000_000;

/** A loop in a fake window whose hot swap delivers through `deliver`. */
function setup(deliver: SwapDeps['deliver'] = ({ tick: _t, now: _n, ...part }) => part) {
  const win = fakeWindow();
  const tasks: (() => void)[] = [];
  const sent: { records: TickRecord[]; state: LoopState }[] = [];
  const dispatched: InputRecord[] = [];
  let landed = 0;
  const announced: string[] = [];
  const loop = createTickLoop({
    clock: installVirtualClock(win, { startTime: START, reportError: () => loop.threw() }),
    hop: (fn) => tasks.push(fn),
    frame: () => {},
    realNow: () => 0,
    reportError: () => loop.threw(),
    draws: () => 0,
    consoleCount: () => 0,
    consoleText: () => 0,
    domHash: () => 1,
    scene: () => ({ viewport: '800×600@1', animations: 0 }),
    dispatchInput: (i) => dispatched.push(i),
    syncAnimations: () => {},
    send: (records, state) => sent.push({ records, state }),
    swap: { deliver, landed: () => landed++ },
    tickStarted: (tick, quiet) => announced.push(`${tick}${quiet ? ' quiet' : ''}`),
  });
  const drain = () => {
    for (let n = 0; tasks.length && n < 10_000; n++) tasks.shift()!();
  };
  const ticks = () =>
    sent.flatMap((s) => s.records.map((r) => `${r.tick}:${r.kind}:${r.ran}@${r.now - START}`));
  const last = () => sent.at(-1)!.state;
  return { win, loop, drain, ticks, last, dispatched, announced, landed: () => landed };
}

const click = (tick: number, at: number): InputRecord => ({
  tick,
  now: START + at,
  type: 'click',
  ctor: 'MouseEvent',
  target: 'element',
  path: [1, 0],
  node: 'button',
  init: { clientX: 10, clientY: 12 },
});

const swapTo = (inputs: InputRecord[], until: number, untilCount = 0): SwapTarget => ({
  until: START + until,
  untilCount,
  inputs: inputs.map((input) => ({ input, lead: 0 })),
  later: [],
  errorsAt: [],
});

describe('tick loop: a hot swap’s landing', () => {
  it('runs the new code’s timers and the old inputs by virtual time, then pauses at the moment', () => {
    const { win, loop, drain, ticks, last, dispatched, announced, landed } = setup();
    win.setInterval(() => {}, 30);
    loop.evaluated({ tick: 7, inputs: [], swap: swapTo([click(3, 50)], 100, 0) });
    drain();
    // Each tick is announced (the host names a hang by it): the host has no record of them.
    expect(announced).toEqual(['1', '2', '3', '4']);
    expect(ticks()).toEqual([
      '0:eval:evaluate@0',
      '1:timer:Interval@30',
      '2:input:click@50',
      '3:timer:Interval@60',
      '4:timer:Interval@90',
    ]);
    // The old input becomes this run's own, at this run's tick.
    expect(dispatched).toEqual([{ ...click(2, 50) }]);
    expect(last()).toMatchObject({
      mode: 'paused',
      tick: 4,
      now: START + 100,
      swap: { missed: [] },
    });
    expect(landed()).toBe(1);
    expect(loop.mode).toBe('paused');
  });

  it('an input the new page has no target for is reported, and makes no tick', () => {
    const { loop, drain, ticks, last } = setup(() => 'gone');
    loop.evaluated({ tick: 1, inputs: [], swap: swapTo([click(1, 50)], 80) });
    drain();
    expect(ticks()).toEqual(['0:eval:evaluate@0']);
    expect(last()).toMatchObject({ tick: 0, now: START + 80, swap: { missed: [0] } });
  });

  it('lands at the moment itself, a timer due then left for later', () => {
    const { win, loop, drain, ticks, last } = setup();
    win.setInterval(() => {}, 40);
    loop.evaluated({ tick: 1, inputs: [], swap: swapTo([], 80, 0) });
    drain();
    expect(ticks()).toEqual(['0:eval:evaluate@0', '1:timer:Interval@40']);
    expect(last()).toMatchObject({ now: START + 80, nextDue: START + 80 });
  });

  it('stops after the tick where the new code throws, and says where', () => {
    const { win, loop, drain, ticks, last } = setup();
    let n = 0;
    win.setInterval(() => {
      if (++n === 2) throw new Error('new bug');
    }, 30);
    loop.evaluated({ tick: 9, inputs: [], swap: swapTo([click(5, 100)], 200) });
    drain();
    expect(ticks()).toEqual(['0:eval:evaluate@0', '1:timer:Interval@30', '2:timer:Interval@60']);
    expect(last()).toMatchObject({
      mode: 'paused',
      tick: 2,
      now: START + 60,
      swap: { missed: [], threw: { tick: 2, now: START + 60 } },
    });
  });

  it('an error the new code threw while it was evaluated stops it at tick 0', () => {
    const { win, loop, drain, ticks, last } = setup();
    win.setInterval(() => {}, 30);
    loop.threw(); // tick 0's evaluation threw
    loop.evaluated({ tick: 3, inputs: [], swap: swapTo([], 100) });
    drain();
    expect(ticks()).toEqual(['0:eval:evaluate@0']);
    expect(last().swap).toEqual({ missed: [], threw: { tick: 0, now: START } });
  });
});
