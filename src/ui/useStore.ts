import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';

/**
 * What every plain-TS store here offers (project, run, settings, library, timeline, console…):
 * each is a zustand/vanilla store behind its own typed actions.
 */
export interface ExternalStore<S> {
  getState(): S;
  subscribe(fn: () => void): () => void;
}

const identity = <S>(state: S) => state;

/**
 * A store's state as React state. With a selector, the component re-renders only when the
 * selected slice changes (by `isEqual`, Object.is by default), not at every change of the
 * store: a keystroke in one file must not re-render what shows another slice (docs/architecture.md,
 * issue 10). Select stored values (`s => s.activePath`), or pass `isEqual` (e.g. `shallowEqual`)
 * for a selector that builds a new object per call.
 */
export function useStore<S>(store: ExternalStore<S>): S;
export function useStore<S, T>(
  store: ExternalStore<S>,
  selector: (state: S) => T,
  isEqual?: (a: T, b: T) => boolean,
): T;
export function useStore<S, T>(
  store: ExternalStore<S>,
  selector: (state: S) => T = identity as (state: S) => T,
  isEqual?: (a: T, b: T) => boolean,
): T {
  return useSyncExternalStoreWithSelector(
    store.subscribe,
    store.getState,
    store.getState,
    selector,
    isEqual,
  );
}

/** Equal when both objects have the same keys with Object.is-equal values. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  const keys = Object.keys(a) as (keyof T)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}
