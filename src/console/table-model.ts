import type { SerializedValue } from '../protocol';
import { resolveRef, type RefIndex } from './value-preview';

export interface TableModel {
  /** Header of the first column: `(index)`, as in devtools. */
  indexHeader: string;
  /** Property columns in first-seen order, then `Value` when some rows are primitives. */
  columns: string[];
  rows: { index: string; cells: (SerializedValue | undefined)[] }[];
  /** Rows the runtime did not send. */
  more: number;
}

export const VALUE_COLUMN = 'Value';

/** Rows of the logged data: array items, object properties, Map entries or Set items. */
function rowsOf(data: SerializedValue): { rows: [string, SerializedValue][]; more: number } | null {
  switch (data.t) {
    case 'array': {
      let i = 0;
      const rows: [string, SerializedValue][] = [];
      for (const item of data.items) {
        if (item.t === 'hole') i += item.count;
        else rows.push([String(i++), item]);
      }
      return { rows, more: data.more ?? 0 };
    }
    case 'object':
      return { rows: data.entries, more: data.more ?? 0 };
    case 'map':
      return { rows: data.entries.map(([, v], i) => [String(i), v]), more: data.more ?? 0 };
    case 'set':
      return { rows: data.items.map((v, i) => [String(i), v]), more: data.more ?? 0 };
    default:
      return null;
  }
}

/** Named cells of one row: properties of an object or array row; null for a primitive row. */
function cellsOf(row: SerializedValue): [string, SerializedValue][] | null {
  if (row.t === 'object') return row.entries;
  if (row.t === 'array')
    return row.items.filter((v) => v.t !== 'hole').map((v, i) => [String(i), v]);
  return null;
}

/**
 * The table console.table(data, columns?) shows, or null when `data` is not tabular (then the
 * call is shown like console.log). `columns` restricts and orders the property columns.
 */
export function tableModel(
  data: SerializedValue,
  refs?: RefIndex,
  columns?: SerializedValue,
): TableModel | null {
  const source = rowsOf(resolveRef(data, refs));
  if (!source) return null;
  const wanted = columns ? resolveRef(columns, refs) : undefined;
  const fixed =
    wanted?.t === 'array'
      ? wanted.items.flatMap((c) =>
          c.t === 'string' ? [c.v] : c.t === 'number' ? [String(c.v)] : [],
        )
      : null;

  const names: string[] = fixed ? [...fixed] : [];
  let hasValue = false;
  const parsed = source.rows.map(([index, raw]) => {
    const row = resolveRef(raw, refs);
    const cells = cellsOf(row);
    if (!cells) hasValue = true;
    else if (!fixed) for (const [k] of cells) if (!names.includes(k)) names.push(k);
    return { index, row, cells: cells ? new Map(cells) : null };
  });
  const cols = hasValue && !fixed ? [...names, VALUE_COLUMN] : names;
  return {
    indexHeader: '(index)',
    columns: cols,
    rows: parsed.map(({ index, row, cells }) => ({
      index,
      cells: cols.map((c) =>
        cells ? cells.get(c) : c === VALUE_COLUMN && !fixed ? row : undefined,
      ),
    })),
    more: source.more,
  };
}
