/**
 * Format Document with Prettier as the app's own editor action: the Format button,
 * Shift+Alt+F, F1 → Format Document, the context menu, format-on-save and Vim's Ctrl+S all
 * run it. Prettier runs in the format worker; the main thread applies one replacement (the
 * changed span only) instead of Monaco's ~1,000 small formatting edits on a long file, keeps
 * the cursor and selection on the same code (Prettier's formatWithCursor) and makes the
 * format one undo step. Plain TypeScript over Monaco: no React.
 */
import type { editor, IDisposable } from 'monaco-editor';
import type { FormatResult } from '../format/format-types';
import { prettierParserFor } from '../format/parsers';
import type { MonacoApi } from './monaco-setup';
import { projectPathFromUriPath } from './paths';
import { minimalReplacement } from './text-diff';

/** Formats one file's text, following `offsets` (the selection's ends) into the result. */
export type FormatFile = (
  path: string,
  text: string,
  tabSize: number,
  offsets: number[],
) => Promise<FormatResult>;

/** Monaco's id: our action replaces its Format Document in F1, the context menu and getAction. */
export const FORMAT_DOCUMENT = 'editor.action.formatDocument';

/** Formats the file shown, as Format Document does; resolves when its edit is applied. */
export async function formatShownFile(instance: editor.ICodeEditor): Promise<void> {
  await instance.getAction(FORMAT_DOCUMENT)?.run();
}

/**
 * Adds Format Document (Shift+Alt+F; Ctrl+Shift+I on Linux too, Monaco's own chord there).
 * A failure (syntax error, broken config) changes nothing and is passed to `onFailed`.
 */
export function addFormatAction(
  monaco: MonacoApi,
  instance: editor.IStandaloneCodeEditor,
  format: FormatFile,
  onFailed: (result: Extract<FormatResult, { ok: false }>, path: string) => void,
): IDisposable {
  const { KeyMod, KeyCode } = monaco;
  const linux = /Linux/.test(navigator.userAgent) && !/Android/.test(navigator.userAgent);
  return instance.addAction({
    id: FORMAT_DOCUMENT,
    label: 'Format Document',
    precondition: '!editorReadonly',
    keybindings: [
      KeyMod.Shift | KeyMod.Alt | KeyCode.KeyF,
      ...(linux ? [KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyI] : []),
    ],
    contextMenuGroupId: '1_modification',
    contextMenuOrder: 1.3,
    run: () => formatModel(monaco, instance, format, onFailed),
  });
}

async function formatModel(
  monaco: MonacoApi,
  instance: editor.IStandaloneCodeEditor,
  format: FormatFile,
  onFailed: (result: Extract<FormatResult, { ok: false }>, path: string) => void,
): Promise<void> {
  const model = instance.getModel();
  const selection = instance.getSelection();
  if (!model || !selection || instance.getOption(monaco.editor.EditorOption.readOnly)) return;
  const path = projectPathFromUriPath(model.uri.path);
  if (!prettierParserFor(path)) return;
  const version = model.getVersionId();
  const text = model.getValue();
  const cursor = selection.getPosition();
  const offsets = [model.getOffsetAt(cursor), model.getOffsetAt(selection.getSelectionStart())];
  const result = await format(path, text, model.getOptions().tabSize, offsets);
  // Typed, moved the cursor or switched files meanwhile: an edit computed for the old state
  // would undo those keys or jump the cursor back (VS Code cancels a format likewise).
  if (
    model.isDisposed() ||
    model.getVersionId() !== version ||
    instance.getModel() !== model ||
    !instance.getSelection()?.equalsSelection(selection)
  )
    return;
  if (!result.ok) return onFailed(result, path);
  if (result.text === text) return;
  const change = minimalReplacement(text, result.text);
  const range = monaco.Range.fromPositions(
    model.getPositionAt(change.start),
    model.getPositionAt(change.end),
  );
  const visibleTop = instance.getScrolledVisiblePosition(cursor)?.top;
  const [newCursor, newAnchor] = result.offsets ?? [];
  instance.pushUndoStop();
  instance.executeEdits('prettier', [{ range, text: change.text }], () => {
    if (newCursor === undefined || newAnchor === undefined) return null;
    const head = model.getPositionAt(newCursor);
    const tail = model.getPositionAt(newAnchor);
    return [new monaco.Selection(tail.lineNumber, tail.column, head.lineNumber, head.column)];
  });
  instance.pushUndoStop();
  // The cursor's line stays where it was on screen, as after Monaco's own format.
  const now = instance.getPosition();
  if (visibleTop !== undefined && now)
    instance.setScrollTop(
      instance.getTopForPosition(now.lineNumber, now.column) - visibleTop,
      monaco.editor.ScrollType.Immediate,
    );
}
