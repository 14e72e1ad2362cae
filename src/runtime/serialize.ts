import type { SerializedValue } from '../protocol/index.ts';
import { serializeCollection } from './serialize-collections.ts';
import { describeDomNode, isDomNode } from './dom-describe.ts';
import { errorInfo, isError } from './error-info.ts';
import {
  append,
  bigintText,
  charCodeAt,
  clip,
  cut,
  holds,
  isData,
  mapGetOf,
  mapSetOf,
  objectIs,
  objectKeys,
  ownSymbols,
  numberIsFinite,
  startsWith,
  StringCtor,
} from './intrinsics.ts';
import { isProxy, isRevoked, proxyTarget } from './proxy-registry.ts';
import {
  brand,
  constructorName,
  descriptor,
  functionSource,
  getterOf,
  ownData,
  protoChain,
  safeGet,
  symbolText,
} from './safe-reflect.ts';

export interface SerializeOptions {
  /** Objects nested deeper than this are sent as stubs (`depthLimit`); the value itself is depth 0. */
  maxDepth?: number;
  /** Entries sent per object, array, Map or Set; the rest are counted in `more`. */
  maxEntries?: number;
  /** Characters sent per string (`length` then carries the original length), key or name. */
  maxString?: number;
  /** Objects walked per call, so a wide and deep value cannot make a huge message. */
  maxNodes?: number;
  /**
   * Rough size per call (SIZE_OF_VALUE per value plus the characters of its strings and keys):
   * once reached, containers stop and count the rest in `more`. A bound on the whole value,
   * which maxNodes (objects only) is not when each object holds long strings.
   */
  maxSize?: number;
  /**
   * Read an error's `stack` and parse its frames. Reading it runs Error.prepareStackTrace when
   * the program set one, and parsing uses regular expressions whose `exec` the program may have
   * replaced: a logpoint's values leave both out.
   */
  errorStacks?: boolean;
}

/** Walk state shared by the helpers of one `serialize` call. */
export interface Walk {
  opts: Required<SerializeOptions>;
  seen: Map<object, number>;
  nextId: number;
  nodes: number;
  /** Rough size so far (see SerializeOptions.maxSize). */
  size: number;
  value(v: unknown, depth: number): SerializedValue;
  /** True once `maxNodes` objects were walked or `maxSize` reached: containers then stop and count the rest in `more`. */
  full(): boolean;
  /** An own property of `o` (found at `depth`): its value, or its getter unread. */
  property(o: object, key: PropertyKey, depth: number): SerializedValue;
  /** A key or name as sent: cut to `maxString`, counted in the size. */
  text(s: string): string;
}

/** What one value costs in SerializeOptions.maxSize besides its text: about its bytes as a message. */
export const SIZE_OF_VALUE = 32;
/** Most stack frames sent with an error (as many as the host accepts). */
const MAX_FRAMES = 200;

const DEFAULTS: Required<SerializeOptions> = {
  maxDepth: 5,
  maxEntries: 100,
  maxString: 10_000,
  maxNodes: 2_000,
  maxSize: Infinity,
  errorStacks: true,
};

const dateGetTime = Date.prototype.getTime;
const dateToISO = Date.prototype.toISOString;
const regexpSource = getterOf(RegExp.prototype, 'source');
/**
 * Each flag's own getter, in the order `flags` gives them. `flags` itself reads them through
 * the regexp's properties, where the program may have put getters of its own.
 */
const REGEXP_FLAGS = (
  [
    ['hasIndices', 'd'],
    ['global', 'g'],
    ['ignoreCase', 'i'],
    ['multiline', 'm'],
    ['dotAll', 's'],
    ['unicode', 'u'],
    ['unicodeSets', 'v'],
    ['sticky', 'y'],
  ] as const
).map(([key, letter]) => [getterOf(RegExp.prototype, key), letter] as const);
const PromiseProto = Promise.prototype;
const DateProto = Date.prototype;
const RegExpProto = RegExp.prototype;

/**
 * An inert, structured-clone-safe copy of any value for the console. Never invokes user
 * getters or a program's proxy traps, survives throwing host objects, uses only intrinsics
 * captured at load, and bounds its output (see SerializeOptions). Object ids are unique within
 * the returned value; `ref` points back to one of them.
 */
export function serialize(value: unknown, options?: SerializeOptions): SerializedValue {
  return serializeMeasured(value, options).value;
}

/** `serialize`, with the value's rough size (SerializeOptions.maxSize). */
export function serializeMeasured(
  value: unknown,
  options?: SerializeOptions,
): { value: SerializedValue; size: number } {
  const walk: Walk = {
    opts: { ...DEFAULTS, ...options },
    seen: new Map(),
    nextId: 1,
    nodes: 0,
    size: 0,
    value: (v, depth) => serializeValue(walk, v, depth),
    property: (o, key, depth) => propertyValue(walk, o, key, depth),
    full: () => walk.nodes >= walk.opts.maxNodes || walk.size >= walk.opts.maxSize,
    text: (s) => {
      const out = clip(s, walk.opts.maxString);
      walk.size += out.length;
      return out;
    },
  };
  const out = walk.value(value, 0);
  return { value: out, size: walk.size };
}

function serializeValue(walk: Walk, v: unknown, depth: number): SerializedValue {
  walk.size += SIZE_OF_VALUE;
  switch (typeof v) {
    case 'undefined':
      return { t: 'undefined' };
    case 'boolean':
      return { t: 'boolean', v };
    case 'number':
      return {
        t: 'number',
        v: objectIs(v, -0) ? '-0' : numberIsFinite(v) ? v : StringCtor(v),
      };
    case 'string':
      return serializeString(walk, v);
    case 'bigint':
      return { t: 'bigint', v: walk.text(bigintText(v)) };
    case 'symbol':
      return { t: 'symbol', v: walk.text(symbolText(v)) };
    case 'function':
      return isProxy(v) ? serializeProxy(walk, v, depth) : serializeFunction(walk, v);
  }
  if (v === null) return { t: 'null' };
  const o = v as object;
  if (isProxy(o)) return serializeProxy(walk, o, depth);
  const chain = protoChain(o);
  const time = holds(chain, DateProto)
    ? brand(dateGetTime as (this: unknown) => number, o)
    : undefined;
  if (time !== undefined) {
    return { t: 'date', v: time !== time ? 'Invalid Date' : (brand(dateToISO, o) ?? '') };
  }
  const source = holds(chain, RegExpProto)
    ? brand(regexpSource as (this: unknown) => string, o)
    : undefined;
  if (source !== undefined) return { t: 'regexp', v: walk.text(`/${source}/${regexpFlags(o)}`) };

  const seenId = mapGetOf(walk.seen, o);
  if (seenId !== undefined) return { t: 'ref', id: seenId };
  const id = walk.nextId++;
  const limited = depth > walk.opts.maxDepth || walk.full();
  // A stub is not registered, so a later, shallower sighting is walked in full.
  if (!limited) mapSetOf(walk.seen, o, id);
  walk.nodes++;
  try {
    return serializeObject(walk, o, chain, id, depth, limited);
  } catch {
    return { t: 'object', id, cls: className(walk, o), entries: [] };
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
  if (isError(o)) return serializeError(walk, o, id);
  if (isDomNode(o)) {
    const d = describeDomNode(o);
    const text = d.text === undefined ? {} : { text: walk.text(d.text) };
    return { t: 'dom', id, tag: walk.text(d.tag), desc: walk.text(d.desc), ...text };
  }
  if (holds(chain, PromiseProto)) return { t: 'promise', id, state: 'unknown' };
  if (o === globalThis) return { t: 'object', id, cls: 'Window', entries: [], depthLimit: true };
  const collection = serializeCollection(walk, o, chain, id, depth, limited);
  if (collection) return collection;
  const cls = className(walk, o);
  if (limited) return { t: 'object', id, cls, entries: [], depthLimit: true };
  return serializePlainObject(walk, o, id, cls, depth);
}

function serializeError(walk: Walk, o: Error, id: number): SerializedValue {
  const info = walk.opts.errorStacks ? errorInfo(o) : undefined;
  const rawName = info ? info.name : safeGet(o, 'name');
  const rawMessage = info ? info.message : safeGet(o, 'message');
  const name = typeof rawName === 'string' && rawName ? rawName : (constructorName(o) ?? 'Error');
  const out: SerializedValue = {
    t: 'error',
    id,
    name: walk.text(name),
    message: walk.text(typeof rawMessage === 'string' ? rawMessage : ''),
  };
  if (!info) return out;
  if (info.stack !== undefined) out.stack = walk.text(info.stack);
  const frames: NonNullable<typeof out.frames> = [];
  for (let i = 0; i < info.frames.length && i < MAX_FRAMES; i++) {
    const f = info.frames[i]!;
    const frame = { url: walk.text(f.url), line: f.line, column: f.column };
    append(frames, f.fn === undefined ? frame : { fn: walk.text(f.fn), ...frame });
  }
  out.frames = frames;
  return out;
}

/**
 * A program's proxy, read without a trap: through its target, as devtools show one. An object
 * or array target is shown with its entries under `Proxy(Foo)` (`cls`); anything else (a
 * function, a Map…) as a `Proxy` object with the target as its one entry, `[[Target]]`; a
 * revoked proxy as `Proxy {[[IsRevoked]]: true}`.
 */
function serializeProxy(walk: Walk, proxy: object, depth: number): SerializedValue {
  const seenId = mapGetOf(walk.seen, proxy);
  if (seenId !== undefined) return { t: 'ref', id: seenId };
  const id = walk.nextId++;
  walk.nodes++;
  if (depth > walk.opts.maxDepth || walk.full()) {
    return { t: 'object', id, cls: 'Proxy', entries: [], depthLimit: true };
  }
  mapSetOf(walk.seen, proxy, id);
  if (isRevoked(proxy)) {
    return {
      t: 'object',
      id,
      cls: 'Proxy',
      entries: [['[[IsRevoked]]', { t: 'boolean', v: true }]],
    };
  }
  let target = proxyTarget(proxy)!;
  for (let hops = 0; isProxy(target) && hops < 64; hops++) target = proxyTarget(target)!;
  let inner: SerializedValue;
  if (typeof target === 'function') {
    inner = serializeFunction(walk, target);
  } else {
    // A fresh id: the target itself is not registered, so elsewhere in the value it is its own.
    const innerId = walk.nextId++;
    try {
      inner = serializeObject(walk, target, protoChain(target), innerId, depth, false);
    } catch {
      inner = { t: 'object', id: innerId, cls: null, entries: [] };
    }
    if (inner.t === 'object')
      return { ...inner, id, cls: walk.text(`Proxy(${inner.cls ?? 'Object'})`) };
    if (inner.t === 'array')
      return { ...inner, id, cls: walk.text(`Proxy(${inner.cls ?? 'Array'})`) };
  }
  return { t: 'object', id, cls: 'Proxy', entries: [['[[Target]]', inner]] };
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
    const symbols = ownSymbols(o);
    for (let i = 0; i < symbols.length; i++) {
      if (descriptor(o, symbols[i]!)?.enumerable) append(keys, symbols[i]!);
    }
  } catch {
    keys = [];
  }
  const entries: [string, SerializedValue][] = [];
  const max = walk.opts.maxEntries;
  for (let i = 0; i < keys.length; i++) {
    if (entries.length >= max || walk.full()) break;
    const key = keys[i]!;
    const name = typeof key === 'symbol' ? `[${symbolText(key)}]` : StringCtor(key);
    append(entries, [walk.text(name), walk.property(o, key, depth)]);
  }
  const out: SerializedValue = { t: 'object', id, cls, entries };
  if (keys.length > entries.length) out.more = keys.length - entries.length;
  return out;
}

/** An own property's value, or for an accessor its getter function (never called). */
function propertyValue(walk: Walk, o: object, key: PropertyKey, depth: number): SerializedValue {
  const d = descriptor(o, key);
  if (!d) return { t: 'undefined' };
  if (isData(d)) return walk.value(d.value, depth + 1);
  walk.size += SIZE_OF_VALUE;
  return serializeFunction(walk, d.get ?? d.set);
}

function serializeString(walk: Walk, s: string): SerializedValue {
  const max = walk.opts.maxString;
  if (s.length <= max) {
    walk.size += s.length;
    return { t: 'string', v: s };
  }
  const v = cut(s, max);
  walk.size += v.length;
  return { t: 'string', v, length: s.length };
}

function serializeFunction(walk: Walk, fn: unknown): SerializedValue {
  if (typeof fn !== 'function') return { t: 'undefined' };
  if (isProxy(fn)) return { t: 'function', name: '' };
  const name = ownData(fn, 'name');
  const out: SerializedValue = {
    t: 'function',
    name: walk.text(typeof name === 'string' ? name : ''),
  };
  if (isClassSource(functionSource(fn))) out.isClass = true;
  return out;
}

/** `class` followed by anything but a name character: the source of a class. */
function isClassSource(source: string): boolean {
  if (!startsWith(source, 'class')) return false;
  const c = charCodeAt(source, 5);
  const nameChar =
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  return !nameChar;
}

function className(walk: Walk, o: object): string | null {
  const name = constructorName(o);
  return name === null || name === 'Object' ? null : walk.text(name);
}

/** A regexp's flags from each flag's own getter (its `flags` getter reads them as properties). */
export function regexpFlags(re: object): string {
  let flags = '';
  for (let i = 0; i < REGEXP_FLAGS.length; i++) {
    const getter = REGEXP_FLAGS[i]![0];
    if (getter && brand(getter as (this: unknown) => unknown, re) === true) {
      flags += REGEXP_FLAGS[i]![1];
    }
  }
  return flags;
}
