/**
 * The futures a run left behind (docs/architecture.md, "The run loop"). Playing a recording
 * from a past tick and then acting (a click, a key, a console evaluation) forks: the run goes
 * on live from there, and the recorded future it replaced is kept here so the user can return
 * to it ("Restore previous future"). Plain data, generic over what a future is (the timeline
 * keeps whole histories), so it is tested without a browser.
 */

/** A future the run left: where it split from the run, how far it went, and its content. */
export interface Branch<T> {
  /** The last tick shared with the run it split from. */
  forkTick: number;
  /** The future's last recorded tick. */
  lastTick: number;
  /** The future itself (a history). */
  saved: T;
}

export interface Branches<T> {
  /** Kept futures, the most recently left first. */
  list(): readonly Branch<T>[];
  /**
   * The run left `saved` (recorded to `lastTick`) at `forkTick`. Returns the future dropped
   * to stay within the limit (the oldest), if any, so the caller can say so.
   */
  fork(saved: T, forkTick: number, lastTick: number): Branch<T> | null;
  /**
   * Returns to the most recently left future; the current one (`current`, recorded to
   * `lastTick`) is kept in its place at the far end, so Restore again and again visits every
   * kept future in turn and loses none. Null when there is none to return to.
   */
  restore(current: T, lastTick: number): Branch<T> | null;
  /** Forgets every future (a new run). */
  clear(): void;
}

/** Futures kept at most by default: each one holds a whole history. */
export const MAX_BRANCHES = 5;

export function createBranches<T>(limit = MAX_BRANCHES): Branches<T> {
  let branches: Branch<T>[] = [];
  return {
    list: () => branches,
    fork(saved, forkTick, lastTick) {
      branches = [{ forkTick, lastTick, saved }, ...branches];
      return branches.length > Math.max(1, limit) ? (branches.pop() ?? null) : null;
    },
    restore(current, lastTick) {
      const [back, ...rest] = branches;
      if (!back) return null;
      // The two futures split where the restored one left: the current one keeps that tick.
      branches = [...rest, { forkTick: back.forkTick, lastTick, saved: current }];
      return back;
    },
    clear() {
      branches = [];
    },
  };
}
