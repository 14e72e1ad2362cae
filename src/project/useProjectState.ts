import { useSyncExternalStore } from 'react';
import type { ProjectState, ProjectStore } from './store';

/**
 * The store's current state, re-rendering on change. With a selector, re-renders only when
 * the selected value changes (by Object.is), so the selector must return stored values
 * (e.g. `s => s.project.files[path]`), not new objects or arrays built per call.
 */
export function useProjectState(store: ProjectStore): ProjectState;
export function useProjectState<T>(store: ProjectStore, selector: (state: ProjectState) => T): T;
export function useProjectState<T>(
  store: ProjectStore,
  selector?: (state: ProjectState) => T,
): T | ProjectState {
  const select = () => (selector ? selector(store.getState()) : store.getState());
  return useSyncExternalStore(store.subscribe, select, select);
}
