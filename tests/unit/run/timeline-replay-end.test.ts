import { describe, expect, it } from 'vitest';
import type { RuntimeMessage } from '../../../src/protocol';
import { click, framedTimeline, rec, ticks, upTo } from './replay-end-fixtures';

// A live run of ticks 0..5 (a click at tick 2, timers else) whose replay here runs out of
// timers after tick 3: the program set its next timer only for the live click, so ticks 4 and
// 5 never come in a replay, and no replayed tick's fingerprint differed before that.
const RAN_OUT = (tick: number) =>
  `Replay diverged at tick ${tick + 1}: the replay ran out of timers and frames at tick ${tick} and never ran it; the recorded run went on to tick 5. The preview may differ from the recorded run from here on.`;

/** A timeline whose live run recorded ticks 0..5 and paused, then stepped back to `back`. */
function steppedBack(back: number, nextDue: number | null) {
  const { timeline, sent, notices, frames } = framedTimeline();
  const live = {};
  timeline.startRun(live, 1000);
  timeline.handle(live, ticks(upTo(5), 5, 'playing', null));
  timeline.pause();
  timeline.handle(live, ticks([], 5, 'paused', null));
  timeline.seek(back);
  /** A message from the newest frame (a step back rebuilds the preview). */
  const feed = (m: RuntimeMessage) => timeline.handle(frames.at(-1)!, m);
  feed(ticks(upTo(back), back, 'paused', nextDue));
  sent.length = 0;
  return { timeline, sent, notices, frames, feed };
}

describe('a replay of a normal run that runs out before the recorded ticks', () => {
  it('reports End resting short as a divergence at the tick it never ran, and keeps the run', () => {
    const { timeline, sent, notices, feed } = steppedBack(1, 1015);
    expect(notices).toEqual([]);
    timeline.seek(5);
    expect(sent).toEqual([{ type: 'run-until', tick: 5, inputs: [click(2)] }]);
    // Tick 3's timer was the last: the preview rests at 3 with nothing due.
    feed(ticks([rec(2), rec(3)], 3, 'paused', null));
    expect(notices).toEqual([RAN_OUT(3)]);
    expect(timeline.getState()).toMatchObject({
      mode: 'paused',
      tick: 3,
      lastTick: 5,
      divergence: RAN_OUT(3).replace(
        '. The preview may differ from the recorded run from here on.',
        '',
      ),
      canStepForward: true,
    });
    // The recorded ticks after it stay: its inputs, replayed or shared, are the live run's.
    expect(timeline.inputsUpTo(5)).toEqual([click(2)]);
  });

  it('tries Step forward again, and says it again in the same notice when the preview still cannot go on', () => {
    const { timeline, sent, notices, feed } = steppedBack(1, 1015);
    timeline.seek(5);
    feed(ticks([rec(2), rec(3)], 3, 'paused', null));
    timeline.stepForward();
    expect(sent.at(-1)).toEqual({ type: 'run-until', tick: 4, inputs: [click(2)] });
    expect(timeline.getState()).toMatchObject({ mode: 'replaying', divergence: null });
    feed(ticks([], 3, 'paused', null));
    // The same notice, kept current (the console replaces it: its key).
    expect(notices).toEqual([RAN_OUT(3), `${RAN_OUT(3)} (Seen 2 times.)`]);
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 3, lastTick: 5 });
    // A timer came since (a program's Worker): the next try reaches the tick, nothing to say.
    timeline.stepForward();
    feed(ticks([rec(4)], 4, 'paused', 1050));
    expect(notices).toHaveLength(2);
    expect(timeline.getState()).toMatchObject({ tick: 4, divergence: null });
  });

  it('reports a step back whose replay runs out before the tick it is sent to', () => {
    const { timeline, notices, feed } = steppedBack(1, 1015);
    timeline.seek(4);
    feed(ticks([rec(2), rec(3), rec(4)], 4, 'paused', 1050));
    expect(notices).toEqual([]);
    timeline.stepBack();
    feed(ticks(upTo(2), 2, 'paused', null));
    expect(notices).toEqual([RAN_OUT(2)]);
    expect(timeline.getState()).toMatchObject({ tick: 2, lastTick: 5 });
  });

  it('reports Play of the recording idling short of its end, once', () => {
    const { timeline, sent, notices, feed } = steppedBack(0, 1010);
    timeline.play();
    expect(sent).toEqual([{ type: 'play', speed: 1, recording: { until: 5, inputs: [click(2)] } }]);
    // Nothing due at tick 1, but the recorded click is next: it waits for it.
    feed(ticks([rec(1)], 1, 'playing', null));
    expect(notices).toEqual([]);
    feed(ticks([rec(2)], 2, 'playing', null));
    expect(notices).toEqual([RAN_OUT(2)]);
    expect(timeline.getState()).toMatchObject({ mode: 'playing', tick: 2, lastTick: 5 });
    // The preview goes on reporting the clock while it waits: said once.
    feed(ticks([], 2, 'playing', null));
    timeline.pause();
    feed(ticks([], 2, 'paused', null));
    expect(notices).toEqual([RAN_OUT(2)]);
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 2, lastTick: 5 });
  });

  it('says nothing when the replay reaches its tick, or a step at the live end runs nothing', () => {
    const { timeline, notices, feed } = steppedBack(1, 1015);
    timeline.seek(5);
    feed(ticks([rec(2), rec(3), rec(4), rec(5)], 5, 'paused', null));
    // At the live end with nothing due: the next tick is not recorded, nothing is missing.
    timeline.stepForward();
    feed(ticks([], 5, 'paused', null));
    expect(notices).toEqual([]);
    expect(timeline.getState()).toMatchObject({ tick: 5, lastTick: 5, divergence: null });
  });

  it('says nothing when the user pauses a played recording, or forks it away', () => {
    const { timeline, notices, feed } = steppedBack(1, 1015);
    timeline.play();
    feed(ticks([rec(2)], 2, 'playing', 1030));
    timeline.pause();
    feed(ticks([], 2, 'paused', 1030));
    expect(notices).toEqual([]);
    timeline.play();
    // A live input after tick 2 forked the run: the recorded ticks 3..5 are a kept future.
    feed(ticks([], 2, 'playing', null, 2));
    feed(ticks([{ ...rec(3), kind: 'input', ran: 'keydown' }], 3, 'playing', null));
    timeline.pause();
    feed(ticks([], 3, 'paused', null));
    expect(notices.filter((n) => n.startsWith('Replay diverged'))).toEqual([]);
    expect(timeline.getState()).toMatchObject({
      tick: 3,
      lastTick: 3,
      futures: [{ forkTick: 2, lastTick: 5 }],
    });
  });

  it('waits for a queued seek to go on before saying anything', () => {
    const { timeline, sent, notices, feed, frames } = steppedBack(1, 1015);
    timeline.seek(5);
    // The slider moves on while the replay runs: a seek to 4 is queued.
    timeline.seek(4);
    feed(ticks([rec(2), rec(3)], 3, 'paused', null));
    expect(notices).toEqual([]);
    expect(sent.at(-1)).toEqual({ type: 'run-until', tick: 4, inputs: [click(2)] });
    feed(ticks([], 3, 'paused', null));
    expect(notices).toEqual([RAN_OUT(3)]);
    // Queued back before it: a rebuilt replay reaches it, nothing to say.
    timeline.seek(5);
    timeline.seek(2);
    feed(ticks([], 3, 'paused', null));
    expect(frames).toHaveLength(2);
    feed(ticks(upTo(2), 2, 'paused', 1030));
    expect(notices).toEqual([RAN_OUT(3)]);
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 2, divergence: null });
  });
});
