/**
 * The app's own editor commands: Shift+Alt+F formats, Ctrl/Cmd+S saves (formatting first
 * when the user asked for format-on-save). Plain TypeScript over Monaco: no React.
 */
import type { editor } from 'monaco-editor';
import type { MonacoApi } from './monaco-setup';

/** What Ctrl/Cmd+S does, read at the moment of the key press (settings change live). */
export interface SaveHooks {
  /** Format the open file before saving (the "Format on save" setting). */
  formatOnSave(): boolean;
  /** Saves the project (flushes the autosave); the file is already formatted when asked. */
  save(): void;
}

const FORMAT_DOCUMENT = 'editor.action.formatDocument';

/** Formats the file shown, as Format Document does; resolves when its edit is applied. */
export async function formatShownFile(instance: editor.ICodeEditor): Promise<void> {
  await instance.getAction(FORMAT_DOCUMENT)?.run();
}

/** Adds Shift+Alt+F and Ctrl/Cmd+S to the editor. */
export function addEditorCommands(
  monaco: MonacoApi,
  instance: editor.IStandaloneCodeEditor,
  hooks: SaveHooks,
) {
  // Shift+Alt+F everywhere (Monaco binds Ctrl+Shift+I on Linux), as users of VS Code on
  // Windows, of the TypeScript Playground and of StackBlitz expect.
  instance.addCommand(
    monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF,
    () => void formatShownFile(instance),
  );
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
