import type { TickRecord } from '../protocol';

const FIELDS: [keyof TickRecord, string][] = [
  ['kind', 'it ran'],
  ['ran', 'it ran'],
  ['now', 'virtual time'],
  ['draws', 'random draws'],
  ['timers', 'timers set'],
  ['console', 'console calls'],
  ['consoleText', 'the console output'],
  ['dom', 'the page (DOM hash)'],
];

/** What differs between a recorded tick and its replay, as one phrase; null when equal. */
export function compareRecords(recorded: TickRecord, replayed: TickRecord): string | null {
  for (const [key, what] of FIELDS) {
    const a = recorded[key];
    const b = replayed[key];
    if (a === b) continue;
    if (key === 'dom' || key === 'consoleText') return `${what} differs`;
    return `${what} was ${fmt(a)}, replay ${fmt(b)}`;
  }
  return null;
}

const fmt = (v: unknown) => (typeof v === 'number' ? String(v) : JSON.stringify(v));
