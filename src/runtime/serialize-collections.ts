import type { SerializedValue } from '../protocol/index.ts';
import { append, holds, isArray, mathMin, objectKeys, StringCtor } from './intrinsics.ts';
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
  const length = holds(chain, TypedArrayProto)
    ? (brand(typedLength, o) as number | undefined)
    : undefined;
  if (length !== undefined) {
    const cls = StringCtor(brand(typedTag, o));
    if (limited) return { t: 'array', id, cls, length, items: [], depthLimit: true };
    const n = mathMin(length, walk.opts.maxEntries);
    const items: SerializedValue[] = [];
    const indexed = o as Record<number, unknown>;
    for (let i = 0; i < n; i++) append(items, walk.value(indexed[i], depth + 1)); // numbers only: no budget
    return withMore({ t: 'array', id, cls, length, items }, length - n);
  }
  const size = holds(chain, MapProto) ? (brand(mapSize, o) as number | undefined) : undefined;
  if (size !== undefined) {
    if (limited) return { t: 'map', id, size, entries: [], depthLimit: true };
    const entries: [SerializedValue, SerializedValue][] = [];
    const iterator = apply(mapEntries, o, []);
    for (let i = 0; i < walk.opts.maxEntries && !walk.full(); i++) {
      const step = apply(iterNext, iterator, []) as IteratorResult<[unknown, unknown]>;
      if (step.done) break;
      append(entries, [walk.value(step.value[0], depth + 1), walk.value(step.value[1], depth + 1)]);
    }
    return withMore({ t: 'map', id, size, entries }, size - entries.length);
  }
  const setCount = holds(chain, SetProto) ? (brand(setSize, o) as number | undefined) : undefined;
  if (setCount !== undefined) {
    if (limited) return { t: 'set', id, size: setCount, items: [], depthLimit: true };
    const items: SerializedValue[] = [];
    const iterator = apply(setValues, o, []);
    for (let i = 0; i < walk.opts.maxEntries && !walk.full(); i++) {
      const step = apply(setIterNext, iterator, []) as IteratorResult<unknown>;
      if (step.done) break;
      append(items, walk.value(step.value, depth + 1));
    }
    return withMore({ t: 'set', id, size: setCount, items }, setCount - items.length);
  }
  const bytes = holds(chain, BufferProto)
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
    if (descriptor(o, StringCtor(i))) {
      append(items, walk.property(o, StringCtor(i), depth));
      i++;
      continue;
    }
    let j = i + 1;
    while (j < length && !descriptor(o, StringCtor(j))) {
      if (++j - i > PROBE_LIMIT) {
        j = nextIndex(o, i, length);
        break;
      }
    }
    append(items, { t: 'hole', count: j - i });
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
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const n = +k; // a string: converting it runs nothing
    if (n > from && n < best && StringCtor(n) === k) best = n;
  }
  return best;
}

function withMore<T extends SerializedValue & { more?: number }>(v: T, more: number): T {
  if (more > 0) v.more = more;
  return v;
}
