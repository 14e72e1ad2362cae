/**
 * Vim and Emacs key bindings over the editor, each loaded the first time a user picks it
 * (its own chunk: the first paint carries neither). Plain TypeScript over Monaco: no React.
 */
import type { editor, IDisposable } from 'monaco-editor';

/** The editor's key bindings: Monaco's own, Vim (monaco-vim) or Emacs (monaco-emacs). */
export type KeyBindings = 'default' | 'vim' | 'emacs';

export const KEY_BINDINGS: readonly KeyBindings[] = ['default', 'vim', 'emacs'];

/** What each mode is called in the Settings dialog (DESIGN.md §4: Default, Vim, Emacs). */
export const KEY_BINDING_LABELS: Record<KeyBindings, string> = {
  default: 'Default',
  vim: 'Vim',
  emacs: 'Emacs',
};

/**
 * Attaches `mode` to the editor; the status line (Vim's mode and pending keys, Emacs's
 * prefix keys) is drawn into `status`. Resolves to what detaches it again.
 */
export async function attachKeyBindings(
  instance: editor.IStandaloneCodeEditor,
  mode: KeyBindings,
  status: HTMLElement,
): Promise<IDisposable> {
  if (mode === 'vim') {
    const { initVimMode } = await import('monaco-vim');
    return initVimMode(instance, status);
  }
  if (mode === 'emacs') {
    const { EmacsExtension } = await import('monaco-emacs');
    const emacs = new EmacsExtension(instance);
    const shown = emacs.onDidChangeKey((keys) => (status.textContent = keys));
    const mark = emacs.onDidMarkChange((set) => (status.textContent = set ? 'Mark set' : ''));
    emacs.start();
    return {
      dispose() {
        shown.dispose();
        mark.dispose();
        emacs.dispose();
        status.textContent = '';
      },
    };
  }
  return { dispose() {} };
}
