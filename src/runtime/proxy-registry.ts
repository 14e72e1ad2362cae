/**
 * The program's proxies, remembered as they are made: nothing else tells a Proxy from its
 * target, and what reads the program's values (the console's serializer, a logpoint) must not
 * run its traps. `installProxyRegistry` replaces `Proxy` before the program runs, in every run
 * (live and replayed alike, so the program is the same in both).
 *
 * The stand-in is itself a Proxy of the real constructor whose only trap is `construct`, so
 * the rest of what a program can observe is the real one's: calling it without `new` throws
 * the same TypeError; `length`, `name`, no `prototype` (so `class extends Proxy` and
 * `x instanceof Proxy` throw as before); its properties. `Proxy.revocable` is wrapped the same
 * way (an `apply` trap). What differs: `Function.prototype.toString` of the two stand-ins gives
 * "function () { [native code] }" (no name), and an error thrown by `new Proxy(…)` has one more
 * frame, the runtime's, in its stack (the console leaves the runtime's frames out).
 */
import { apply, construct, defineProperty, getDescriptor, isArray, weakSet } from './intrinsics.ts';

/** Each proxy the program made, with its target. */
const targets = new WeakMap<object, object>();
/** Whether any was made: most programs make none, and then no lookup is paid. */
let made = false;
// Bound once: a call per lookup, no Reflect.apply (the program cannot reach these bindings).
const hasTarget = WeakMap.prototype.has.bind(targets) as (key: object) => boolean;
const getTarget = WeakMap.prototype.get.bind(targets) as (key: object) => object | undefined;
/** The stand-ins made (installing twice must not wrap a stand-in). */
const standIns = new WeakSet<object>();
const weakSetAdd = WeakSet.prototype.add;
const weakSetHas = WeakSet.prototype.has;

const isObject = (v: unknown): v is object =>
  (typeof v === 'object' && v !== null) || typeof v === 'function';

/** True for a proxy the program made (the runtime's own, made before, are not known). */
export function isProxy(v: unknown): boolean {
  return made && isObject(v) && hasTarget(v);
}

/** The target a program's proxy was made with; undefined for anything else. */
export function proxyTarget(v: object): object | undefined {
  return made ? getTarget(v) : undefined;
}

/** A revoked proxy: IsArray throws for one, without running any trap. */
export function isRevoked(proxy: object): boolean {
  try {
    isArray(proxy);
    return false;
  } catch {
    return true;
  }
}

/** Replaces `scope.Proxy` (and its `revocable`) with stand-ins that remember every proxy made. */
export function installProxyRegistry(scope: { Proxy: ProxyConstructor }): void {
  const Real = scope.Proxy;
  if (typeof Real !== 'function' || apply(weakSetHas, standIns, [Real])) return;
  const remember = (proxy: unknown, target: unknown) => {
    if (isObject(proxy) && isObject(target)) {
      weakSet(targets, proxy, target);
      made = true;
    }
  };
  // Handlers without a prototype: a trap is looked up on the handler, and one inherited from
  // an Object.prototype the program extended would run on every use of `Proxy`.
  const standIn = new Real(Real, {
    __proto__: null,
    construct(target: ProxyConstructor, args: unknown[], newTarget: ProxyConstructor) {
      const proxy = construct(target as unknown as new () => object, args, newTarget) as object;
      remember(proxy, args[0]);
      return proxy;
    },
  } as ProxyHandler<ProxyConstructor>);
  const realRevocable = Real.revocable;
  // The real constructor's `revocable` is already a stand-in when it was installed elsewhere.
  const wrapped = apply(weakSetHas, standIns, [realRevocable]) === true;
  const revocable = wrapped
    ? realRevocable
    : new Real(realRevocable, {
        __proto__: null,
        apply(target: typeof realRevocable, self: unknown, args: unknown[]) {
          const result = apply(target, self, args) as { proxy: object; revoke: () => void };
          remember(result.proxy, args[0]);
          return result;
        },
      } as ProxyHandler<typeof realRevocable>);
  defineProperty(Real, 'revocable', { __proto__: null, value: revocable } as PropertyDescriptor);
  apply(weakSetAdd, standIns, [standIn]);
  apply(weakSetAdd, standIns, [revocable]);
  const own = getDescriptor(scope, 'Proxy');
  defineProperty(scope, 'Proxy', {
    __proto__: null,
    value: standIn,
    writable: own?.writable ?? true,
    enumerable: own?.enumerable ?? false,
    configurable: own?.configurable ?? true,
  } as PropertyDescriptor);
}
