import type { SerializedValue } from '../protocol/index.ts';
import { serializeCollection } from './serialize-collections.ts';
import { describeDomNode, isDomNode } from './dom-describe.ts';
import { errorInfo, isError } from './error-info.ts';
import {
  brand,
  constructorName,
  descriptor,
  functionSource,
  getterOf,
  ownData,
  protoChain,
  symbolText,
} from './safe-reflect.ts';

export interface SerializeOptions {
  /** Objects nested deeper than this are sent as stubs (`depthLimit`); the value itself is depth 0. */
  maxDepth?: number;
  /** Entries sent per object, array, Map or Set; the rest are counted in `more`. */
  maxEntries?: number;
  /** Characters sent per string; `length` then carries the original length. */
  maxString?: number;
  /** Objects walked per call, so a wide and deep value cannot make a huge message. */
  maxNodes?: number;
}

/** Walk state shared by the helpers of one `serialize` call. */
export interface Walk {
  opts: Required<SerializeOptions>;
  seen: Map<object, number>;
  nextId: number;
  nodes: number;
  value(v: unknown, depth: number): SerializedValue;
  /** True once `maxNodes` objects were walked: containers then stop and count the rest in `more`. */
  full(): boolean;
  /** An own property of `o` (found at `depth`): its value, or its getter unread. */
  property(o: object, key: PropertyKey, depth: number): SerializedValue;
}

const DEFAULTS: Required<SerializeOptions> = {
  maxDepth: 5,
  maxEntries: 100,
  maxString: 10_000,
  maxNodes: 2_000,
};

const dateGetTime = Date.prototype.getTime;
const dateToISO = Date.prototype.toISOString;
const regexpSource = getterOf(RegExp.prototype, 'source');
const regexpFlags = getterOf(RegExp.prototype, 'flags');
const PromiseProto = Promise.prototype;
const DateProto = Date.prototype;
const RegExpProto = RegExp.prototype;
const objectKeys = Object.keys;
const ownSymbols = Object.getOwnPropertySymbols;

/**
 * An inert, structured-clone-safe copy of any value for the console. Never invokes user
 * getters, survives proxies and throwing traps, and bounds its output (see SerializeOptions).
 * Object ids are unique within the returned value; `ref` points back to one of them.
 */
export function serialize(value: unknown, options?: SerializeOptions): SerializedValue {
  const walk: Walk = {
    opts: { ...DEFAULTS, ...options },
    seen: new Map(),
    nextId: 1,
    nodes: 0,
    value: (v, depth) => serializeValue(walk, v, depth),
    property: (o, key, depth) => propertyValue(walk, o, key, depth),
    full: () => walk.nodes >= walk.opts.maxNodes,
  };
  return walk.value(value, 0);
}

function serializeValue(walk: Walk, v: unknown, depth: number): SerializedValue {
  switch (typeof v) {
    case 'undefined':
      return { t: 'undefined' };
    case 'boolean':
      return { t: 'boolean', v };
    case 'number':
      return { t: 'number', v: Object.is(v, -0) ? '-0' : Number.isFinite(v) ? v : String(v) };
    case 'string':
      return serializeString(v, walk.opts.maxString);
    case 'bigint':
      return { t: 'bigint', v: v.toString() };
    case 'symbol':
      return { t: 'symbol', v: symbolText(v) };
    case 'function':
      return serializeFunction(v);
  }
  if (v === null) return { t: 'null' };
  const o = v as object;
  const chain = protoChain(o);
  const time = chain.includes(DateProto)
    ? brand(dateGetTime as (this: unknown) => number, o)
    : undefined;
  if (time !== undefined) {
    return { t: 'date', v: Number.isNaN(time) ? 'Invalid Date' : (brand(dateToISO, o) ?? '') };
  }
  const source = chain.includes(RegExpProto)
    ? brand(regexpSource as (this: unknown) => string, o)
    : undefined;
  if (source !== undefined) return { t: 'regexp', v: `/${source}/${brand(regexpFlags, o) ?? ''}` };

  const seenId = walk.seen.get(o);
  if (seenId !== undefined) return { t: 'ref', id: seenId };
  const id = walk.nextId++;
  const limited = depth > walk.opts.maxDepth || walk.full();
  // A stub is not registered, so a later, shallower sighting is walked in full.
  if (!limited) walk.seen.set(o, id);
  walk.nodes++;
  try {
    return serializeObject(walk, o, chain, id, depth, limited);
  } catch {
    return { t: 'object', id, cls: constructorName(o), entries: [] };
  }
}

function serializeObject(
  walk: Walk,
  o: object,
  chain: object[],
  id: number,
  depth: number,
  limited: boolean,
): SerializedValue {
  if (isError(o)) {
    const info = errorInfo(o);
    const max = walk.opts.maxString;
    return {
      t: 'error',
      id,
      name: info.name,
      message: info.message.slice(0, max),
      ...(info.stack !== undefined && { stack: info.stack.slice(0, max) }),
      frames: info.frames,
    };
  }
  if (isDomNode(o)) return { t: 'dom', id, ...describeDomNode(o) };
  if (chain.includes(PromiseProto)) return { t: 'promise', id, state: 'unknown' };
  if (o === globalThis) return { t: 'object', id, cls: 'Window', entries: [], depthLimit: true };
  const collection = serializeCollection(walk, o, chain, id, depth, limited);
  if (collection) return collection;
  const cls = plainName(constructorName(o));
  if (limited) return { t: 'object', id, cls, entries: [], depthLimit: true };
  return serializePlainObject(walk, o, id, cls, depth);
}

function serializePlainObject(
  walk: Walk,
  o: object,
  id: number,
  cls: string | null,
  depth: number,
): SerializedValue {
  let keys: PropertyKey[];
  try {
    keys = objectKeys(o);
    for (const s of ownSymbols(o)) if (descriptor(o, s)?.enumerable) keys.push(s);
  } catch {
    keys = [];
  }
  const entries: [string, SerializedValue][] = [];
  const max = walk.opts.maxEntries;
  for (const key of keys) {
    if (entries.length >= max || walk.full()) break;
    const name = typeof key === 'symbol' ? `[${symbolText(key)}]` : String(key);
    entries.push([name, walk.property(o, key, depth)]);
  }
  const out: SerializedValue = { t: 'object', id, cls, entries };
  if (keys.length > entries.length) out.more = keys.length - entries.length;
  return out;
}

/** An own property's value, or for an accessor its getter function (never called). */
function propertyValue(walk: Walk, o: object, key: PropertyKey, depth: number): SerializedValue {
  const d = descriptor(o, key);
  if (!d) return { t: 'undefined' };
  if ('value' in d) return walk.value(d.value, depth + 1);
  return serializeFunction(d.get ?? d.set);
}

function serializeString(s: string, max: number): SerializedValue {
  if (s.length <= max) return { t: 'string', v: s };
  // Do not cut a surrogate pair in half.
  const code = s.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return { t: 'string', v: s.slice(0, end), length: s.length };
}

function serializeFunction(fn: unknown): SerializedValue {
  if (typeof fn !== 'function') return { t: 'undefined' };
  const name = ownData(fn, 'name');
  const out: SerializedValue = { t: 'function', name: typeof name === 'string' ? name : '' };
  if (/^class\b/.test(functionSource(fn))) out.isClass = true;
  return out;
}

const plainName = (name: string | null) => (name === 'Object' ? null : name);
