import { setInteractionModality } from 'react-aria-components';
import type { IDisposable } from 'monaco-editor';

/** Longest wait for an idle moment before switching anyway (ms). */
const IDLE_TIMEOUT_MS = 100;

/** The parts of Monaco's editor this needs. */
export interface TypingTarget {
  /** Fires when the editor's text gets focus. */
  onDidFocusEditorText(listener: () => void): IDisposable;
  /** Fires on a mouse press in the editor (it may already have focus). */
  onMouseDown(listener: () => void): IDisposable;
  /** Whether the editor's text has focus now. */
  hasTextFocus(): boolean;
}

/** Schedules `fn` for an idle moment; returns the cancel function. */
export type IdleScheduler = (fn: () => void) => () => void;

/**
 * React Aria keeps one global interaction modality (pointer or keyboard) and re-renders its
 * subscribers when it changes: the Files tree (its grid list, and through the tree's context
 * every row in view) and the drop area. The first key typed after a click into the editor was
 * such a change, so that key's task re-rendered the tree: a long task at 10 and at 1,000 files
 * (issue 10). A click in the editor, or focus coming to it, means keys come next: the switch is
 * made in the next idle moment, and the first key then changes nothing. (Not a transition: a
 * running program's store updates are synchronous and restart it until the key arrives.)
 * Focus rings still follow the input: pressing a pointer anywhere switches back to pointer.
 */
export function expectKeysInEditor(
  editor: TypingTarget,
  idle: IdleScheduler = whenIdle,
  expectKeyboard: () => void = () => setInteractionModality('keyboard'),
): IDisposable {
  let cancel: (() => void) | undefined;
  const expectKeys = () => {
    if (cancel) return;
    cancel = idle(() => {
      cancel = undefined;
      if (editor.hasTextFocus()) expectKeyboard();
    });
  };
  const focus = editor.onDidFocusEditorText(expectKeys);
  const press = editor.onMouseDown(expectKeys);
  return {
    dispose() {
      focus.dispose();
      press.dispose();
      cancel?.();
      cancel = undefined;
    },
  };
}

/** requestIdleCallback with a deadline; a plain task where the browser lacks it. */
const whenIdle: IdleScheduler = (fn) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
};
