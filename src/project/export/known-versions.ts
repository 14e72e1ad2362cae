/**
 * Package versions the registry gave at earlier exports, kept in localStorage: the fallback
 * when the registry cannot be reached at the next export.
 */
import type { LocalStore } from '../storage/write-ahead';

const KEY = 'playpen:export:known-versions';

export function readKnownVersions(local: LocalStore | null): Record<string, string> {
  try {
    const value: unknown = JSON.parse(local?.getItem(KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function rememberVersions(local: LocalStore | null, versions: Record<string, string>): void {
  if (Object.keys(versions).length === 0) return;
  try {
    local?.setItem(KEY, JSON.stringify({ ...readKnownVersions(local), ...versions }));
  } catch {
    // Full or blocked storage: the next export just has no fallback.
  }
}
