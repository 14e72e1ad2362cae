/**
 * The console's word when a replay differs from its record (docs/architecture.md, "The run
 * loop"): one notice per diverged path (a future of the run), kept current. Stepping forward
 * along a replay that diverged compares every tick it runs with the record, and each differs
 * again: said at every step, a program the clock cannot control (a Worker) printed twenty
 * lines for twenty steps. Pure: the timeline keeps what was told and shows the text it gets.
 */

/** The divergence told for a future of the run. */
export interface DivergenceTold {
  /** The future it was told for (TimelineState.futureId). */
  future: number;
  /** The first tick that differed, and how. */
  tick: number;
  diff: string;
  /** The latest tick found differing on the same path (the tick itself when only it). */
  since: number;
  /** How many times replays found it (each step forward along the path finds it again). */
  seen: number;
}

/** The notice's key in the console: another notice for the same future replaces it. */
export const divergenceKey = (future: number) => `divergence:${future}`;

/** Tick `tick` of future `future` differed (`diff`): what is told now, kept current. */
export function diverge(
  told: DivergenceTold | null,
  future: number,
  tick: number,
  diff: string,
): { told: DivergenceTold; title: string; text: string } {
  const same = told !== null && told.future === future && tick >= told.tick;
  const next: DivergenceTold = same
    ? { ...told, since: Math.max(told.since, tick), seen: told.seen + 1 }
    : { future, tick, diff, since: tick, seen: 1 };
  const title = `Replay diverged at tick ${next.tick}: ${next.diff}`;
  const still = next.since > next.tick ? ` It still differed at tick ${next.since}.` : '';
  const seen = next.seen > 1 ? ` (Seen ${next.seen} times.)` : '';
  return {
    told: next,
    title,
    text: `${title}. The preview may differ from the recorded run from here on.${still}${seen}`,
  };
}
