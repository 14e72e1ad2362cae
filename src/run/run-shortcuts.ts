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
