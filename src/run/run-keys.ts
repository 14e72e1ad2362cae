/**
 * The app's side of the run keys: what a run shortcut does to the timeline, and
 * Ctrl/Cmd+Enter to run (the key mapping itself is shared with the runtime, in the protocol).
 */
import type { RunShortcut } from '../protocol/run-shortcuts';

/** What a shortcut does to the run's timeline (the same from the app and from the preview). */
export function applyRunShortcut(
  timeline: { togglePlay(): void; stepForward(): void; stepBack(): void },
  action: RunShortcut,
): void {
  if (action === 'toggle') timeline.togglePlay();
  else if (action === 'forward') timeline.stepForward();
  else timeline.stepBack();
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
