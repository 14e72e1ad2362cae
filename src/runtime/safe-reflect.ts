/**
 * Reading user values without running user code: intrinsics are captured when the runtime
 * loads (before user code can replace them), and property reads go through descriptors so a
 * getter is never invoked unless it is native (a browser's own accessor, e.g. Node#nodeType).
 * A proxy the program made (proxy-registry.ts) has no descriptors or prototype here: its traps
 * never run. Every helper swallows exceptions, because the runtime's own proxies and exotic
 * host objects can throw.
 */
import {
  append,
  apply,
  getDescriptor,
  getProto,
  indexOf,
  isData,
  startsWith,
} from './intrinsics.ts';
import { isProxy } from './proxy-registry.ts';

export { apply };
const fnToString = Function.prototype.toString;
const symbolToString = Symbol.prototype.toString;
/**
 * Chromium's accessor for `error.stack` (own on each error) prints as an anonymous native
 * function, unlike the platform's named getters.
 */
const errorStackGetter = getDescriptor(new Error(), 'stack')?.get;

/** Source text of a function (or '' if it cannot be read). */
export function functionSource(fn: unknown): string {
  try {
    return apply(fnToString, fn, []) as string;
  } catch {
    return '';
  }
}

export function symbolText(s: symbol): string {
  try {
    return apply(symbolToString, s, []) as string;
  } catch {
    return 'Symbol()';
  }
}

/**
 * A getter of the platform's own (`function get size() { [native code] }`): calling it runs
 * none of the program's code. A bound function and a proxy of a function also print as native
 * code, but anonymously (any function can be bound): they are not taken for one.
 */
export function isNativeGetter(fn: unknown): boolean {
  if (typeof fn !== 'function' || isProxy(fn)) return false;
  if (fn === errorStackGetter) return true;
  const source = functionSource(fn);
  return startsWith(source, 'function get ') && indexOf(source, '[native code]') > 0;
}

/** Chromium's `error.stack` accessor: reading it formats the stack (Error.prepareStackTrace). */
export const isErrorStackGetter = (fn: unknown): boolean =>
  errorStackGetter !== undefined && fn === errorStackGetter;

export function protoOf(o: object): object | null {
  if (isProxy(o)) return null;
  try {
    return getProto(o) as object | null;
  } catch {
    return null;
  }
}

/**
 * The prototypes `o` inherits from, nearest first. Brand checks throw for the wrong type, and
 * a thrown exception costs microseconds (a stack is captured), so callers look for the
 * intrinsic prototype here first and brand-check only when it is present.
 */
export function protoChain(o: object): object[] {
  const chain: object[] = [];
  for (let p = protoOf(o); p && chain.length < 64; p = protoOf(p)) append(chain, p);
  return chain;
}

/**
 * An own property's descriptor. Read its fields as own ones (isData, then `value` or `get`):
 * `'value' in d` and a data descriptor's `d.get` would find what the program put on
 * Object.prototype.
 */
export function descriptor(o: object, key: PropertyKey): PropertyDescriptor | undefined {
  if (isProxy(o)) return undefined;
  try {
    return getDescriptor(o, key);
  } catch {
    return undefined;
  }
}

/** An own data property's value; undefined for accessors, missing keys and throwing proxies. */
export function ownData(o: object, key: PropertyKey): unknown {
  const d = descriptor(o, key);
  return d && isData(d) ? d.value : undefined;
}

/**
 * A property's value looked up along the prototype chain, without running user getters:
 * data properties are read, native getters are called (they are the platform's), other
 * accessors give undefined.
 */
export function safeGet(o: object, key: PropertyKey): unknown {
  let cur: object | null = o;
  for (let hops = 0; cur && hops < 64; hops++) {
    const d = descriptor(cur, key);
    if (d) {
      if (isData(d)) return d.value;
      if (!isNativeGetter(d.get)) return undefined;
      try {
        return apply(d.get!, o, []);
      } catch {
        return undefined;
      }
    }
    cur = protoOf(cur);
  }
  return undefined;
}

/** Name of the constructor an object was made by, e.g. 'Foo' for `new Foo()`; null for none. */
export function constructorName(o: object): string | null {
  const proto = protoOf(o);
  if (!proto) return null;
  const ctor = safeGet(proto, 'constructor');
  if (typeof ctor !== 'function') return null;
  const name = ownData(ctor, 'name');
  return typeof name === 'string' && name ? name : null;
}

/** Calls a brand-checked intrinsic (e.g. Map.prototype size getter); undefined if the brand is wrong. */
export function brand<T>(fn: ((this: unknown) => T) | undefined, o: object): T | undefined {
  if (!fn) return undefined;
  try {
    return apply(fn, o, []) as T;
  } catch {
    return undefined;
  }
}

export function getterOf(
  proto: object,
  key: PropertyKey,
): ((this: unknown) => unknown) | undefined {
  return getDescriptor(proto, key)?.get as ((this: unknown) => unknown) | undefined;
}

/** Error.prepareStackTrace is set: reading an error's stack would run the program's hook. */
export function stackHookSet(ErrorCtor: object): boolean {
  const d = descriptor(ErrorCtor, 'prepareStackTrace');
  return d !== undefined && (isData(d) ? d.value !== undefined : true);
}
