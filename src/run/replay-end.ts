/**
 * Where a replay of the recording cannot go on. The tick loop runs a tick only when a timer or
 * frame is due or the recording's input is next (runtime/clock/tick-loop.ts, "the host
 * reports it"): a replay with neither rests or idles, and the recorded ticks after it never
 * run, so they are never compared. The live run did go on from there, so the replay differs.
 */
import type { LoopState } from '../protocol';
import type { History } from './history';

/**
 * Whether the replay standing at `tick` cannot run the next tick of the recording: nothing is
 * due (`nextDue`) and that tick is no recorded input. Whether the recording has a next tick is
 * the caller's (its records, or a shared run's expected ticks).
 */
export function cannotGoOn(history: History, tick: number, nextDue: number | null): boolean {
  if (nextDue !== null) return false;
  return !history.inputsUpTo(tick + 1).some((input) => input.tick === tick + 1);
}

/**
 * How a replay that ran out at `tick`, short of the recorded `last`, is reported as a
 * divergence: the first tick that differs is the next one, which the replay never ran.
 */
export const ranOutDiff = (tick: number, last: number) =>
  `the replay ran out of timers and frames at tick ${tick} and never ran it; the recorded run went on to tick ${last}`;

/** A replay that stopped at `tick` short of `of`: a shared run's, or a normal run's ('ran-out'). */
export type ReplayEnd = { stop: 'shared' | 'ran-out'; tick: number; of: number };

/** The preview's report, as the watch reads it. */
type Report = Pick<LoopState, 'mode' | 'tick' | 'nextDue'>;

/** Follows where the preview was sent and tells, from its reports, where a replay ran out. */
export function createReplayEndWatch() {
  /** A shared run's landing tick, until its replay rests (then checked it was reached). */
  let landing: number | null = null;
  /**
   * The tick the preview was last sent to (step, seek, End): resting short of it, the replay
   * may have run out. Only then, not on landing: nothing is tried before the user goes on,
   * and a program the clock does not control (a Worker) may have a timer by then.
   */
  let aim: number | null = null;
  return {
    /** A run starts; a shared one replays to `landAt` first. */
    start(landAt: number | null) {
      landing = landAt;
      aim = null;
    },
    /** The preview was sent to `tick`. */
    sentTo(tick: number) {
      aim = tick;
    },
    /** Where the replay stopped short, if this report says so; `seekQueued`: a seek runs on. */
    check(history: History, { mode, tick, nextDue }: Report, seekQueued: boolean) {
      let end: ReplayEnd | null = null;
      const short = mode === 'playing' || (mode === 'paused' && aim !== null && tick < aim);
      if (mode === 'paused' && landing !== null) {
        if (tick < landing) end = { stop: 'shared', tick, of: landing };
        landing = null;
        return end;
      }
      if (short && recordingRanOut(history, tick, nextDue))
        end = { stop: 'shared', tick, of: history.lastRecorded() };
      else if (
        short &&
        (mode === 'playing' || !seekQueued) &&
        tick < history.lastRecord() &&
        cannotGoOn(history, tick, nextDue)
      )
        end = { stop: 'ran-out', tick, of: history.lastRecorded() };
      if (end) aim = null;
      return end;
    },
  };
}

/**
 * Whether the recorded ticks after `tick` can never come in this preview: it stands at the
 * newest record, the ticks after it are known only by their inputs (a shared run's: the link
 * carries no fingerprints, so running out is the one divergence there is to see), and the
 * replay cannot go on. The sender's loop was the same, so the sender's run differed from here.
 */
export function recordingRanOut(history: History, tick: number, nextDue: number | null): boolean {
  if (tick !== history.lastRecord() || tick >= history.lastRecorded()) return false;
  return cannotGoOn(history, tick, nextDue);
}

/** What the console says when a shared run's replay stopped at `tick` of the sender's `of`. */
export const sharedStopNote = (tick: number, of: number) =>
  `The shared run stopped at tick ${tick} of ${of}: this replay differs from the sender’s run.`;
