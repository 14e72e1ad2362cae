import type { ExternalStore } from './useStore';

/** Clock and timers of the store views here (the browser's by default; fakes in tests). */
export interface ThrottleClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Runs `callback` after `ms`; returns a handle for `clear`. */
  set(callback: () => void, ms: number): unknown;
  /** Cancels a callback from `set`. */
  clear(handle: unknown): void;
}

export const browserClock: ThrottleClock = {
  now: () => performance.now(),
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The same store, whose subscribers hear of changes at most once per `ms` while `busy(state)`
 * holds, the last change always (a trailing notice); outside a busy spell, and for the change
 * that ends one, at once. `getState` is the store's own, so whoever reads it reads the latest.
 *
 * For views of figures that change every frame, which nobody reads at that rate: a playing
 * run's tick text and slider cost the app a render and a paint 60 times a second.
 */
export function throttledStore<S>(
  store: ExternalStore<S>,
  ms: number,
  busy: (state: S) => boolean,
  clock: ThrottleClock = browserClock,
): ExternalStore<S> {
  return {
    getState: store.getState,
    subscribe(listener) {
      let toldAt = -Infinity;
      let trailing: unknown = null;
      const tell = () => {
        trailing = null;
        toldAt = clock.now();
        listener();
      };
      const unsubscribe = store.subscribe(() => {
        const wait = toldAt + ms - clock.now();
        if (!busy(store.getState()) || wait <= 0) {
          if (trailing !== null) clock.clear(trailing);
          tell();
        } else trailing ??= clock.set(tell, wait);
      });
      return () => {
        if (trailing !== null) clock.clear(trailing);
        unsubscribe();
      };
    },
  };
}
