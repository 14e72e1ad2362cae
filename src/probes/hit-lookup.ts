/**
 * Reading hits by time (pure): the hit shown at a tick (values travel with time), the previous
 * and next tick at which a line ran (reverse breakpoints), and a numeric value's strip over the run.
 */
import type { ProbeHit, ProbeValue } from '../protocol';
import type { LineRunsView } from './probe-views';

/** Index of the last element of ascending `ticks(i)` at or before `tick`; -1 when none. */
function lastAtOrBefore(length: number, tickAt: (i: number) => number, tick: number): number {
  let lo = 0;
  let hi = length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tickAt(mid) <= tick) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The last hit at or before `tick` (several in one tick: the last of them); null when none. */
export function hitAt(hits: readonly ProbeHit[], tick: number): ProbeHit | null {
  const i = lastAtOrBefore(hits.length, (k) => hits[k]!.tick, tick);
  return i < 0 ? null : hits[i]!;
}

/** Hits at or before `tick` (how many times the line had run by then). */
export function hitsUpTo(hits: readonly ProbeHit[], tick: number): number {
  return lastAtOrBefore(hits.length, (k) => hits[k]!.tick, tick) + 1;
}

/** The last tick before `tick` in ascending `ticks`; null when none. */
export function previousTick(ticks: readonly number[], tick: number): number | null {
  const i = lastAtOrBefore(ticks.length, (k) => ticks[k]!, tick - 1);
  return i < 0 ? null : ticks[i]!;
}

/** The first tick after `tick` in ascending `ticks`; null when none. */
export function nextTick(ticks: readonly number[], tick: number): number | null {
  const i = lastAtOrBefore(ticks.length, (k) => ticks[k]!, tick) + 1;
  return i < ticks.length ? ticks[i]! : null;
}

/**
 * The tick before / after `tick` at which `path:line` ran, from the open file's counted runs;
 * null when none, or when `lines` (null: not counted) are another file's.
 */
export function lineHitTick(
  lines: Pick<LineRunsView, 'path' | 'lines'> | null,
  path: string,
  line: number,
  tick: number,
  direction: 'previous' | 'next',
): number | null {
  const ticks = lines?.path === path ? lines.lines.get(line)?.ticks : undefined;
  if (!ticks) return null;
  return direction === 'previous' ? previousTick(ticks, tick) : nextTick(ticks, tick);
}

/** A value's number, when it is one (a finite number). */
export function numberOf(value: ProbeValue | undefined): number | null {
  if (value?.t !== 'number' || typeof value.v !== 'number') return null;
  return Number.isFinite(value.v) ? value.v : null;
}

/** Points of a numeric value over the hits, at most `max` of them (every n-th hit). */
export function strip(
  hits: readonly ProbeHit[],
  index: number,
  max = 200,
): { tick: number; value: number }[] {
  const step = Math.max(1, Math.ceil(hits.length / max));
  const points: { tick: number; value: number }[] = [];
  for (let i = 0; i < hits.length; i += step) {
    const value = numberOf(hits[i]!.values[index]);
    if (value !== null) points.push({ tick: hits[i]!.tick, value });
  }
  return points;
}
