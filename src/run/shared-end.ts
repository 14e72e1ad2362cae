/**
 * Where a shared run's replay ends here. The link carries the sender's inputs, not the
 * fingerprints of their ticks: the ticks after the landing are first run here, with nothing to
 * compare them with, so running out of them is the one divergence there is to see.
 */
import type { History } from './history';
import { cannotGoOn } from './replay-end';

/**
 * Whether the recorded ticks after `tick` can never come in this preview: it stands at the
 * newest record, the ticks after it are known only by their inputs, and the replay cannot go
 * on (replay-end.ts). The sender's loop was the same, so the sender's run differed from here on.
 */
export function recordingRanOut(history: History, tick: number, nextDue: number | null): boolean {
  if (tick !== history.lastRecord() || tick >= history.lastRecorded()) return false;
  return cannotGoOn(history, tick, nextDue);
}
