import { describe, expect, it } from 'vitest';
import type { HostMessage, RuntimeMessage } from '../../../src/protocol';
import { createTimeline } from '../../../src/run/timeline';
import { click, framedTimeline, rec, ticks, upTo } from './replay-end-fixtures';

// A shared recording of ticks 0..5 (a click at tick 2, timers else) whose replay here runs out
// of timers at tick 3: the program differs from the sender's, so ticks 4 and 5 never come.
const STOPPED = 'The shared run stopped at tick 3 of 5: this replay differs from the sender’s run.';

/** A timeline landed at `landAt` of the shared recording, with `nextDue` pending there. */
function landed(landAt: number, nextDue: number | null) {
  const { timeline, sent, notices, frames } = framedTimeline();
  const live = {};
  timeline.startRun(live, 1000, { landAt, lastTick: 5, inputs: [click(2)] });
  /** A message from the newest frame (a step back rebuilds the preview). */
  const feed = (m: RuntimeMessage) => timeline.handle(frames.at(-1) ?? live, m);
  feed(ticks(upTo(landAt), landAt, 'paused', nextDue));
  return { timeline, sent, notices, feed };
}

describe('a shared run whose replay runs out after the sender’s tick', () => {
  it('says so when a step forward cannot reach the next tick, and ends the timeline there', () => {
    const { timeline, sent, notices, feed } = landed(3, null);
    // Landed: the rest may still come (nothing is tried before the user goes on).
    expect(notices).toEqual([]);
    expect(timeline.getState()).toMatchObject({ tick: 3, lastTick: 5, canStepForward: true });
    timeline.stepForward();
    expect(sent).toEqual([{ type: 'run-until', tick: 4, inputs: [click(2)] }]);
    // The preview had nothing left to run: it rests where it was.
    feed(ticks([], 3, 'paused', null));
    expect(notices).toEqual([STOPPED]);
    expect(timeline.getState()).toMatchObject({
      mode: 'paused',
      tick: 3,
      lastTick: 3,
      canStepForward: false,
    });
    // Nothing after it is kept to replay or share.
    expect(timeline.inputsUpTo(5)).toEqual([click(2)]);
    timeline.stepForward();
    expect(sent.filter((m) => m.type === 'run-until')).toHaveLength(1);
    // Back a tick: the console refilled up to it still says why the timeline ends early.
    timeline.stepBack();
    feed(ticks(upTo(2), 2, 'paused', 1030));
    expect(notices).toEqual([STOPPED, STOPPED]);
    expect(timeline.getState()).toMatchObject({ tick: 2, lastTick: 3, canStepForward: true });
  });

  it('says so when End runs out before the last tick, after the recorded input ran', () => {
    const { timeline, sent, notices, feed } = landed(1, 1015);
    timeline.seek(5);
    expect(sent).toEqual([{ type: 'run-until', tick: 5, inputs: [click(2)] }]);
    feed(ticks([rec(2), rec(3)], 3, 'paused', null));
    expect(notices).toEqual([STOPPED]);
    expect(timeline.getState()).toMatchObject({ tick: 3, lastTick: 3, canStepForward: false });
  });

  it('says so when Play runs out, and plays no further recording', () => {
    const { timeline, sent, notices, feed } = landed(1, 1015);
    timeline.play();
    expect(sent).toEqual([{ type: 'play', speed: 1, recording: { until: 5, inputs: [click(2)] } }]);
    feed(ticks([rec(2)], 2, 'playing', 1030));
    expect(notices).toEqual([]);
    feed(ticks([rec(3)], 3, 'playing', null));
    expect(notices).toEqual([STOPPED]);
    expect(timeline.getState()).toMatchObject({ mode: 'playing', tick: 3, lastTick: 3 });
    // Said once: the preview goes on reporting the clock while it waits.
    feed(ticks([], 3, 'playing', null));
    expect(notices).toEqual([STOPPED]);
    timeline.pause();
    feed(ticks([], 3, 'paused', null));
    expect(timeline.getState()).toMatchObject({ tick: 3, lastTick: 3, canStepForward: false });
  });

  it('waits for a recorded input that is next, even with nothing due', () => {
    const { timeline, notices, feed } = landed(1, null);
    timeline.stepForward();
    feed(ticks([rec(2)], 2, 'paused', 1030));
    expect(notices).toEqual([]);
    expect(timeline.getState()).toMatchObject({ tick: 2, lastTick: 5, canStepForward: true });
  });

  it('tells a run that is not shared its short replay as a divergence, and keeps its ticks', () => {
    const sent: HostMessage[] = [];
    const notices: string[] = [];
    const timeline = createTimeline({
      send: (m) => sent.push(m),
      replay: (tick) => ({ frame: live, at: tick }),
      resetConsole() {},
      showConsole() {},
      notice: (t) => notices.push(t),
    });
    const live = {};
    timeline.startRun(live, 1000);
    timeline.handle(live, ticks(upTo(3), 3, 'playing', null));
    timeline.pause();
    timeline.handle(live, ticks([], 3, 'paused', null));
    timeline.seek(1);
    timeline.handle(live, ticks(upTo(1), 1, 'paused', 1015));
    timeline.seek(3);
    timeline.handle(live, ticks([rec(2)], 2, 'paused', null));
    // Its ticks were recorded here (timeline-replay-end.test.ts): not the sender's stop.
    expect(notices).toEqual([
      'Replay diverged at tick 3: the replay ran out of timers and frames at tick 2 and never ran it; the recorded run went on to tick 3. The preview may differ from the recorded run from here on.',
    ]);
    expect(timeline.getState()).toMatchObject({ tick: 2, lastTick: 3, canStepForward: true });
  });
});
