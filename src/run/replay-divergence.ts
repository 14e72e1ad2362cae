import type { TickRecord } from '../protocol';

/** Fingerprint fields in the order they are compared (the first difference is the one named). */
const FIELDS: [keyof TickRecord, string][] = [
  ['kind', 'it ran'],
  ['ran', 'it ran'],
  ['now', 'virtual time'],
  ['viewport', 'the viewport'],
  ['draws', 'random draws'],
  ['timers', 'timers set'],
  ['console', 'console calls'],
  ['consoleText', 'the console output'],
  ['dom', 'the page (DOM hash)'],
  ['animations', 'the animations (a CSS animation, transition or element.animate is elsewhere)'],
  ['canvas', 'the canvas pixels'],
];

/** Hashes: their values mean nothing to a reader, only that they differ. */
const HASHED = new Set<keyof TickRecord>(['consoleText', 'dom', 'animations', 'canvas']);

/** What differs between a recorded tick and its replay, as one phrase; null when equal. */
export function compareRecords(recorded: TickRecord, replayed: TickRecord): string | null {
  for (const [key, what] of FIELDS) {
    const a = recorded[key];
    const b = replayed[key];
    if (a === b) continue;
    if (HASHED.has(key))
      return `${what} differ${key === 'canvas' || key === 'animations' ? '' : 's'}`;
    return `${what} was ${fmt(a)}, replay ${fmt(b)}`;
  }
  return null;
}

const fmt = (v: unknown) => (typeof v === 'number' ? String(v) : JSON.stringify(v));
