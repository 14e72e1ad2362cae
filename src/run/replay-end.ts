/**
 * Where a replay of the recording cannot go on. The tick loop runs a tick only when a timer or
 * frame is due or the recording's input is next (runtime/clock/tick-loop.ts, "the host
 * reports it"): a replay with neither rests or idles, and the recorded ticks after it never
 * run, so they are never compared. The live run did go on from there, so the replay differs.
 */
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
