import { useEffect, useState } from 'react';
import type { Session } from '../session';
import { listenForAppKeys } from './app-keys';
import { createKeyboardStore, type KeyboardStore } from './keyboard-store';

/** The keyboard help of one app: its store, with Ctrl/Cmd+S and `?` listened for. */
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
  return keys;
}
