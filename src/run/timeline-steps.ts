/**
 * The timeline's state transitions (timeline.ts wires them): a run starting and stopping, what
 * a report from the preview makes of the state, how the preview gets to a tick, a move to
 * another future, and what the controls refuse while the preview is on its way. Pure,
 * unit-tested alone.
 */
import type { LoopState } from '../protocol';
import { INITIAL_TIMELINE, type TimelineState } from './timeline-types';

/**
 * The state when a run starts: all anew but the speed, in a future of its own. A run that
 * lands somewhere (`landing`) replays to it; `lastTick` is a shared recording's (its later
 * ticks are ahead), else 0.
 */
export function runStarted(
  prev: Pick<TimelineState, 'speed' | 'futureId'>,
  landing: boolean,
  lastTick: number,
): TimelineState {
  return {
    ...INITIAL_TIMELINE,
    speed: prev.speed,
    futureId: prev.futureId + 1,
    active: true,
    mode: landing ? 'replaying' : 'playing',
    lastTick,
  };
}

/** The state once the run ended: nothing to control; the speed stays the user's. */
export function runStopped(prev: Pick<TimelineState, 'speed'>): TimelineState {
  return { ...INITIAL_TIMELINE, speed: prev.speed };
}

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

/**
 * Where a report leaves a seek queued while a replay ran (`queued`): once the preview rests it
 * runs on to it (`runOn`). `replayOver`: nothing runs on and the preview is not replaying.
 */
export function queuedAfter(
  mode: LoopState['mode'],
  queued: number | null,
): { runOn: number | null; replayOver: boolean } {
  const runOn = mode === 'paused' ? queued : null;
  return { runOn, replayOver: runOn === null && mode !== 'replaying' };
}

/**
 * The state in another future (a fork after `lastTick`, or a kept future restored up to it):
 * the checkpoints of the old one are useless (`futureId`), and so is its divergence.
 */
export function anotherFuture(
  prev: Pick<TimelineState, 'futureId'>,
  lastTick: number,
  futures: TimelineState['futures'],
): Pick<TimelineState, 'futures' | 'futureId' | 'lastTick' | 'divergence'> {
  return { futures, futureId: prev.futureId + 1, lastTick, divergence: null };
}

/**
 * What the console says when a live input forks the run after tick `at`: the recorded future
 * (to tick `recordedTo`) is kept; `dropped`, the oldest kept one, when there was no room.
 */
export function forkNotice(
  at: number,
  recordedTo: number,
  dropped: { forkTick: number } | null,
): string {
  return (
    `New input after tick ${at}: the run goes on live from here. The recorded future (to tick ${recordedTo}) is kept: "Restore previous future" returns to it.` +
    (dropped ? ` The oldest kept future (from tick ${dropped.forkTick}) was let go.` : '')
  );
}

/** Why a console input cannot be evaluated now (`running`: a preview runs); null when it can. */
export function cannotEvaluate(running: boolean, mode: TimelineState['mode']): string | null {
  if (!running) return 'Nothing is running to evaluate in: press Run first.';
  if (mode === 'replaying')
    return 'The preview is still going to its tick: press Enter again in a moment.';
  return null;
}

/**
 * Whether the run can be hot-swapped from where it is: while a swap still lands (the swap
 * from here is that one), or paused with no step or pause on its way.
 */
export function canSwap(at: Pick<TimelineState, 'mode' | 'awaiting'>, landing: boolean): boolean {
  return landing || (at.mode === 'paused' && !at.awaiting);
}

/** A play speed within the ones offered (0.25–4). */
export function speedWithin(speed: number): number {
  return Math.min(4, Math.max(0.25, speed));
}
