/**
 * The project's logpoints as plain data (docs/logpoints.md): the edits the store and the
 * Logpoints panel make to the list, pure, each returning the same array when nothing changed.
 */
import type { Logpoint } from '../../protocol';

/** Most logpoints a project keeps (each one is probed at every run). */
export const MAX_LOGPOINTS = 50;
/** Longest expression kept (a longer one is refused with a message). */
export const MAX_EXPRESSION = 1000;

/** A new logpoint's id: unique within the list. */
export function newLogpointId(list: readonly Logpoint[], random = Math.random): string {
  for (;;) {
    const id = `lp-${Math.floor(random() * 2 ** 32).toString(36)}`;
    if (!list.some((l) => l.id === id)) return id;
  }
}

export type LogpointEdit =
  { ok: true; list: readonly Logpoint[]; id: string } | { ok: false; error: string };

/** Adds a logpoint at `path:line`, or says why not (one per line; a cap on the count). */
export function addLogpoint(
  list: readonly Logpoint[],
  at: { path: string; line: number; expression: string },
  random = Math.random,
): LogpointEdit {
  const existing = list.find((l) => l.path === at.path && l.line === at.line);
  if (existing) return { ok: true, list, id: existing.id };
  if (list.length >= MAX_LOGPOINTS)
    return {
      ok: false,
      error: `A project keeps at most ${MAX_LOGPOINTS} logpoints: remove one to add another.`,
    };
  const expression = at.expression.trim();
  if (expression.length > MAX_EXPRESSION)
    return { ok: false, error: `A logpoint expression is at most ${MAX_EXPRESSION} characters.` };
  const id = newLogpointId(list, random);
  const added: Logpoint = { id, path: at.path, line: Math.max(1, Math.floor(at.line)), expression };
  return { ok: true, list: sortLogpoints([...list, added]), id };
}

/** The list with one logpoint's line or expression changed. */
export function updateLogpoint(
  list: readonly Logpoint[],
  id: string,
  change: Partial<Pick<Logpoint, 'line' | 'expression'>>,
): readonly Logpoint[] {
  const i = list.findIndex((l) => l.id === id);
  const old = list[i];
  if (!old) return list;
  const line = change.line === undefined ? old.line : Math.max(1, Math.floor(change.line));
  const expression = change.expression === undefined ? old.expression : change.expression.trim();
  if (line === old.line && expression === old.expression) return list;
  if (expression.length > MAX_EXPRESSION) return list;
  const next = [...list];
  next[i] = { ...old, line, expression };
  return line === old.line ? next : sortLogpoints(next);
}

/** Lines moved by an edit (`lines` maps a logpoint id to its new line); one per line is kept. */
export function moveLogpoints(
  list: readonly Logpoint[],
  lines: ReadonlyMap<string, number>,
): readonly Logpoint[] {
  let changed = false;
  const moved = list.map((l) => {
    const line = lines.get(l.id);
    if (line === undefined || line === l.line) return l;
    changed = true;
    return { ...l, line };
  });
  if (!changed) return list;
  // Two logpoints the edit put on one line (the lines between them deleted): the first stays.
  const seen = new Set<string>();
  return sortLogpoints(moved).filter((l) => {
    const key = `${l.path}\n${l.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function removeLogpoint(list: readonly Logpoint[], id: string): readonly Logpoint[] {
  const next = list.filter((l) => l.id !== id);
  return next.length === list.length ? list : next;
}

/** After a file or folder moved: each logpoint's path through `move`. */
export function logpointsAfterMove(
  list: readonly Logpoint[],
  move: (path: string) => string,
): readonly Logpoint[] {
  let changed = false;
  const next = list.map((l) => {
    const path = move(l.path);
    if (path === l.path) return l;
    changed = true;
    return { ...l, path };
  });
  return changed ? sortLogpoints(next) : list;
}

/** After a file or folder was deleted: its logpoints go with it. */
export function logpointsAfterRemove(
  list: readonly Logpoint[],
  removed: (path: string) => boolean,
): readonly Logpoint[] {
  const next = list.filter((l) => !removed(l.path));
  return next.length === list.length ? list : next;
}

/** By file, then line: the panel's order. */
export function sortLogpoints(list: readonly Logpoint[]): Logpoint[] {
  return [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}

/** Logpoints read from storage or a link: only well-formed ones, at most MAX_LOGPOINTS. */
export function validLogpoints(value: unknown): Logpoint[] {
  if (!Array.isArray(value)) return [];
  const out: Logpoint[] = [];
  for (const item of value as unknown[]) {
    if (out.length >= MAX_LOGPOINTS) break;
    if (typeof item !== 'object' || item === null) continue;
    const { id, path, line, expression } = item as Record<string, unknown>;
    if (typeof path !== 'string' || path === '' || path.length > 1000) continue;
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > 1e7) continue;
    if (typeof expression !== 'string' || expression.length > MAX_EXPRESSION) continue;
    if (out.some((l) => l.path === path && l.line === line)) continue;
    const kept = typeof id === 'string' && /^[\w-]{1,40}$/.test(id) ? id : newLogpointId(out);
    out.push({
      id: out.some((l) => l.id === kept) ? newLogpointId(out) : kept,
      path,
      line,
      expression,
    });
  }
  return sortLogpoints(out);
}
