/**
 * `?readonly` covers the link's project only: once another project is loaded (Projects ›
 * Open, New project, Open link), that project is the user's own and must be editable.
 */
import type { ProjectStore } from '../project/model/store';
import type { ViewStore } from './view-store';

/** Makes the view editable on the store's next load; returns the unsubscribe function. */
export function scopeReadOnlyToLink(view: ViewStore, store: ProjectStore): () => void {
  let loads = store.getState().loads;
  return store.subscribe(() => {
    const next = store.getState().loads;
    if (next === loads) return;
    loads = next;
    view.makeEditable();
  });
}
