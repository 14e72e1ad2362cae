/**
 * What a probed replay found, accumulated as its messages arrive (pure, no timers): each
 * logpoint's hits in tick order, the counted lines' runs and ticks, how far it got and the first
 * tick whose fingerprint differed from the recording's.
 */
import type { LineHitDelta, ProbeHit, ProbeValue, TickRecord } from '../protocol';
import { compareRecords } from '../run/replay-divergence';

/** Bytes of values kept per probed replay (past them, later hits are kept without values). */
export const MAX_VALUE_BYTES = 50 * 1024 * 1024;

export interface SiteHits {
  /** Hits kept, in the order they ran (ticks ascending). */
  hits: ProbeHit[];
  /** Hits that ran past the kept ones (the runtime's cap per logpoint). */
  more: number;
  /** The first value that threw, and its tick (shown at the logpoint). */
  thrown: { text: string; tick: number } | null;
}

export interface LineRuns {
  /** Runs of each counted line so far (by counter). */
  runs: number[];
  /** Ticks each counted line ran in, ascending, each once (by counter). */
  ticks: number[][];
}

export interface ProbeFindings {
  /** By site. */
  sites: SiteHits[];
  lines: LineRuns;
  /** The last tick the probed replay reported (-1 before tick 0). */
  reached: number;
  /** The first tick whose fingerprint differed from the recording's, and what differed. */
  divergence: { tick: number; diff: string } | null;
  /** Estimated bytes of values kept. */
  bytes: number;
  /** Set once values stopped being kept (MAX_VALUE_BYTES). */
  valuesCut: boolean;
}

export function emptyFindings(siteCount: number, lineCount: number): ProbeFindings {
  return {
    sites: Array.from({ length: siteCount }, () => ({ hits: [], more: 0, thrown: null })),
    lines: {
      runs: Array.from({ length: lineCount }, () => 0),
      ticks: Array.from({ length: lineCount }, () => []),
    },
    reached: -1,
    divergence: null,
    bytes: 0,
    valuesCut: false,
  };
}

const CUT: ProbeValue = { t: 'unread', why: 'not kept: this run’s logpoint values passed 50 MB' };

/** Adds hits (mutates `f`: findings grow by the thousand, copying them per message would not). */
export function addHits(
  f: ProbeFindings,
  hits: readonly ProbeHit[],
  over: readonly { site: number; count: number }[],
): void {
  for (const hit of hits) {
    const site = f.sites[hit.site];
    if (!site) continue;
    let kept = hit;
    if (!f.valuesCut) {
      f.bytes += valuesBytes(hit.values);
      if (f.bytes > MAX_VALUE_BYTES) f.valuesCut = true;
    }
    if (f.valuesCut) kept = { ...hit, values: hit.values.map(() => CUT) };
    site.hits.push(kept);
    if (!site.thrown) {
      const thrown = hit.values.find((v) => v.t === 'thrown');
      if (thrown?.t === 'thrown') site.thrown = { text: thrown.text, tick: hit.tick };
    }
  }
  for (const { site, count } of over) {
    const s = f.sites[site];
    if (s) s.more += count;
  }
}

/** Adds line runs (mutates `f`). */
export function addLineRuns(f: ProbeFindings, deltas: readonly LineHitDelta[]): void {
  for (const { i, runs, ticks } of deltas) {
    if (i < 0 || i >= f.lines.runs.length) continue;
    f.lines.runs[i]! += runs;
    const list = f.lines.ticks[i]!;
    for (const tick of ticks)
      if (list.length === 0 || tick > list[list.length - 1]!) list.push(tick);
  }
}

/**
 * Notes the ticks the probed replay ran, compared with the recording's records (the history's
 * `recordAt`; a tick it no longer holds, or a shared run's tick not run yet, is not compared).
 */
export function addTicks(
  f: ProbeFindings,
  records: readonly TickRecord[],
  reached: number,
  recorded: (tick: number) => TickRecord | undefined,
): void {
  for (const r of records) {
    if (f.divergence) break;
    const before = recorded(r.tick);
    const diff = before ? compareRecords(before, r) : null;
    if (diff) f.divergence = { tick: r.tick, diff };
  }
  f.reached = Math.max(f.reached, reached);
}

/** A rough size of values (their serialised form's characters, ×2 bytes). */
export function valuesBytes(values: readonly ProbeValue[]): number {
  let n = 0;
  const walk = (v: unknown, budget: number): void => {
    if (budget <= 0) return;
    n += 16;
    if (typeof v === 'string') n += v.length * 2;
    else if (Array.isArray(v)) for (const x of v) walk(x, budget - 1);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x, budget - 1);
  };
  for (const v of values) walk(v, 64);
  return n;
}
