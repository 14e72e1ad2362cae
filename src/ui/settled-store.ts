import { browserClock, type ThrottleClock } from './throttled-store';
import type { ExternalStore } from './useStore';

/**
 * The same store as its subscribers see it: a spell of transient states (`transient(state)`)
 * shows only once it has lasted `ms`, and from then on every change in it at once; until then
 * the last settled state stays. A settled state shows at once. Subscribers hear only of changes
 * to what is shown.
 *
 * For statuses that a fast action passes through: a run reaches its preview in tens of ms, and
 * "Building… Starting… Running" at every run is a flicker for the eye, three announcements of
 * a live region, and renders and layouts of the app on the run's way to the preview.
 */
export function settledStore<S>(
  store: ExternalStore<S>,
  ms: number,
  transient: (state: S) => boolean,
  clock: Pick<ThrottleClock, 'set' | 'clear'> = browserClock,
): ExternalStore<S> {
  const listeners = new Set<() => void>();
  let shown = store.getState();
  let timer: unknown = null;
  let overdue = false;
  let unsubscribe: (() => void) | null = null;

  const show = (state: S) => {
    if (Object.is(state, shown)) return;
    shown = state;
    for (const listener of [...listeners]) listener();
  };
  const settle = () => {
    if (timer !== null) clock.clear(timer);
    timer = null;
    overdue = false;
  };
  const onChange = () => {
    const state = store.getState();
    if (!transient(state)) {
      settle();
      show(state);
    } else if (overdue) show(state);
    else
      timer ??= clock.set(() => {
        timer = null;
        overdue = true;
        show(store.getState());
      }, ms);
  };

  return {
    // Unwatched, it is the store's own state (what a first render shows).
    getState: () => (unsubscribe ? shown : store.getState()),
    subscribe(listener) {
      listeners.add(listener);
      if (!unsubscribe) {
        shown = store.getState();
        unsubscribe = store.subscribe(onChange);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || !unsubscribe) return;
        unsubscribe();
        unsubscribe = null;
        settle();
      };
    },
  };
}
