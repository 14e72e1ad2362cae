import type { SerializedValue } from '../protocol';

/** Colour class of a run of preview text (maps to `pp-v-<kind>` in console.css). */
export type PartKind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'nullish'
  | 'bigint'
  | 'symbol'
  | 'function'
  | 'date'
  | 'regexp'
  | 'error'
  | 'dom'
  | 'key'
  | 'class'
  | 'meta'
  | 'punct';

export interface Part {
  text: string;
  kind: PartKind;
}

/** Objects in one serialised value by id (ids are per value), so refs resolve lazily (cycles, shared objects). */
export type RefIndex = ReadonlyMap<number, SerializedValue>;

export interface PreviewOptions {
  /** Resolves refs; without it every ref previews as `[Circular]`. */
  refs?: RefIndex;
  /** Quote strings (`'x'`), as inside containers and inspector rows; top-level log arguments are raw. */
  quote?: boolean;
  /** Ids of the objects being expanded around this value: a ref to one of them is `[Circular]`. */
  ancestors?: readonly number[];
  /** 0 = full preview with entries; deeper levels are compact (`{…}`, `Array(3)`), as in devtools. */
  level?: number;
}

const MAX_OBJECT_ENTRIES = 5;
const MAX_LIST_ITEMS = 10;
const MAX_NESTED_STRING = 60;
/** A quoted string alone on an inspector row; longer ones are cut so one row cannot stall rendering. */
const MAX_ROW_STRING = 10_000;

export function indexRefs(values: readonly SerializedValue[]): Map<number, SerializedValue> {
  const index = new Map<number, SerializedValue>();
  const stack = [...values];
  while (stack.length) {
    const v = stack.pop()!;
    if (v.t === 'ref' || !('id' in v) || index.has(v.id)) continue;
    index.set(v.id, v);
    if (v.t === 'object') for (const [, child] of v.entries) stack.push(child);
    else if (v.t === 'array' || v.t === 'set') stack.push(...v.items);
    else if (v.t === 'map') for (const [k, child] of v.entries) stack.push(k, child);
  }
  return index;
}

/** Follow a ref to the object it names (itself when it is not a ref or is unknown). */
export function resolveRef(value: SerializedValue, refs?: RefIndex): SerializedValue {
  return value.t === 'ref' ? (refs?.get(value.id) ?? value) : value;
}

export function quoteString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

export function formatKey(key: string): string {
  return /^(?:[A-Za-z_$][\w$]*|\d+)$/.test(key) ? key : quoteString(key);
}

export function numberText(v: number | string): string {
  return typeof v === 'number' ? String(v) : v;
}

export function symbolText(v: string): string {
  return v.startsWith('Symbol(') ? v : `Symbol(${v})`;
}

export function domText(desc: string): string {
  return desc.startsWith('<') ? desc : `<${desc}>`;
}

export function functionText(v: { name: string; isClass?: boolean }): string {
  if (v.isClass) return `class ${v.name || '(anonymous)'}`;
  return `ƒ ${v.name}()`;
}

/** `Array(3)`, `Map(2)`, `Foo`: the head devtools shows before a container's entries. */
export function containerHead(v: SerializedValue): string {
  switch (v.t) {
    case 'array':
      return `${v.cls ?? 'Array'}(${v.length})`;
    case 'map':
      return `Map(${v.size})`;
    case 'set':
      return `Set(${v.size})`;
    case 'object':
      return v.cls && v.cls !== 'Object' ? v.cls : '';
    default:
      return '';
  }
}

export function previewParts(value: SerializedValue, opts: PreviewOptions = {}): Part[] {
  const out: Part[] = [];
  write(value, opts, out);
  return out;
}

export function previewText(value: SerializedValue, opts: PreviewOptions = {}): string {
  return previewParts(value, opts)
    .map((p) => p.text)
    .join('');
}

function write(v: SerializedValue, o: PreviewOptions, out: Part[]): void {
  const level = o.level ?? 0;
  const p = (text: string, kind: PartKind): void => void out.push({ text, kind });
  // Inside a container, a ref back to the container itself is a cycle.
  const ancestors = 'id' in v && v.t !== 'ref' ? [...(o.ancestors ?? []), v.id] : o.ancestors;
  const inner: PreviewOptions = { ...o, quote: true, level: level + 1, ancestors };
  const list = (items: readonly SerializedValue[], total: number, max: number) => {
    let covered = 0; // a hole covers `count` indices
    items.slice(0, max).forEach((item, i) => {
      if (i) p(', ', 'punct');
      write(item, inner, out);
      covered += item.t === 'hole' ? item.count : 1;
    });
    if (total > covered) p(covered ? ', …' : '…', 'punct');
  };
  switch (v.t) {
    case 'undefined':
    case 'null':
      return p(v.t, 'nullish');
    case 'boolean':
      return p(String(v.v), 'boolean');
    case 'number':
      return p(numberText(v.v), 'number');
    case 'bigint':
      return p(`${v.v}n`, 'bigint');
    case 'symbol':
      return p(symbolText(v.v), 'symbol');
    case 'string': {
      if (!o.quote) return p(v.v, 'string');
      const max = level > 0 ? MAX_NESTED_STRING : MAX_ROW_STRING;
      const cut = v.v.length > max;
      const truncated = cut || (v.length !== undefined && v.length > v.v.length);
      const text = quoteString(cut ? v.v.slice(0, max) : v.v);
      return p(truncated ? `${text.slice(0, -1)}…'` : text, 'string');
    }
    case 'function':
      return p(functionText(v), 'function');
    case 'date':
      return p(v.v, 'date');
    case 'regexp':
      return p(v.v, 'regexp');
    case 'error':
      return p(v.message ? `${v.name}: ${v.message}` : v.name, 'error');
    case 'dom':
      return p(domText(v.desc), 'dom');
    case 'promise':
      return p(v.state === 'unknown' ? 'Promise {…}' : `Promise {<${v.state}>}`, 'class');
    case 'hole':
      return p(`empty × ${v.count}`, 'meta');
    case 'ref': {
      const target = o.refs?.get(v.id);
      if (!target || o.ancestors?.includes(v.id)) return p('[Circular]', 'meta');
      return write(target, { ...o, quote: true, level: Math.max(level, 1) }, out);
    }
    case 'array': {
      p(containerHead(v), 'class');
      if (level > 0 || v.depthLimit) return;
      p(' [', 'punct');
      list(v.items, v.length, MAX_LIST_ITEMS);
      return p(']', 'punct');
    }
    case 'set':
    case 'map': {
      p(containerHead(v), 'class');
      if (level > 0 || v.depthLimit) return;
      p(' {', 'punct');
      if (v.t === 'set') list(v.items, v.size, MAX_LIST_ITEMS);
      else {
        v.entries.slice(0, MAX_OBJECT_ENTRIES).forEach(([k, val], i) => {
          if (i) p(', ', 'punct');
          write(k, inner, out);
          p(' => ', 'punct');
          write(val, inner, out);
        });
        if (v.size > Math.min(v.entries.length, MAX_OBJECT_ENTRIES))
          p(v.entries.length ? ', …' : '…', 'punct');
      }
      return p('}', 'punct');
    }
    case 'object': {
      const head = containerHead(v);
      if (head) p(`${head} `, 'class');
      if (level > 0 || v.depthLimit)
        return p(v.entries.length || v.more || v.depthLimit ? '{…}' : '{}', 'punct');
      p('{', 'punct');
      v.entries.slice(0, MAX_OBJECT_ENTRIES).forEach(([k, val], i) => {
        if (i) p(', ', 'punct');
        p(formatKey(k), 'key');
        p(': ', 'punct');
        write(val, inner, out);
      });
      if (v.entries.length > MAX_OBJECT_ENTRIES || (v.more ?? 0) > 0)
        p(v.entries.length ? ', …' : '…', 'punct');
      return p('}', 'punct');
    }
    default:
      // The runtime is untrusted: an unknown tag renders as a marker, never throws.
      return p('[unknown value]', 'meta');
  }
}
