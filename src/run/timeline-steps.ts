/**
 * The timeline's state transitions (timeline.ts wires them): what a report from the preview
 * makes of the state, and how the preview gets to a tick. Pure, unit-tested alone.
 */
import type { LoopState } from '../protocol';
import type { TimelineState } from './timeline-types';

/**
 * The state after the preview reported `report`. `lastTick`: the history's newest tick;
 * `runOn`: a seek waits for this replay to rest, and the preview runs on at once, so it stays
 * 'replaying' (subscribers do not act on a pause that is over straight away).
 */
export function reported(
  prev: Pick<TimelineState, 'awaiting'>,
  report: Pick<LoopState, 'mode' | 'tick' | 'now' | 'nextDue'>,
  lastTick: number,
  startTime: number,
  runOn: boolean,
): Pick<TimelineState, 'mode' | 'awaiting' | 'tick' | 'lastTick' | 'elapsed' | 'canStepForward'> {
  const { mode, tick, now, nextDue } = report;
  // A report sent before the pause reached the preview: the run is paused all the same.
  const stillPausing = prev.awaiting && mode === 'playing';
  return {
    mode: runOn ? 'replaying' : stillPausing ? 'paused' : mode,
    awaiting: stillPausing,
    tick,
    lastTick,
    elapsed: now - startTime,
    // Recorded ticks ahead, or a timer or frame due.
    canStepForward: tick < lastTick || nextDue !== null,
  };
}

/** How the preview gets to a tick: it is there, it runs on to it, or a frame is rebuilt. */
export type Move = { tick: number; how: 'here' | 'run-on' | 'rebuild' };

/**
 * Moving to `target` (rounded, clamped to the history's `first`..`lastTick`) from `tick`:
 * forward by running on, back (or into another future: `rebuild`) by a replay.
 */
export function moveTo(
  at: Pick<TimelineState, 'tick' | 'lastTick'>,
  first: number,
  target: number,
  rebuild: boolean,
): Move {
  const tick = Math.max(first, Math.min(Math.round(target), at.lastTick));
  if (tick === at.tick && !rebuild) return { tick, how: 'here' };
  return { tick, how: tick > at.tick && !rebuild ? 'run-on' : 'rebuild' };
}
