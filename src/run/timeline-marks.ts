/**
 * Marks on the timeline (docs/architecture.md, "The run loop"): where the run had recorded
 * inputs, errors and console output. A run can hold many thousands of each, and the slider is
 * a few hundred pixels wide, so marks are grouped per slot of the track: one mark per kind and
 * slot, at its first tick, saying what happened there (shown on hover, read by screen readers).
 */
import {
  FETCH_INPUT,
  type InputRecord,
  type RuntimeMessage,
  type SerializedValue,
} from '../protocol';

export type MarkKind = 'input' | 'error' | 'console' | 'edit';

/** One mark: the tick a click on it seeks to, and what it stands for. */
export interface TimelineMark {
  kind: MarkKind;
  /** The first tick of the slot with this kind of event (where a click seeks). */
  tick: number;
  /** Where on the track, 0–1 (first tick at 0, last at 1). */
  at: number;
  /** What happened, e.g. "Input at tick 12: click" or "Console at ticks 4–9 (3): n is 1". */
  label: string;
}

/** What the history holds (History['marks']). */
export interface MarkSource {
  inputs: readonly InputRecord[];
  logged: readonly { tick: number; message: RuntimeMessage }[];
  /** A hot swap's report: where the edit first shows, where inputs were not delivered. */
  edits?: readonly { tick: number; label: string }[];
}

const NAMES: Record<MarkKind, string> = {
  input: 'Input',
  error: 'Error',
  console: 'Console',
  edit: 'Edit',
};
/** Event types that come with others (a click's pointer moves, downs and ups): named last. */
const SECONDARY =
  /^(pointer|mouse(?!.*click)|focus|blur|key(up|press)|beforeinput|touch(move|end)|select)/;
/** What a slot's label names first: a click before the pointer moves that led to it. */
const rank = (text: string) => (SECONDARY.test(text) ? 1 : 0);

/** A console argument as a few words of text (objects by their kind only). */
const wordOf = (v: SerializedValue): string =>
  'v' in v ? String(v.v) : v.t === 'error' ? `${v.name}: ${v.message}` : v.t;

/** The kind and text of a logged message, or null for what marks leave out (drop notices). */
function describe(message: RuntimeMessage): { kind: MarkKind; text: string } | null {
  if (message.type === 'error') return { kind: 'error', text: message.message };
  if (message.type === 'console')
    return {
      kind: message.level === 'error' ? 'error' : 'console',
      text: message.args.map(wordOf).join(' '),
    };
  if (message.type === 'console-batch') {
    const first = message.entries[0];
    if (!first) return null;
    const error = message.entries.some((e) => e.level === 'error');
    return { kind: error ? 'error' : 'console', text: first.args.map(wordOf).join(' ') };
  }
  return null;
}

/** Up to three of a slot's texts, the telling ones first. */
const named = (texts: string[]) => {
  const sorted = [...texts].sort((a, b) => rank(a) - rank(b));
  return sorted.slice(0, 3).join(', ') + (sorted.length > 3 ? ', …' : '');
};

interface Slot {
  kind: MarkKind;
  first: number;
  last: number;
  count: number;
  texts: string[];
}

/** Marks for ticks first..last, at most one per kind in each of `slots` slots of the track. */
export function timelineMarks(
  source: MarkSource,
  first: number,
  last: number,
  slots: number,
): TimelineMark[] {
  if (last <= first || slots < 1) return [];
  const span = last - first;
  const bySlot = new Map<string, Slot>();
  const add = (kind: MarkKind, tick: number, text: string) => {
    if (tick < first || tick > last) return;
    const slot = Math.min(slots - 1, Math.floor(((tick - first) / span) * slots));
    const key = `${kind}:${slot}`;
    const s = bySlot.get(key);
    if (!s) return void bySlot.set(key, { kind, first: tick, last: tick, count: 1, texts: [text] });
    s.first = Math.min(s.first, tick);
    s.last = Math.max(s.last, tick);
    s.count++;
    if (s.texts.length < 12 && !s.texts.includes(text)) s.texts.push(text);
  };
  for (const i of source.inputs)
    add('input', i.tick, i.type === FETCH_INPUT ? 'fetch response' : i.type);
  for (const l of source.logged) {
    const d = describe(l.message);
    if (d) add(d.kind, l.tick, d.text.slice(0, 80));
  }
  for (const e of source.edits ?? []) add('edit', e.tick, e.label);
  return [...bySlot.values()]
    .sort((a, b) => a.first - b.first)
    .map((s) => {
      const where = s.first === s.last ? `tick ${s.first}` : `ticks ${s.first}–${s.last}`;
      const count = s.count > 1 ? ` (${s.count})` : '';
      return {
        kind: s.kind,
        tick: s.first,
        at: (s.first - first) / span,
        // A swap's marks say where they are themselves.
        label:
          s.kind === 'edit'
            ? s.texts.join('; ')
            : `${NAMES[s.kind]} at ${where}${count}: ${named(s.texts)}`,
      };
    });
}
