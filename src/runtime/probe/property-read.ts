/**
 * How a logpoint reads `obj.key` and a global: along the prototype chain by descriptor, as
 * docs/logpoints.md says. A data property's value is read; a getter runs only when it is the
 * platform's own (`canvas.width`, `map.size`) or only reads a binding (`() => name`: what
 * esbuild makes for a module's exports); any other getter, and any Proxy the program made, is
 * left unread with the reason.
 */
import { isError } from '../error-info.ts';
import { apply, charCodeAt, getDescriptor, getProto, isData, StringCtor } from '../intrinsics.ts';
import { isProxy } from '../proxy-registry.ts';
import {
  functionSource,
  getterOf,
  isNativeGetter,
  stackHookSet,
  symbolText,
} from '../safe-reflect.ts';
import { regexpFlags } from '../serialize.ts';
import { thrown, unread, type EvalContext } from './eval-context.ts';
import { thrownText } from './thrown-text.ts';

const ErrorCtor = Error;
/** The prototypes a primitive's properties are looked up on (fixed objects: the program can add to them, not replace them). */
const STRING_PROTO = String.prototype;
const NUMBER_PROTO = Number.prototype;
const BOOLEAN_PROTO = Boolean.prototype;
const SYMBOL_PROTO = Symbol.prototype;
const BIGINT_PROTO = BigInt.prototype;
const charAt = String.prototype.charAt;
/** RegExp's `flags` getter reads the other flags as properties, where the program may put getters. */
const regexpFlagsGetter = getterOf(RegExp.prototype, 'flags');

/** A global the window does not have (a ReferenceError for a name, 'undefined' for typeof). */
export const NOT_FOUND: unique symbol = Symbol('probe: no such global');

/** `obj[key]` (key already a property key), as a logpoint reads it; `text` is the expression's. */
export function readProperty(
  c: EvalContext,
  obj: unknown,
  key: string | symbol,
  text: string,
  objText: string,
): unknown {
  if (typeof obj === 'object' || typeof obj === 'function') {
    if (isProxy(obj)) {
      return unread(c, `${objText} is a Proxy: a logpoint does not run its traps`);
    }
    return lookUp(c, obj as object, obj, key, text, objText);
  }
  if (typeof obj === 'string') {
    if (key === 'length') return obj.length;
    const index = arrayIndex(key);
    if (index >= 0) return index < obj.length ? apply(charAt, obj, [index]) : undefined;
  }
  return lookUp(c, primitiveProto(obj), obj, key, text, objText);
}

/** A global name, read from the window by descriptor; NOT_FOUND when it has none. */
export function readGlobal(c: EvalContext, global: object, name: string): unknown {
  return lookUp(c, global, global, name, name, 'the window', true);
}

function lookUp(
  c: EvalContext,
  start: object | null,
  receiver: unknown,
  key: string | symbol,
  text: string,
  objText: string,
  global = false,
): unknown {
  if (key === 'stack' && isError(receiver) && stackHookSet(ErrorCtor)) {
    return unread(c, `${text} would run Error.prepareStackTrace: a logpoint does not run it`);
  }
  let cur = start;
  for (let hops = 0; cur !== null && hops < 256; hops++) {
    if (isProxy(cur)) {
      return unread(c, `${objText} inherits from a Proxy: a logpoint does not run its traps`);
    }
    let d: PropertyDescriptor | undefined;
    try {
      d = getDescriptor(cur, key);
    } catch (error) {
      return thrown(c, thrownText(error)); // a cross-origin window's SecurityError
    }
    if (d !== undefined) {
      if (isData(d)) return d.value;
      const getter: unknown = d.get;
      if (getter === undefined) return undefined;
      if (getter === regexpFlagsGetter && typeof receiver === 'object' && receiver !== null) {
        return regexpFlags(receiver);
      }
      if (!isNativeGetter(getter) && !readsBinding(getter)) {
        return unread(c, `${text} is a getter: a logpoint does not run it`);
      }
      try {
        return apply(getter as () => unknown, receiver, []);
      } catch (error) {
        return thrown(c, thrownText(error));
      }
    }
    try {
      cur = getProto(cur) as object | null;
    } catch (error) {
      return thrown(c, thrownText(error));
    }
  }
  return global ? NOT_FOUND : undefined;
}

function primitiveProto(v: unknown): object | null {
  switch (typeof v) {
    case 'string':
      return STRING_PROTO;
    case 'number':
      return NUMBER_PROTO;
    case 'boolean':
      return BOOLEAN_PROTO;
    case 'symbol':
      return SYMBOL_PROTO;
    case 'bigint':
      return BIGINT_PROTO;
    default:
      return null;
  }
}

/** The array index a key names (`'3'`, not `'03'` or `'3.0'`), or -1. */
function arrayIndex(key: string | symbol): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > 10) return -1;
  const n = +key; // a string: converting it runs nothing
  return n >= 0 && n < 4294967295 && n === (n | 0) && StringCtor(n) === key ? n : -1;
}

/**
 * A getter that only reads a binding: `() => name`, as esbuild's `__export` makes for each of a
 * module's exports (so `ns.helper` on `import * as ns` is read). Reading a binding runs nothing.
 */
export function readsBinding(fn: unknown): boolean {
  if (typeof fn !== 'function' || isProxy(fn)) return false;
  const s = functionSource(fn);
  let i = 0;
  const skipSpace = () => {
    while (i < s.length && isSpace(charCodeAt(s, i))) i++;
  };
  if (charCodeAt(s, i++) !== 40 || charCodeAt(s, i++) !== 41) return false; // ()
  skipSpace();
  if (charCodeAt(s, i++) !== 61 || charCodeAt(s, i++) !== 62) return false; // =>
  skipSpace();
  const start = i;
  while (i < s.length && isNameChar(charCodeAt(s, i), i === start)) i++;
  if (i === start) return false;
  skipSpace();
  return i === s.length;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const isNameChar = (c: number, first: boolean) =>
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 95 ||
  c === 36 ||
  (!first && c >= 48 && c <= 57);

/** Text of a key in messages (V8's: `reading 'x'`). */
export function keyText(key: string | symbol): string {
  return typeof key === 'symbol' ? symbolText(key) : key;
}
