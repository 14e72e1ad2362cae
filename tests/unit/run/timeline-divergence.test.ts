import { describe, expect, it } from 'vitest';
import type { HostMessage, InputRecord, RuntimeMessage } from '../../../src/protocol';
import { createTimeline } from '../../../src/run/timeline';
import { diverge } from '../../../src/run/divergence-notice';
import { rec, ticks } from './timeline-fixtures';

/** A live run of ticks 0..5, paused; the notices as the console keeps them (one per key). */
function setup() {
  const sent: HostMessage[] = [];
  const replays: { tick: number; inputs: InputRecord[]; frame: object }[] = [];
  const shown: { text: string; key?: string }[] = [];
  const timeline = createTimeline({
    send: (m) => sent.push(m),
    replay(tick, inputs) {
      const frame = {};
      replays.push({ tick, inputs, frame });
      return { frame, at: tick };
    },
    resetConsole: () => {},
    showConsole: () => {},
    notice(text, key) {
      const at = key === undefined ? -1 : shown.findIndex((n) => n.key === key);
      if (at >= 0) shown.splice(at, 1);
      shown.push({ text, ...(key === undefined ? {} : { key }) });
    },
  });
  const live = {};
  timeline.startRun(live, 1000);
  timeline.handle(
    live,
    ticks(
      [0, 1, 2, 3, 4, 5].map((t) => rec(t)),
      5,
      'paused',
    ),
  );
  return { timeline, sent, replays, shown };
}

/** The preview replays tick `tick` with a DOM the record does not have (a Worker's doing). */
const differing = (tick: number): RuntimeMessage => ticks([rec(tick, { dom: 99 })], tick, 'paused');

describe('divergence notices', () => {
  it('stepping forward along a replay that diverged says so once, kept current', () => {
    const { timeline, replays, shown } = setup();
    timeline.seek(1);
    const frame = replays[0]!.frame;
    timeline.handle(frame, ticks([rec(0), rec(1, { dom: 99 })], 1, 'paused'));
    for (const tick of [2, 3, 4]) {
      timeline.stepForward();
      timeline.handle(frame, differing(tick));
    }
    // Before: a "Replay diverged" line at each of the three steps (four lines).
    expect(shown.map((n) => n.text)).toEqual([
      'Replay diverged at tick 1: the page (DOM hash) differs. The preview may differ from the recorded run from here on. It still differed at tick 4. (Seen 4 times.)',
    ]);
    expect(timeline.getState().divergence).toBe(
      'Replay diverged at tick 1: the page (DOM hash) differs',
    );
  });

  it('a new replay of the same path (a step back) keeps the one notice', () => {
    const { timeline, replays, shown } = setup();
    timeline.seek(2);
    timeline.handle(replays[0]!.frame, ticks([rec(0), rec(1, { dom: 99 }), rec(2)], 2, 'paused'));
    timeline.stepBack();
    timeline.handle(replays[1]!.frame, ticks([rec(0), rec(1, { dom: 99 })], 1, 'paused'));
    expect(shown).toHaveLength(1);
  });
});

describe('diverge', () => {
  it('tells a new future apart and keeps the earliest tick of a path', () => {
    const first = diverge(null, 1, 5, 'the canvas pixels differ');
    expect(first.told).toEqual({
      future: 1,
      tick: 5,
      diff: 'the canvas pixels differ',
      since: 5,
      seen: 1,
    });
    // An earlier tick of the same future: the path's first difference is now that one.
    expect(diverge(first.told, 1, 3, 'random draws was 1, replay 2').told).toMatchObject({
      tick: 3,
      since: 3,
    });
    // Another future (a fork): a path of its own.
    expect(diverge(first.told, 2, 9, 'x').told).toEqual({
      future: 2,
      tick: 9,
      diff: 'x',
      since: 9,
      seen: 1,
    });
  });
});
