import { createStore, type StoreApi } from 'zustand/vanilla';

/** What the keyboard help shows: the shortcuts dialog, and the outcome of the last Ctrl/Cmd+S. */
export interface KeyboardState {
  /** The Keyboard shortcuts dialog is open. */
  shortcutsOpen: boolean;
  /** "Saved", or why saving failed; null before the first save by key. */
  saveMessage: string | null;
}

export interface KeyboardStore extends StoreApi<KeyboardState> {
  setShortcutsOpen(open: boolean): void;
  /** Flushes the autosave through `flush` and says how it went. */
  save(flush: () => Promise<void>): Promise<void>;
}

export function createKeyboardStore(): KeyboardStore {
  const store = createStore<KeyboardState>(() => ({ shortcutsOpen: false, saveMessage: null }));
  let saves = 0;
  return {
    ...store,
    setShortcutsOpen: (shortcutsOpen) => store.setState({ shortcutsOpen }),
    async save(flush) {
      // A second save while the first is writing: only the newest says how it went.
      const mine = ++saves;
      store.setState({ saveMessage: 'Saving…' });
      let message = 'Saved';
      try {
        await flush();
      } catch (error) {
        message = `Not saved: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (mine === saves) store.setState({ saveMessage: message });
    },
  };
}
