/**
 * How the app is shown, apart from the project: read-only (a `?readonly` link), embedded,
 * and a dismissible notice (e.g. a broken link). Plain TS; React reads it with useStore.
 */
import { createStore } from 'zustand/vanilla';
import type { Startup } from './startup';
import { withoutReadOnly } from '../project/share/share-url';

export interface ViewState {
  /** Editing refused (a read-only link) until "Edit a copy". */
  readOnly: boolean;
  /** Compact layout for iframes. */
  embed: boolean;
  /** A message the user must see (shown as an alert) until dismissed. */
  notice: string | null;
  /** Ctrl/Cmd+S presses forwarded by the preview (the app's key listener never sees them). */
  saveRequests: number;
}

export interface ViewStore {
  getState(): ViewState;
  subscribe(fn: () => void): () => void;
  /** "Edit a copy": editing allowed, and `?readonly` leaves the address bar. */
  makeEditable(): void;
  showNotice(text: string): void;
  dismissNotice(): void;
  /** Ctrl/Cmd+S was pressed in the preview: the keyboard help saves and says how it went. */
  requestSave(): void;
  /** The project is saved now: drop `#code/…` so a reload restores the saved copy, not the link. */
  forgetPermalink(): void;
}

/** The address bar, injected so the store is testable without a browser. */
export interface UrlBar {
  get(): string;
  replace(href: string): void;
}

export function createViewStore(startup: Startup, url: UrlBar): ViewStore {
  const {
    getState,
    setState: set,
    subscribe,
  } = createStore<ViewState>()(() => ({
    readOnly: startup.readOnly,
    embed: startup.embed,
    notice: startup.error ?? startup.runError ?? null,
    saveRequests: 0,
  }));
  // The bad link was reported: drop its fragment and `?readonly`, so a reload does not
  // report it again and the address says what is shown (the user's own, editable project).
  if (startup.error) {
    const href = withoutReadOnly(url.get());
    const at = href.indexOf('#');
    const next = at >= 0 ? href.slice(0, at) : href;
    if (next !== url.get()) url.replace(next);
  }
  return {
    getState,
    subscribe,
    makeEditable() {
      if (!getState().readOnly) return;
      const href = url.get();
      const next = withoutReadOnly(href);
      if (next !== href) url.replace(next);
      set({ readOnly: false });
    },
    forgetPermalink() {
      const href = url.get();
      const at = href.indexOf('#');
      if (at >= 0) url.replace(href.slice(0, at));
    },
    showNotice: (text) => set({ notice: text }),
    dismissNotice: () => set({ notice: null }),
    requestSave: () => set({ saveRequests: getState().saveRequests + 1 }),
  };
}

/** The real address bar: history.replaceState keeps the page (and the project) as it is. */
export const browserUrlBar: UrlBar = {
  get: () => window.location.href,
  replace: (href) => window.history.replaceState(window.history.state, '', href),
};
