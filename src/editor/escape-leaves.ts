/**
 * Escape, then Tab, leaves the editor. Tab indents in Monaco, which traps keyboard users
 * (only Ctrl+M, which nobody knows, turned that off). Escape turns on Monaco's tab-focus mode
 * until the next other key, so Tab and Shift+Tab move focus while Tab still indents whenever
 * typing goes on. An Escape that closes a widget (suggestions, find, hints) only closes it.
 */
import type { editor, IDisposable } from 'monaco-editor';
import type { MonacoApi } from './monaco-setup';

const WIDGETS = '.suggest-widget.visible, .find-widget.visible, .parameter-hints-widget.visible';

export function letEscapeLeave(monaco: MonacoApi, instance: editor.ICodeEditor): IDisposable {
  const { KeyCode } = monaco;
  const passive = new Set([KeyCode.Tab, KeyCode.Shift, KeyCode.Ctrl, KeyCode.Alt, KeyCode.Meta]);
  const setTabMoves = (on: boolean) => {
    if (instance.getOption(monaco.editor.EditorOption.tabFocusMode) !== on)
      instance.updateOptions({ tabFocusMode: on });
  };
  const keys = instance.onKeyDown((event) => {
    if (event.keyCode === KeyCode.Escape) {
      // Read before Monaco handles the key: a widget open now is what this Escape closes.
      const owner = instance.getDomNode()?.ownerDocument;
      if (!owner?.querySelector(WIDGETS)) setTabMoves(true);
    } else if (!passive.has(event.keyCode)) setTabMoves(false);
  });
  const blur = instance.onDidBlurEditorText(() => setTabMoves(false));
  return {
    dispose() {
      keys.dispose();
      blur.dispose();
    },
  };
}
