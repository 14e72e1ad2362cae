import { describe, expect, it } from 'vitest';
import type { RuntimeMessage, TickRecord } from '../../../src/protocol';
import { createTimeline } from '../../../src/run/timeline';
import { input, rec } from './timeline-fixtures';

/** A timeline whose live run (ticks 0..5, a click at tick 2) is paused at tick 4. */
function setup() {
  const notices: { text: string; key?: string }[] = [];
  const timeline = createTimeline({
    send: () => {},
    replay: () => ({ frame: {}, at: 0 }),
    resetConsole: () => {},
    showConsole: () => {},
    notice: (text, key) => notices.push({ text, ...(key ? { key } : {}) }),
  });
  const live = {};
  timeline.startRun(live, 1000);
  const records = [0, 1, 2, 3, 4].map((t) =>
    t === 2 ? rec(2, { kind: 'input', ran: 'click', input: input(2) }) : rec(t),
  );
  timeline.handle(live, landed(records, 4, null));
  return { timeline, notices };
}

/** The preview's report of `records`, resting at `tick` (`swap`: how a hot swap landed). */
const landed = (
  records: TickRecord[],
  tick: number,
  swap: { missed: number[] } | null,
): RuntimeMessage => ({
  type: 'ticks',
  records,
  state: {
    mode: 'paused',
    tick,
    now: 1000 + tick * 10,
    nextDue: 5000,
    ...(swap ? { swap } : {}),
  },
});

describe('a hot swap on the timeline', () => {
  it('lands paused at the old moment and says what changed, once', () => {
    const { timeline, notices } = setup();
    const source = timeline.swapSource()!;
    expect(source.target).toMatchObject({ until: 1040, untilCount: 1 });
    expect(source.target.inputs.map((i) => i.input)).toEqual([input(2)]);
    const frame = {};
    timeline.startRun(frame, 1000, source);
    expect(timeline.getState().mode).toBe('replaying');
    // Asked again while it lands (the user typed on): the same moment and inputs.
    expect(timeline.swapSource()).toBe(source);
    const fresh = [0, 1, 2, 3, 4].map((t) =>
      t === 2
        ? rec(2, { kind: 'input', ran: 'click', input: input(2) })
        : rec(t, { dom: t > 2 ? 8 : 7 }),
    );
    timeline.handle(frame, landed(fresh, 4, { missed: [] }));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 4, elapsed: 40 });
    expect(notices).toEqual([
      {
        key: 'swap',
        text: 'Your edit ran from the start with the same inputs to the moment you were at: 0.04 s, tick 4. It first shows at tick 3 (0.03 s): the page (DOM hash) differs.',
      },
    ]);
    expect(timeline.marks().edits).toEqual([
      { tick: 3, label: 'Your edit first shows at tick 3 (0.03 s)' },
    ]);
    // Swapped again from here (an undo): what it was given.
    expect(timeline.swapSource()!.target).toBe(source.target);
  });

  it('a swap whose run is stopped before it lands says it did not get there', () => {
    const { timeline, notices } = setup();
    timeline.startRun({}, 1000, timeline.swapSource()!);
    timeline.stop();
    expect(notices.at(-1)).toEqual({
      key: 'swap',
      text: 'Your edit did not reach the moment you were at (0.04 s): its run was stopped on the way there.',
    });
  });

  it('nothing to swap while playing or while a pause is on its way', () => {
    const { timeline } = setup();
    timeline.play();
    expect(timeline.swapSource()).toBeNull();
    timeline.pause();
    expect(timeline.getState().awaiting).toBe(true);
    expect(timeline.swapSource()).toBeNull();
  });
});
