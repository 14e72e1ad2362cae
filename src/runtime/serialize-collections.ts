import type { SerializedValue } from '../protocol/index.ts';
import {
  apply,
  brand,
  constructorName,
  descriptor,
  getterOf,
  ownData,
  protoOf,
} from './safe-reflect.ts';
import type { Walk } from './serialize.ts';

type Getter = (this: unknown) => unknown;

const isArray = Array.isArray;
const objectKeys = Object.keys;
const TypedArrayProto = protoOf(Uint8Array.prototype)!;
const MapProto = Map.prototype;
const SetProto = Set.prototype;
const BufferProto = ArrayBuffer.prototype;
const typedLength = getterOf(TypedArrayProto, 'length') as Getter;
const typedTag = getterOf(TypedArrayProto, Symbol.toStringTag) as Getter;
const mapSize = getterOf(Map.prototype, 'size') as Getter;
const mapEntries = Map.prototype.entries;
const setSize = getterOf(Set.prototype, 'size') as Getter;
const setValues = Set.prototype.values;
const iterNext = (protoOf(new Map().entries()) as Iterator<unknown>).next as Getter;
const setIterNext = (protoOf(new Set().values()) as Iterator<unknown>).next as Getter;
const bufferLength = getterOf(ArrayBuffer.prototype, 'byteLength') as Getter;

/** Holes longer than this are skipped by looking at the array's keys instead of probing. */
const PROBE_LIMIT = 1000;

/** Arrays, typed arrays, Map, Set and ArrayBuffer; undefined for anything else. */
export function serializeCollection(
  walk: Walk,
  o: object,
  chain: object[],
  id: number,
  depth: number,
  limited: boolean,
): SerializedValue | undefined {
  let isArr = false;
  try {
    isArr = isArray(o);
  } catch {
    // A revoked proxy: described as an empty object by the caller.
  }
  if (isArr) return serializeArray(walk, o, id, depth, limited);
  const length = chain.includes(TypedArrayProto)
    ? (brand(typedLength, o) as number | undefined)
    : undefined;
  if (length !== undefined) {
    const cls = String(brand(typedTag, o));
    if (limited) return { t: 'array', id, cls, length, items: [], depthLimit: true };
    const n = Math.min(length, walk.opts.maxEntries);
    const items: SerializedValue[] = [];
    const indexed = o as Record<number, unknown>;
    for (let i = 0; i < n; i++) items.push(walk.value(indexed[i], depth + 1)); // numbers only: no budget
    return withMore({ t: 'array', id, cls, length, items }, length - n);
  }
  const size = chain.includes(MapProto) ? (brand(mapSize, o) as number | undefined) : undefined;
  if (size !== undefined) {
    if (limited) return { t: 'map', id, size, entries: [], depthLimit: true };
    const entries: [SerializedValue, SerializedValue][] = [];
    for (const [k, v] of take<[unknown, unknown]>(apply(mapEntries, o, []), iterNext, walk)) {
      entries.push([walk.value(k, depth + 1), walk.value(v, depth + 1)]);
    }
    return withMore({ t: 'map', id, size, entries }, size - entries.length);
  }
  const setCount = chain.includes(SetProto) ? (brand(setSize, o) as number | undefined) : undefined;
  if (setCount !== undefined) {
    if (limited) return { t: 'set', id, size: setCount, items: [], depthLimit: true };
    const items: SerializedValue[] = [];
    for (const v of take(apply(setValues, o, []), setIterNext, walk)) {
      items.push(walk.value(v, depth + 1));
    }
    return withMore({ t: 'set', id, size: setCount, items }, setCount - items.length);
  }
  const bytes = chain.includes(BufferProto)
    ? (brand(bufferLength, o) as number | undefined)
    : undefined;
  if (bytes !== undefined) {
    return {
      t: 'object',
      id,
      cls: 'ArrayBuffer',
      entries: [['byteLength', { t: 'number', v: bytes }]],
    };
  }
  return undefined;
}

function serializeArray(
  walk: Walk,
  o: object,
  id: number,
  depth: number,
  limited: boolean,
): SerializedValue {
  const rawLength = ownData(o, 'length');
  const length = typeof rawLength === 'number' ? rawLength : 0;
  const ctor = constructorName(o);
  const base = { t: 'array' as const, id, length, ...(ctor && ctor !== 'Array' && { cls: ctor }) };
  if (limited) return { ...base, items: [], depthLimit: true };
  const items: SerializedValue[] = [];
  let i = 0;
  while (i < length && items.length < walk.opts.maxEntries && !walk.full()) {
    if (descriptor(o, String(i))) {
      items.push(walk.property(o, String(i), depth));
      i++;
      continue;
    }
    let j = i + 1;
    while (j < length && !descriptor(o, String(j))) {
      if (++j - i > PROBE_LIMIT) {
        j = nextIndex(o, i, length);
        break;
      }
    }
    items.push({ t: 'hole', count: j - i });
    i = j;
  }
  return withMore({ ...base, items }, length - i);
}

/** Smallest own index above `from`, or `length` if none: for very sparse arrays. */
function nextIndex(o: object, from: number, length: number): number {
  let best = length;
  let keys: string[];
  try {
    keys = objectKeys(o);
  } catch {
    return length;
  }
  for (const k of keys) {
    const n = Number(k);
    if (n > from && n < best && String(n) === k) best = n;
  }
  return best;
}

/** Up to `maxEntries` values of a native iterator (fewer once the walk is full), stepped with the captured `next`. */
function* take<T>(iterator: unknown, next: Getter, walk: Walk): Generator<T> {
  for (let i = 0; i < walk.opts.maxEntries && !walk.full(); i++) {
    const step = apply(next, iterator, []) as IteratorResult<T>;
    if (step.done) return;
    yield step.value;
  }
}

function withMore<T extends SerializedValue & { more?: number }>(v: T, more: number): T {
  if (more > 0) v.more = more;
  return v;
}
