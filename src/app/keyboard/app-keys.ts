/**
 * App-wide keys that are not run keys: Ctrl/Cmd+S saves (instead of the browser's "Save
 * page"), and `?` opens the Keyboard shortcuts dialog when typing it would not type a
 * character somewhere (the editor, a text field).
 */
import { isSaveChord } from '../../protocol/run-shortcuts';

type KeyEventLike = Pick<
  KeyboardEvent,
  'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'isComposing'
>;

// Shared with the preview's runtime, which forwards the chord when the preview has focus.
export { isSaveChord };

/** Where `?` is a character being typed, not a request for help. */
export function acceptsText(target: EventTarget | null): boolean {
  // Duck-typed: a window or document as target has no closest() and takes no text.
  const el = target as Element | null;
  if (typeof el?.closest !== 'function') return false;
  if (el.closest('.monaco-editor, [contenteditable="true"], textarea, select')) return true;
  if (el.tagName !== 'INPUT') return false;
  return !['checkbox', 'radio', 'range', 'button', 'submit', 'reset', 'file'].includes(
    (el as HTMLInputElement).type,
  );
}

/** `?` pressed outside any place that takes text. */
export function isHelpKey(event: KeyEventLike & Pick<KeyboardEvent, 'target'>): boolean {
  return (
    event.key === '?' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.isComposing &&
    !acceptsText(event.target)
  );
}

/** Whether a key event comes from inside Monaco (duck-typed like acceptsText). */
function inEditor(target: EventTarget | null): boolean {
  const el = target as Element | null;
  return typeof el?.closest === 'function' && el.closest('.monaco-editor') !== null;
}

/** What the app keys do. */
export interface AppKeyActions {
  /** Saves the project now (flushes the autosave). */
  save(): void;
  /** Opens the Keyboard shortcuts dialog. */
  showShortcuts(): void;
}

/**
 * Listens on the window in the capture phase, so widgets that handle keys of their own
 * (Monaco, react-aria) never let the browser's Save page dialog open.
 */
export function listenForAppKeys(target: Window, actions: AppKeyActions): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (isSaveChord(event)) {
      event.preventDefault();
      // In the editor its own Save command runs (it formats first when the user asked).
      if (!event.repeat && !inEditor(event.target)) actions.save();
    } else if (isHelpKey(event)) {
      event.preventDefault();
      actions.showShortcuts();
    }
  };
  const options = { capture: true };
  target.addEventListener('keydown', onKey, options);
  return () => target.removeEventListener('keydown', onKey, options);
}
