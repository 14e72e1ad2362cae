/**
 * Run-loop shortcuts: which key does which run action, shared by the app and the preview's
 * runtime (which forwards them when the preview has focus). Alt with a physical key
 * (event.code), so they work on every layout and on macOS (where Option changes the
 * character); Monaco binds none of them. F-keys were avoided: Monaco uses F8 (next problem)
 * and browsers F5/F11.
 */
export const SHORTCUTS = { toggle: 'Alt+P', forward: 'Alt+.', back: 'Alt+,' } as const;

export type RunShortcut = 'toggle' | 'forward' | 'back';

/** What the preview forwards to the app: a run shortcut, or Ctrl/Cmd+S (save the project). */
export type PreviewShortcut = RunShortcut | 'save';

/** Ctrl+S (Cmd+S on macOS) without Alt or Shift: the app's save, wherever the focus is. */
export function isSaveChord(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'isComposing'>,
): boolean {
  return (
    event.key.toLowerCase() === 's' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    !event.isComposing
  );
}

/** The run action of a key press, or null when it is not a run shortcut. */
export function runShortcut(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): RunShortcut | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.code === 'KeyP') return 'toggle';
  if (event.code === 'Period') return 'forward';
  if (event.code === 'Comma') return 'back';
  return null;
}
