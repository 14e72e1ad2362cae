import type { RawFrame, SerializedValue } from '../protocol';
import { resolveRef, type RefIndex } from './value-preview';

/** One row under an expanded value in the inspector. `key` is unique among its siblings. */
export type ChildRow =
  | {
      kind: 'value';
      key: string;
      name: string;
      /** `meta` rows are devtools' grey internals such as `length` or `[[Entries]]`. */
      nameKind: 'prop' | 'index' | 'meta';
      value: SerializedValue;
    }
  | { kind: 'mapEntry'; key: string; name: string; k: SerializedValue; v: SerializedValue }
  | { kind: 'frame'; key: string; frame: RawFrame }
  | { kind: 'note'; key: string; text: string }
  /** Reveals more of what the runtime sent (it is already here; it was only not rendered). */
  | { kind: 'showMore'; key: string; remaining: number };

/** Rows revealed per "Show more" press, so a 10,000-item array renders in steps. */
export const CHILD_CHUNK = 100;

export function isExpandable(value: SerializedValue, refs?: RefIndex): boolean {
  const v = resolveRef(value, refs);
  switch (v.t) {
    case 'object':
    case 'array':
    case 'map':
    case 'set':
      return true;
    case 'error':
      return Boolean(v.stack || v.frames?.length);
    case 'dom':
      return Boolean(v.text);
    default:
      return false;
  }
}

const notCaptured = (n: number, what: string): ChildRow => ({
  kind: 'note',
  key: '#more',
  text: `… ${n} more ${what}${n === 1 ? '' : 's'} not captured`,
});

const depthNote: ChildRow = {
  kind: 'note',
  key: '#depth',
  text: 'Contents not captured (nested too deep); log this value directly to see it.',
};

/** Append a window of `all` (the first `shown`) plus a show-more row when some are hidden. */
function chunked<T>(all: readonly T[], shown: number, row: (item: T, i: number) => ChildRow) {
  const rows = all.slice(0, shown).map(row);
  if (all.length > shown)
    rows.push({ kind: 'showMore', key: '#showMore', remaining: all.length - shown });
  return rows;
}

/**
 * Rows shown when `value` is expanded: the first `shown` entries that were sent, a
 * show-more row for the rest that were sent, and a note for what the runtime did not send.
 */
export function childRows(
  value: SerializedValue,
  refs?: RefIndex,
  shown = CHILD_CHUNK,
): ChildRow[] {
  const v = resolveRef(value, refs);
  switch (v.t) {
    case 'object': {
      if (v.depthLimit) return [depthNote];
      const rows = chunked(v.entries, shown, ([name, val], i): ChildRow => ({
        kind: 'value',
        key: `p${i}`,
        name,
        nameKind: 'prop',
        value: val,
      }));
      if (v.more) rows.push(notCaptured(v.more, 'property'));
      return rows;
    }
    case 'array': {
      if (v.depthLimit) return [depthNote];
      // Holes stand for `count` indices each, so indices are counted, not taken from positions.
      let index = 0;
      const indexed = v.items.map((item) => {
        const at = index;
        index += item.t === 'hole' ? item.count : 1;
        return { item, at };
      });
      const rows = chunked(indexed, shown, ({ item, at }): ChildRow =>
        item.t === 'hole'
          ? { kind: 'note', key: `h${at}`, text: `empty × ${item.count}` }
          : { kind: 'value', key: `i${at}`, name: String(at), nameKind: 'index', value: item },
      );
      const missing = v.more ?? Math.max(0, v.length - index);
      if (missing) rows.push(notCaptured(missing, 'item'));
      rows.push(meta('length', { t: 'number', v: v.length }));
      return rows;
    }
    case 'set': {
      if (v.depthLimit) return [depthNote];
      const rows = chunked(v.items, shown, (item, i): ChildRow => ({
        kind: 'value',
        key: `i${i}`,
        name: String(i),
        nameKind: 'index',
        value: item,
      }));
      if (v.more) rows.push(notCaptured(v.more, 'entry'));
      rows.push(meta('size', { t: 'number', v: v.size }));
      return rows;
    }
    case 'map': {
      if (v.depthLimit) return [depthNote];
      const rows = chunked(v.entries, shown, ([k, val], i): ChildRow => ({
        kind: 'mapEntry',
        key: `e${i}`,
        name: String(i),
        k,
        v: val,
      }));
      if (v.more) rows.push(notCaptured(v.more, 'entry'));
      rows.push(meta('size', { t: 'number', v: v.size }));
      return rows;
    }
    case 'error':
      if (v.frames?.length)
        return v.frames.map((frame, i) => ({ kind: 'frame', key: `f${i}`, frame }));
      return (v.stack ?? '')
        .split('\n')
        .slice(1) // the first line repeats name and message, already in the row itself
        .filter((line) => line.trim())
        .map((line, i) => ({ kind: 'note', key: `s${i}`, text: line.trim() }));
    case 'dom':
      return v.text ? [{ kind: 'note', key: 'text', text: v.text }] : [];
    default:
      return [];
  }
}

/** Children of a Map entry row: its key and its value. */
export function mapEntryRows(k: SerializedValue, v: SerializedValue): ChildRow[] {
  return [
    { kind: 'value', key: 'k', name: 'key', nameKind: 'meta', value: k },
    { kind: 'value', key: 'v', name: 'value', nameKind: 'meta', value: v },
  ];
}

function meta(name: string, value: SerializedValue): ChildRow {
  return { kind: 'value', key: `#${name}`, name, nameKind: 'meta', value };
}
