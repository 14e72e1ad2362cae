import { describe, expect, it } from 'vitest';
import { rec, setup, ticks } from './timeline-fixtures';

// Pause and a step at the live end are answered by the preview's next report: until it
// arrives the tick shown may still move (the Timeline slider is aria-busy).
describe('a pause or step the preview has not answered yet', () => {
  it('stays paused through a report sent before the pause arrived, and rests at its answer', () => {
    const { timeline, live } = setup();
    timeline.pause();
    expect(timeline.getState()).toMatchObject({ mode: 'paused', awaiting: true, tick: 2 });
    // The preview ran tick 3 before it read the pause: the run stays paused, not yet resting.
    timeline.handle(live, ticks([rec(3)], 3, 'playing'));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', awaiting: true, tick: 3 });
    // Its answer: paused at tick 4.
    timeline.handle(live, ticks([rec(4)], 4, 'paused'));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', awaiting: false, tick: 4 });
    expect(timeline.getState().lastTick).toBe(4);
  });

  it('a step at the live end waits for the tick it ran', () => {
    const { timeline, live, sent } = setup();
    timeline.pause();
    timeline.handle(live, ticks([], 2, 'paused'));
    expect(timeline.getState().awaiting).toBe(false);
    timeline.stepForward();
    expect(sent.at(-1)).toEqual({ type: 'step' });
    expect(timeline.getState()).toMatchObject({ awaiting: true, tick: 2 });
    timeline.handle(live, ticks([rec(3)], 3, 'paused'));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', awaiting: false, tick: 3 });
  });

  it('Play before the answer plays: the preview’s later reports are followed again', () => {
    const { timeline, live } = setup();
    timeline.pause();
    timeline.play();
    expect(timeline.getState()).toMatchObject({ mode: 'playing', awaiting: false });
    timeline.handle(live, ticks([rec(3)], 3, 'playing'));
    expect(timeline.getState()).toMatchObject({ mode: 'playing', tick: 3 });
  });

  it('a seek back is a replay, not an answer to wait for', () => {
    const { timeline } = setup();
    timeline.pause();
    timeline.seek(1);
    expect(timeline.getState()).toMatchObject({ mode: 'replaying', awaiting: false });
  });
});
