import { useEffect, useState } from 'react';
import type { Session } from '../session';
import { listenForAppKeys } from './app-keys';
import { createKeyboardStore, type KeyboardStore } from './keyboard-store';

/** The keyboard help of one app: its store, with Ctrl/Cmd+S (here or in the preview) and `?` listened for. */
export function useKeyboardHelp(session: Session): KeyboardStore {
  const [keys] = useState(createKeyboardStore);
  useEffect(
    () =>
      listenForAppKeys(window, {
        save: () => void keys.save(() => session.persistence.autosave.flush()),
        showShortcuts: () => keys.setShortcutsOpen(true),
      }),
    [keys, session],
  );
  // Ctrl/Cmd+S pressed in the preview reaches the app as a message, not a key event.
  useEffect(() => {
    let seen = session.view.getState().saveRequests;
    return session.view.subscribe(() => {
      const now = session.view.getState().saveRequests;
      if (now === seen) return;
      seen = now;
      void keys.save(() => session.persistence.autosave.flush());
    });
  }, [keys, session]);
  return keys;
}
