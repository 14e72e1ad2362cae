/**
 * Run-loop shortcuts. Alt with a physical key (event.code), so they work on every layout and
 * on macOS (where Option changes the character); Monaco binds none of them. F-keys were
 * avoided: Monaco uses F8 (next problem) and browsers F5/F11.
 */
export const SHORTCUTS = { toggle: 'Alt+P', forward: 'Alt+.', back: 'Alt+,' } as const;

export type RunShortcut = 'toggle' | 'forward' | 'back';

/** What a shortcut does to the run's timeline (the same from the app and from the preview). */
export function applyRunShortcut(
  timeline: { togglePlay(): void; stepForward(): void; stepBack(): void },
  action: RunShortcut,
): void {
  if (action === 'toggle') timeline.togglePlay();
  else if (action === 'forward') timeline.stepForward();
  else timeline.stepBack();
}

export function runShortcut(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): RunShortcut | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.code === 'KeyP') return 'toggle';
  if (event.code === 'Period') return 'forward';
  if (event.code === 'Comma') return 'back';
  return null;
}

type ChordEvent = Pick<
  KeyboardEvent,
  'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'repeat' | 'isComposing'
>;

/** Ctrl+Enter (Cmd+Enter on macOS) without Alt or Shift: Shift+Ctrl+Enter stays Monaco's. */
export function isRunChord(event: ChordEvent): boolean {
  return (
    event.key === 'Enter' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    !event.isComposing
  );
}

/**
 * Runs on Ctrl/Cmd+Enter wherever the focus is. Capture phase on the window, because widgets
 * stop the chord on its way up (react-aria buttons and tree rows treat Enter as a press, Monaco
 * binds it); stopping it here means exactly one run per press, and a held key (auto-repeat)
 * does not run again.
 */
export function listenForRunChord(target: Window, run: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (!isRunChord(event)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.repeat) run();
  };
  const options = { capture: true };
  target.addEventListener('keydown', onKey, options);
  return () => target.removeEventListener('keydown', onKey, options);
}
