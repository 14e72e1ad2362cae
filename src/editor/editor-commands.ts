/**
 * The app's own Save: Ctrl/Cmd+S saves, formatting first when the user asked for
 * format-on-save (Format Document is in format-command.ts). Plain TypeScript over Monaco.
 */
import type { editor } from 'monaco-editor';
import { formatShownFile } from './format-command';
import type { MonacoApi } from './monaco-setup';

/** What Ctrl/Cmd+S does, read at the moment of the key press (settings change live). */
export interface SaveHooks {
  /** Format the open file before saving (the "Format on save" setting). */
  formatOnSave(): boolean;
  /** Saves the project (flushes the autosave); the file is already formatted when asked. */
  save(): void;
}

/** Adds Ctrl/Cmd+S to the editor. */
export function addEditorCommands(
  monaco: MonacoApi,
  instance: editor.IStandaloneCodeEditor,
  hooks: SaveHooks,
) {
  instance.addAction({
    id: 'playpen.save',
    label: 'Save',
    // Bound in the editor, the chord never reaches the browser's "Save page as" dialog.
    keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS],
    async run() {
      // Format Document does nothing on a read-only editor or a file Prettier does not format;
      // a syntax error is reported by the formatter and the file is saved as typed.
      if (hooks.formatOnSave()) await formatShownFile(instance);
      hooks.save();
    },
  });
}
