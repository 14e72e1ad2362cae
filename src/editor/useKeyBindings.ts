import { useEffect, useState } from 'react';
import type { editor } from 'monaco-editor';
import { attachKeyBindings, type KeyBindings } from './keybindings';

/**
 * Keeps the editor's key bindings on `mode` (loading Vim or Emacs on first use) and returns
 * a message when they could not be loaded; the status line goes into `status`.
 */
export function useKeyBindings(
  instance: editor.IStandaloneCodeEditor | undefined,
  mode: KeyBindings,
  status: HTMLElement | null,
): string | null {
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!instance || !status || mode === 'default') return;
    let live = true;
    let attached: { dispose(): void } | undefined;
    attachKeyBindings(instance, mode, status).then(
      (bindings) => {
        if (live) {
          attached = bindings;
          setFailed(null);
        } else bindings.dispose();
      },
      (error: unknown) => {
        if (live)
          setFailed(
            `${mode === 'vim' ? 'Vim' : 'Emacs'} key bindings could not load (${String(error)}).`,
          );
      },
    );
    return () => {
      live = false;
      attached?.dispose();
    };
  }, [instance, mode, status]);
  return mode === 'default' ? null : failed;
}
