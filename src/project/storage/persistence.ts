import type { ProjectStore } from '../model/store';
import { createAutosave, type Autosave } from './autosave';
import { createLibrary, type ProjectLibrary } from './library';
import { createTabGuard, type ChannelLike } from './tab-guard';
import type { ProjectBackend } from './types';
import type { LocalStore } from './write-ahead';

export interface PersistenceDeps {
  store: ProjectStore;
  backend: ProjectBackend;
  /** localStorage (write-ahead copy, last open project); null when unavailable. */
  local: LocalStore | null;
  /** sessionStorage (this tab's open project); null when unavailable. */
  tab: LocalStore | null;
  /** Opened from a valid permalink: restore nothing, and save only once the user edits. */
  openedFromLink: boolean;
  /** BroadcastChannel for the two-tabs check; null where unsupported. */
  channel: ChannelLike | null;
  /** This tab's id among the tabs (random by default). */
  tabId?: string;
  /** Longest wait for another tab to save before "Edit here" loads, in ms. */
  releaseWaitMs?: number;
  /** Quiet time after an edit before saving, in ms. */
  delayMs?: number;
  /** Restoring longer than this shows the default project and a storage error, in ms. */
  startTimeoutMs?: number;
}

/** Autosave, Projects list and the two-tabs guard, wired together. */
export interface Persistence {
  library: ProjectLibrary;
  autosave: Autosave;
  /** Restores the last project; resolves (never rejects) once the app may render. */
  start(): Promise<void>;
  /**
   * "Edit here": the tab editing the project saves and becomes read-only, then this tab loads
   * what was saved and edits from there; resolves once this tab accepts edits.
   */
  takeOver(): Promise<void>;
  /** Flushes on pagehide and when the page is hidden; returns the unbind function. */
  bindPage(target: Window): () => void;
  dispose(): void;
}

/** How long a tab that is taken over waits for its own save before letting go, in ms. */
const RELEASE_SAVE_MS = 2000;

export function createPersistence(deps: PersistenceDeps): Persistence {
  // Late-bound: autosave reports to the library, which is created with it.
  let library: ProjectLibrary | null = null;
  let guard: ReturnType<typeof createTabGuard> | null = null;
  const autosave = createAutosave({
    store: deps.store,
    backend: deps.backend,
    local: deps.local,
    tab: deps.tab,
    openedFromLink: deps.openedFromLink,
    delayMs: deps.delayMs,
    onError: (message) => library?.reportError(message),
    onCurrentChange(id) {
      library?.setCurrent(id);
      guard?.announce(id);
    },
  });
  library = createLibrary({ backend: deps.backend, autosave });
  guard = createTabGuard(deps.channel, deps.tabId ?? globalThis.crypto.randomUUID(), {
    onConflict(conflict) {
      autosave.setSuspended(conflict !== 'none');
      library?.setConflict(conflict);
    },
    release: () => autosave.release(RELEASE_SAVE_MS),
    reload: () => autosave.reload(),
    releaseWaitMs: deps.releaseWaitMs,
  });
  const lib = library;
  const tabs = guard;

  return {
    library: lib,
    autosave,
    async start() {
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), deps.startTimeoutMs ?? 4000),
      );
      let late = false;
      const outcome = await Promise.race([
        autosave.start(() => late).then(() => 'done' as const),
        timeout,
      ]);
      late = true;
      if (outcome === 'timeout')
        lib.reportError(
          'Saved projects could not be loaded in time (storage is not answering). This tab shows a new project; your saved ones are untouched.',
        );
      lib.setCurrent(autosave.currentId());
      tabs.announce(autosave.currentId());
      void lib.refresh();
    },
    takeOver: () => tabs.takeOver(),
    bindPage(target) {
      const onHide = () => {
        autosave.flushOnHide();
        tabs.leave();
      };
      const onVisibility = () => {
        if (target.document.visibilityState === 'hidden') autosave.flushOnHide();
      };
      // Back from the back/forward cache: it told the other tabs it had left, so ask again.
      const onShow = (event: Event) => {
        if ((event as PageTransitionEvent).persisted) tabs.rejoin();
      };
      target.addEventListener('pagehide', onHide);
      target.addEventListener('pageshow', onShow);
      target.document.addEventListener('visibilitychange', onVisibility);
      return () => {
        target.removeEventListener('pagehide', onHide);
        target.removeEventListener('pageshow', onShow);
        target.document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    dispose() {
      autosave.dispose();
      tabs.dispose();
    },
  };
}
