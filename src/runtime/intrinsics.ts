/**
 * Built-ins captured when the runtime loads, before the program can replace them, and small
 * helpers that use nothing else. Code that must never run the program's code (the probe, the
 * serializer) calls these instead of methods looked up on values at the time: the program may
 * replace `Array.prototype.push`, `String.prototype.slice`, `Map.prototype.get`, `Math`,
 * `JSON`, `Number`… and array iteration (`for…of`, spread) goes through its own `next`.
 */

export const apply = Reflect.apply;
export const construct = Reflect.construct;
export const getDescriptor = Object.getOwnPropertyDescriptor;
export const getProto = Object.getPrototypeOf;
export const hasOwn = Object.hasOwn;
export const defineProperty = Object.defineProperty;
export const objectKeys = Object.keys;
export const ownSymbols = Object.getOwnPropertySymbols;
export const isArray = Array.isArray;
export const objectIs = Object.is;
export const freeze = Object.freeze;
export const numberIsFinite = Number.isFinite;
export const StringCtor = String;
export const RegExpCtor = RegExp;
export const BigIntCtor = BigInt;
export const mathMin = Math.min;
export const mathFloor = Math.floor;

const strSlice = String.prototype.slice;
const strIndexOf = String.prototype.indexOf;
const strLastIndexOf = String.prototype.lastIndexOf;
const strStartsWith = String.prototype.startsWith;
const strCharCodeAt = String.prototype.charCodeAt;
const bigintToString = BigInt.prototype.toString;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapHas = Map.prototype.has;
const weakMapGet = WeakMap.prototype.get;
const weakMapSet = WeakMap.prototype.set;
const weakMapHas = WeakMap.prototype.has;
const typedSet = (Object.getPrototypeOf(Int32Array.prototype) as Int32Array).set;

/**
 * Adds `v` at the end of `list`: an index store, no method the program could have replaced
 * (a setter the program defined for that index on `Array.prototype` would still run, as for
 * the engine's own push: no program does that by accident).
 */
export function append<T>(list: T[], v: T): void {
  list[list.length] = v;
}

/**
 * A data descriptor (`value`), as getOwnPropertyDescriptor returns one. Its own fields only:
 * `'value' in d` would also find a `value` the program put on Object.prototype.
 */
export const isData = (d: PropertyDescriptor): boolean => hasOwn(d, 'value');

/** `list` holds `item` (Array.prototype.includes is the program's to replace). */
export function holds(list: readonly unknown[], item: unknown): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === item) return true;
  return false;
}

export const slice = (s: string, start: number, end?: number): string =>
  apply(strSlice, s, [start, end]) as string;
export const indexOf = (s: string, part: string, from = 0): number =>
  apply(strIndexOf, s, [part, from]) as number;
export const lastIndexOf = (s: string, part: string): number =>
  apply(strLastIndexOf, s, [part]) as number;
export const startsWith = (s: string, prefix: string, at = 0): boolean =>
  apply(strStartsWith, s, [prefix, at]) as boolean;
export const charCodeAt = (s: string, i: number): number => apply(strCharCodeAt, s, [i]) as number;
export const bigintText = (n: bigint): string => apply(bigintToString, n, []) as string;

/** `s` cut to `max` characters without splitting a surrogate pair. */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = charCodeAt(s, max - 1);
  return slice(s, 0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** `s` cut to `max` characters, the last one an ellipsis when it was longer (names, keys). */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${cut(s, max - 1)}…`;
}

export const mapGetOf = <K, V>(m: Map<K, V>, k: K): V | undefined =>
  apply(mapGet, m, [k]) as V | undefined;
export const mapSetOf = <K, V>(m: Map<K, V>, k: K, v: V): void => void apply(mapSet, m, [k, v]);
export const mapHasOf = <K, V>(m: Map<K, V>, k: K): boolean => apply(mapHas, m, [k]) as boolean;
export const weakGet = <K extends object, V>(m: WeakMap<K, V>, k: K): V | undefined =>
  apply(weakMapGet, m, [k]) as V | undefined;
export const weakSet = <K extends object, V>(m: WeakMap<K, V>, k: K, v: V): void =>
  void apply(weakMapSet, m, [k, v]);
export const weakHas = <K extends object, V>(m: WeakMap<K, V>, k: K): boolean =>
  apply(weakMapHas, m, [k]) as boolean;

/** `list`, or a copy of it with room for at least `size` numbers. */
export function grown(list: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (size <= list.length) return list;
  let capacity = list.length || 16;
  while (capacity < size) capacity *= 2;
  const next = new Int32Array(capacity);
  apply(typedSet, next, [list]);
  return next;
}
