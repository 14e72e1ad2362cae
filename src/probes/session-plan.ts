/**
 * Which probed replays should exist now (pure): the logpoints' session for the current run and
 * future, and the line-hit session for the open file (the manager starts that one only while the
 * run is paused: counting costs a replay). A session whose key is unchanged goes on; a new key
 * replaces it.
 */
import type { Logpoint, Program } from '../protocol';
import type { ProbeRequest } from './probed-program';

export interface PlanInput {
  /** The current run, or null when nothing runs. */
  run: { runId: number; program: Program } | null;
  /** Changes when the run moves to another future (a fork, Restore previous future). */
  futureId: number;
  logpoints: readonly Logpoint[];
  /** The file open in the editor. */
  activePath: string | null;
  /** Whether the run's program was built from the file as it is now (else its lines moved). */
  builtFromCurrent(path: string): boolean;
}

export interface PlannedSession {
  key: string;
  request: ProbeRequest;
}

export interface SessionPlan {
  logpoints: PlannedSession | null;
  lines: PlannedSession | null;
  /** Logpoints left out: their file changed since the run was built (the next run places them). */
  waiting: string[];
}

export function planSessions(input: PlanInput): SessionPlan {
  const { run } = input;
  if (!run) return { logpoints: null, lines: null, waiting: input.logpoints.map((l) => l.id) };
  const base = `${run.runId}:${input.futureId}`;
  const probed: Logpoint[] = [];
  const waiting: string[] = [];
  const current = new Map<string, boolean>();
  const fresh = (path: string) => {
    let known = current.get(path);
    if (known === undefined) current.set(path, (known = input.builtFromCurrent(path)));
    return known;
  };
  for (const logpoint of input.logpoints) {
    if (fresh(logpoint.path)) probed.push(logpoint);
    else waiting.push(logpoint.id);
  }
  const logpoints =
    probed.length === 0
      ? null
      : {
          key: `${base}:${probed.map((l) => `${l.path}\n${l.line}\n${l.expression}`).join('\n\n')}`,
          request: { logpoints: probed, lineHits: null },
        };
  const path = input.activePath;
  const counted = path !== null && run.program.modules[path]?.kind === 'js' && fresh(path);
  const lines = counted
    ? { key: `${base}:${path}`, request: { logpoints: [], lineHits: path } }
    : null;
  return { logpoints, lines, waiting };
}
