import { apply } from './safe-reflect.ts';

/** Runs a callback of the program; what it throws is reported, never passed on to the caller. */
export type GuardedCall = (fn: () => void) => void;

/**
 * Calls `fn` the way the browser calls an event listener: a throw is reported by the browser
 * itself (the window's `error` event, devtools) and does not reach the caller. Catching it and
 * calling reportError would report the catch's location instead of the throw's, and a thrown
 * non-Error (`throw null`, `throw 1`) has no stack: its throw site is all there is to show.
 * Only try/finally may stand between the throw and here (a rethrow moves the site).
 */
export function createGuardedCall(win: Window & typeof globalThis): GuardedCall {
  const target = new win.EventTarget();
  const EventCtor = win.Event;
  const dispatch = win.EventTarget.prototype.dispatchEvent;
  let next: (() => void) | null = null;
  apply(win.EventTarget.prototype.addEventListener, target, [
    'call',
    () => {
      const fn = next;
      next = null;
      fn?.();
    },
  ]);
  return (fn) => {
    next = fn;
    apply(dispatch, target, [new EventCtor('call')]);
    next = null;
  };
}
