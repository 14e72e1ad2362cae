import { severityOf, type ConsoleEntry } from './console-entry';
import { frameLocation } from './map-stack';
import { previewText } from './value-preview';

/** The level filter's choices; 'all' shows everything. */
export type LevelFilter = 'all' | 'error' | 'warn' | 'info' | 'log' | 'debug';

export interface EntryFilter {
  level: LevelFilter;
  /** Case-insensitive substring of the entry's text; empty matches all. */
  text: string;
  /** Group header ids whose open/closed state the user toggled (groups start as logged). */
  toggledGroups: ReadonlySet<number>;
}

const textCache = new WeakMap<ConsoleEntry, string>();

/** Plain text of an entry, lower-cased, as searched by the text filter (cached per entry). */
export function entrySearchText(entry: ConsoleEntry): string {
  let text = textCache.get(entry);
  if (text === undefined) {
    switch (entry.kind) {
      case 'message':
        text = entry.args.map((a) => previewText(a)).join(' ');
        break;
      case 'error':
        text = [entry.message, ...entry.frames.map(frameLocation)].join(' ');
        break;
      case 'diagnostic': {
        const d = entry.diagnostic;
        text = `${d.file ?? ''}:${d.line ?? ''}:${d.column ?? ''} ${d.text}`;
        break;
      }
      case 'notice':
        text = entry.text;
    }
    text = text.toLowerCase();
    textCache.set(entry, text);
  }
  return text;
}

export function matchesLevel(entry: ConsoleEntry, level: LevelFilter): boolean {
  if (level === 'all') return true;
  const s = severityOf(entry);
  return s === 'system' || s === level;
}

/** Whether a group header is open: groupCollapsed starts closed, group open; a toggle flips it. */
export function isGroupOpen(entry: ConsoleEntry, toggled: ReadonlySet<number>): boolean {
  const startsOpen = !(entry.kind === 'message' && entry.level === 'groupCollapsed');
  return toggled.has(entry.id) ? !startsOpen : startsOpen;
}

/** Entries to render, in order: level and text filters, and nothing inside a closed group. */
export function visibleEntries(entries: readonly ConsoleEntry[], f: EntryFilter): ConsoleEntry[] {
  // Groups whose contents are hidden: closed ones and any inside them. A header precedes its
  // contents, so one pass in order decides each entry from its innermost group alone (linear
  // however deep a program nests its groups).
  const hidden = new Set<number>();
  const needle = f.text.trim().toLowerCase();
  const out: ConsoleEntry[] = [];
  for (const e of entries) {
    const insideHidden = e.group !== null && hidden.has(e.group);
    const isGroup = e.kind === 'message' && (e.level === 'group' || e.level === 'groupCollapsed');
    if (isGroup && (insideHidden || !isGroupOpen(e, f.toggledGroups))) hidden.add(e.id);
    if (insideHidden) continue;
    if (!matchesLevel(e, f.level)) continue;
    if (needle && !entrySearchText(e).includes(needle)) continue;
    out.push(e);
  }
  return out;
}
