import type { RuntimeMessage } from '../../../src/protocol';
import { describe, expect, it } from 'vitest';
import { input, log, rec, setup, ticks } from './timeline-fixtures';

/** What the preview sends when a live input arrives after `tick` while a recording plays. */
const forkedAt = (tick: number): RuntimeMessage => ({
  type: 'ticks',
  records: [],
  state: { mode: 'playing', tick, now: 1000 + tick * 10, nextDue: null, forked: tick },
});

/** Home, then Play: the preview (a replay frame at tick 0) plays the recording again. */
function playFromHome() {
  const t = setup();
  t.timeline.pause();
  t.timeline.seek(0);
  const frame = t.replays[0]!.frame;
  t.timeline.handle(frame, ticks([rec(0)], 0, 'paused'));
  t.timeline.play();
  return { ...t, frame };
}

describe('timeline futures (video semantics)', () => {
  it('a recording played again adds nothing to the history and shows its console once', () => {
    const { timeline, frame, consoleShown } = playFromHome();
    expect(consoleShown).toEqual(['a']);
    // The frame re-runs ticks 1 and 2: their output is the recorded one, shown as ticks come.
    expect(timeline.handle(frame, log(1, 'b'))).toBe(false);
    timeline.handle(frame, ticks([rec(1, { kind: 'input', ran: 'click', input: input(1) })], 1));
    expect(consoleShown).toEqual(['a', 'b']);
    timeline.handle(frame, ticks([rec(2)], 2));
    expect(consoleShown).toEqual(['a', 'b', 'c']);
    expect(timeline.getState()).toMatchObject({ tick: 2, lastTick: 2, divergence: null });
    // Live past the recording's end.
    expect(timeline.handle(frame, log(3, 'd'))).toBe(true);
    timeline.handle(frame, ticks([rec(3)], 3));
    expect(timeline.getState()).toMatchObject({ lastTick: 3, futures: [] });
  });

  it('a live input behind the end forks, keeping the old future to restore', () => {
    const { timeline, frame, consoleShown, notices, replays } = playFromHome();
    const before = timeline.getState().futureId;
    // The preview says: a live input arrived after tick 0; then tick 1 is that input.
    timeline.handle(frame, forkedAt(0));
    expect(timeline.getState().futures).toEqual([{ forkTick: 0, lastTick: 2 }]);
    expect(timeline.getState().futureId).toBeGreaterThan(before);
    expect(notices.at(-1)).toMatch(/Restore previous future/);
    // The new tick 1's output is live, not taken for the old tick 1's.
    expect(timeline.handle(frame, log(1, 'fork'))).toBe(true);
    consoleShown.push('fork');
    const key = { ...input(1), type: 'keydown', ctor: 'KeyboardEvent' };
    timeline.handle(
      frame,
      ticks([rec(1, { kind: 'input', ran: 'keydown', input: key, dom: 8 })], 1),
    );
    expect(timeline.getState()).toMatchObject({ tick: 1, lastTick: 1, divergence: null });
    expect(timeline.inputsUpTo(1)).toEqual([key]);

    timeline.pause();
    timeline.restoreFuture();
    // Rebuilt at the old end with the old inputs; the console shows the old future.
    expect(replays.at(-1)).toMatchObject({ tick: 2, inputs: [input(1)] });
    expect(timeline.getState()).toMatchObject({
      lastTick: 2,
      mode: 'replaying',
      futures: [{ forkTick: 0, lastTick: 1 }],
    });
    const again = replays.at(-1)!.frame;
    timeline.handle(
      again,
      ticks(
        [rec(0), rec(1, { kind: 'input', ran: 'click', input: input(1) }), rec(2)],
        2,
        'paused',
      ),
    );
    expect(consoleShown).toEqual(['a', 'b', 'c']);
    expect(timeline.getState()).toMatchObject({ tick: 2, mode: 'paused', divergence: null });
    // And back to the fork's future.
    timeline.restoreFuture();
    expect(replays.at(-1)).toMatchObject({ tick: 1, inputs: [key] });
  });

  it('Play pressed while a replay runs plays once it rests', () => {
    const t = setup();
    t.timeline.pause();
    t.timeline.seek(0);
    t.timeline.play();
    expect(t.sent.at(-1)).toEqual({ type: 'pause' });
    t.timeline.handle(t.replays[0]!.frame, ticks([rec(0)], 0, 'paused'));
    expect(t.sent.at(-1)).toMatchObject({ type: 'play', recording: { until: 2 } });
    expect(t.timeline.getState().mode).toBe('playing');
  });
});
