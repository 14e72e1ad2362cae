/**
 * How Ask the past (ask-past.ts wires them) moves its probed replays toward the plan
 * (session-plan.ts says which should exist; these say what becomes of the ones held) and what a
 * move of the editor's cursor or an edit request makes of its state. Pure, unit-tested alone.
 */
import type { SessionPhase } from './probe-session';
import type { PlannedSession } from './session-plan';

/** What the held logpoint sessions do at a reconcile. */
export interface LogpointSessionsStep {
  /** Dispose of every one held (before `make`). */
  dropAll: boolean;
  /** The session to make and hold as the newest; null: none. */
  make: PlannedSession | null;
}

/**
 * The logpoint sessions held (`keys`, oldest first) meeting the plan's `want`: a new run, or no
 * logpoint left to probe, drops them all; a key not the newest's is made when `canMake` (a run
 * is shown and the preview host is up). The newest keeps the older one until it catches up.
 */
export function logpointSessionsStep(
  keys: readonly string[],
  want: PlannedSession | null,
  newRun: boolean,
  canMake: boolean,
): LogpointSessionsStep {
  const dropAll = keys.length > 0 && (newRun || !want);
  const newest = dropAll ? undefined : keys[keys.length - 1];
  return { dropAll, make: want && canMake && newest !== want.key ? want : null };
}

/** What the line-counting session does at a reconcile. */
export interface LineSessionStep {
  /** Dispose of the one held (its key is not the plan's). */
  drop: boolean;
  /** The session to make; null: none. */
  make: PlannedSession | null;
}

/**
 * The line-counting session held (`key`, null: none) meeting the plan's `want`: another key
 * drops it; one is made only while `paused` (counting costs a replay) and `canMake`.
 */
export function lineSessionStep(
  key: string | null,
  want: PlannedSession | null,
  paused: boolean,
  canMake: boolean,
): LineSessionStep {
  const drop = key !== null && key !== want?.key;
  const held = key !== null && !drop;
  return { drop, make: want && !held && paused && canMake ? want : null };
}

/**
 * Whether the older of the logpoint sessions held goes: there are two (`phases`, oldest first)
 * and the newer is current, so it has caught up with what the older found.
 */
export function olderCaughtUp(phases: readonly SessionPhase[]): boolean {
  return phases.length === 2 && phases[1] === 'current';
}

/** A line of a file. */
export interface Cursor {
  path: string;
  line: number;
}

/** The cursor after it moved to `path:line`: `was` itself when it stays on that line. */
export function cursorMoved(was: Cursor | null, path: string, line: number): Cursor | null {
  return was?.path === path && was.line === line ? was : { path, line };
}

/** A request to show logpoint `id` with its expression to edit. */
export interface EditRequest {
  id: string;
  /** Counts the requests, so asking again for the same logpoint is news to subscribers. */
  nonce: number;
}

/** The request after another for `id`. */
export function editRequested(was: EditRequest | null, id: string): EditRequest {
  return { id, nonce: (was?.nonce ?? 0) + 1 };
}
