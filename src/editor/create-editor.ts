/**
 * Creates the Monaco editor widget and maps the app's few editor settings onto Monaco's
 * options. Plain TypeScript: CodeEditor.tsx owns the React side.
 */
import type { editor } from 'monaco-editor';
import type { MonacoApi } from './monaco-setup';
import type { EditorTheme } from './useSystemTheme';
import type { KeyBindings } from './keybindings';
import { letEscapeLeave } from './escape-leaves';

/** User-facing editor settings. */
export interface EditorSettings {
  /** Font size in pixels (default 14). */
  fontSize?: number;
  /** Spaces per indent; when set, overrides the indentation detected in each file. */
  tabSize?: number;
  /** Wrap long lines at the viewport edge (default off). */
  wordWrap?: boolean;
  /** Show the minimap (default off: the editor pane is narrow). */
  minimap?: boolean;
  /** Monaco's keys, Vim or Emacs (default: Monaco's). */
  keyBindings?: KeyBindings;
  /** Ctrl/Cmd+S formats the open file with Prettier before saving (default off). */
  formatOnSave?: boolean;
}

/** Monaco's built-in themes, which the app shell's light and dark palettes match. */
export const monacoTheme = (theme: EditorTheme) => (theme === 'dark' ? 'vs-dark' : 'vs');

/** What Monaco says when typing is refused, unless the app gives another reason (markdown). */
export const READ_ONLY_LINK_MESSAGE =
  'This project is read-only. Use **Edit a copy** to change it.';

/** Monaco options for the settings, the read-only flag (and why) and the file shown (for its label). */
export function editorOptions(
  settings: EditorSettings,
  readOnly: boolean,
  path: string | null,
  readOnlyMessage = READ_ONLY_LINK_MESSAGE,
): editor.IEditorOptions & editor.IGlobalEditorOptions {
  return {
    fontSize: settings.fontSize ?? 14,
    ...(settings.tabSize === undefined
      ? { detectIndentation: true }
      : { tabSize: settings.tabSize, detectIndentation: false, insertSpaces: true }),
    wordWrap: settings.wordWrap ? 'on' : 'off',
    minimap: { enabled: settings.minimap ?? false },
    readOnly,
    readOnlyMessage: { value: readOnlyMessage },
    ariaLabel: path ? `Editor: ${path}` : 'Editor',
  };
}

/** Context key that enables the Run keybinding only while a handler is set. */
export const CAN_RUN_KEY = 'playpenCanRun';

/** Creates the editor in `container`, with Ctrl/Cmd+Enter bound to `run`. */
export function createEditor(
  monaco: MonacoApi,
  container: HTMLElement,
  theme: EditorTheme,
  run: () => void,
): { instance: editor.IStandaloneCodeEditor; setCanRun: (value: boolean) => void } {
  const instance = monaco.editor.create(container, {
    model: null,
    theme: monacoTheme(theme),
    automaticLayout: true,
    // Hovers and suggestions may overflow the editor pane instead of being clipped by it.
    fixedOverflowWidgets: true,
    scrollBeyondLastLine: false,
    // Monaco dims the number of the empty line after a final newline below readable contrast
    // (1.75:1, axe): numbered like any other line instead.
    renderFinalNewline: 'on',
    padding: { top: 8 },
    tabSize: 2,
    // Logpoints' marks (line-annotations.ts); line runs go in the line decorations' column.
    glyphMargin: true,
  });
  const canRun = instance.createContextKey<boolean>(CAN_RUN_KEY, false);
  instance.addAction({
    id: 'playpen.run',
    label: 'Run',
    // Replaces Monaco's "insert line below" on this chord, as in other playgrounds.
    keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
    precondition: CAN_RUN_KEY,
    contextMenuGroupId: 'navigation',
    run,
  });
  // Disposed with the editor (its listeners go with it).
  letEscapeLeave(monaco, instance);
  return { instance, setCanRun: (value) => canRun.set(value) };
}
