/**
 * What the Logpoints panel and the editor show of each logpoint and of the open file's line
 * runs, made from the probed replays (pure). A logpoint whose new session has not caught up
 * with the one before it keeps that one's findings, so a change elsewhere never blanks it.
 */
import type { Logpoint, ProbeHit } from '../protocol';
import { MAX_PROBE_HITS } from '../protocol';
import type { ProbeSession, SessionPhase } from './probe-session';

export type LogpointPhase = SessionPhase | 'waiting';

export interface LogpointView {
  phase: LogpointPhase;
  /** Why it has no hits: it could not be placed, the expression does not parse, the replay stopped. */
  error: string | null;
  /** Worth knowing about its hits: the replay differed from the run, ran out, or hits were cut. */
  notes: string[];
  /** When it reads, once placed. */
  when: 'before' | 'after' | 'entry' | null;
  /** Each value's label (the expression's parts), once placed. */
  labels: string[];
  /** Hits kept, in tick order (the session's own array: `kept` says how many there are now). */
  hits: readonly ProbeHit[];
  kept: number;
  /** Hits that ran past the kept ones. */
  more: number;
  /** The first value that threw, and its tick. */
  thrown: { text: string; tick: number } | null;
  /** The last tick the replay reported. */
  reached: number;
}

export interface LineRunsView {
  path: string;
  phase: SessionPhase;
  /** Lines that hold code (1-based), with their runs (0: never ran) and ticks (ascending). */
  lines: ReadonlyMap<number, { runs: number; ticks: readonly number[] }>;
  /** The last tick the counting replay reported: counts are of ticks up to it. */
  reached: number;
  problem: string | null;
}

const WAITING: LogpointView = {
  phase: 'waiting',
  error: null,
  notes: ['Waiting for a run of the file as it is now.'],
  when: null,
  labels: [],
  hits: [],
  kept: 0,
  more: 0,
  thrown: null,
  reached: -1,
};

const same = (a: Logpoint, b: Logpoint) =>
  a.path === b.path && a.line === b.line && a.expression === b.expression;

/** The session to show `logpoint` from: the newest that has it, unless an older one is further. */
function sourceOf(logpoint: Logpoint, sessions: readonly ProbeSession[]): ProbeSession | null {
  const having = sessions.filter((s) => s.request.logpoints.some((l) => same(l, logpoint)));
  const newest = having[having.length - 1];
  if (!newest) return null;
  const older = having[having.length - 2];
  if (!older) return newest;
  const caughtUp =
    newest.status().phase === 'current' ||
    newest.status().phase === 'stopped' ||
    newest.findings().reached >= older.findings().reached;
  return caughtUp ? newest : older;
}

/** The view of one logpoint; `sessions` oldest first, of the current run only. */
export function logpointView(
  logpoint: Logpoint,
  sessions: readonly ProbeSession[],
  lastTick: number,
): LogpointView {
  const session = sourceOf(logpoint, sessions);
  if (!session) return WAITING;
  const status = session.status();
  const probed = session.probed();
  const placement = probed?.placed.get(idIn(session, logpoint));
  const base = { ...WAITING, notes: [], phase: status.phase as LogpointPhase };
  if (!probed || !placement) return { ...base, error: status.problem };
  if (!placement.ok) return { ...base, phase: 'stopped', error: placement.error };
  const findings = session.findings();
  const site = findings.sites[placement.site];
  const spec = probed.plan.sites[placement.site];
  const notes: string[] = [];
  if (findings.divergence)
    notes.push(
      `A logpoint changed the program at tick ${findings.divergence.tick}: ${findings.divergence.diff}. Values from there on may not be the run’s.`,
    );
  if (status.ranOutAt !== null && status.ranOutAt < lastTick)
    notes.push(
      `The probed replay stopped at tick ${status.ranOutAt}, short of the run’s tick ${lastTick}: it could not go on as the run did.`,
    );
  if (site && site.more > 0)
    notes.push(
      `Only the first ${MAX_PROBE_HITS.toLocaleString('en-US')} hits are kept; ${site.more.toLocaleString('en-US')} more ran.`,
    );
  if (findings.valuesCut) notes.push('Values of later hits are not kept: this run’s passed 50 MB.');
  return {
    ...base,
    error: status.problem,
    notes,
    when: placement.when,
    labels: spec?.values.map((v) => v.label) ?? [],
    hits: site?.hits ?? [],
    kept: site?.hits.length ?? 0,
    more: site?.more ?? 0,
    thrown: site?.thrown ?? null,
    reached: findings.reached,
  };
}

/**
 * The view of each logpoint by id: `waiting` ones (their file changed since the run was built)
 * as waiting, whatever an older session found of them.
 */
export function logpointViews(
  logpoints: readonly Logpoint[],
  waiting: readonly string[],
  sessions: readonly ProbeSession[],
  lastTick: number,
): Record<string, LogpointView> {
  const views: Record<string, LogpointView> = {};
  for (const logpoint of logpoints)
    views[logpoint.id] = logpointView(
      logpoint,
      waiting.includes(logpoint.id) ? [] : sessions,
      lastTick,
    );
  return views;
}

/** The id the session knew `logpoint` by (ids are stable, but a reload may renew them). */
function idIn(session: ProbeSession, logpoint: Logpoint): string {
  return session.request.logpoints.find((l) => same(l, logpoint))?.id ?? logpoint.id;
}

/** The open file's line runs from its session. */
export function lineRunsView(session: ProbeSession): LineRunsView | null {
  const path = session.request.lineHits;
  const probed = session.probed();
  if (!path) return null;
  const findings = session.findings();
  const lines = new Map<number, { runs: number; ticks: readonly number[] }>();
  probed?.lines.forEach((line, i) => {
    lines.set(line, { runs: findings.lines.runs[i] ?? 0, ticks: findings.lines.ticks[i] ?? [] });
  });
  return {
    path,
    phase: session.status().phase,
    lines,
    reached: findings.reached,
    problem: session.status().problem,
  };
}
