import { useSyncExternalStore } from 'react';

/** Any of the plain-TS stores (project, run, settings, console) as React state. */
export function useStore<T>(store: { getState(): T; subscribe(fn: () => void): () => void }): T {
  return useSyncExternalStore(store.subscribe, store.getState);
}
