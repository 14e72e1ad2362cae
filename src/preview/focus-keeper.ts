/**
 * Keeps the keyboard in the app when a preview takes focus by itself. A sandboxed preview's
 * `element.focus()` moves the browser's focus into its iframe, even a hidden one: a program
 * focusing a field on load would take the keys from the editor, and a replay re-running a
 * recorded click (buttons take focus on click) would take them from the Timeline mid-seek.
 * The runtime reports such focus it was not given (`focus-taken`); this gives it back to the
 * app element that had it. The runtime's focus gate (src/runtime/focus-gate.ts) refuses most
 * such focus before it happens; this is the backstop for the ways it cannot refuse.
 */
/** What the app saw just before focus left it for an iframe (see FocusEntered). */
export interface FocusIntent {
  /** When the pointer was last in the app's own document (wall-clock ms, as the preview's). */
  pointerAt: number;
  /** Tab went down in the app just before: the user tabbed out of it. */
  tabbed: boolean;
}

/**
 * Focus left the app for `iframe` with no doing of the app's: the user's click or Tab, or a
 * frame the program nested (out of the runtime's focus gate), which only the preview can tell.
 */
export type FocusEntered = (iframe: HTMLIFrameElement, intent: FocusIntent) => void;

export interface FocusKeeper {
  /** `iframe` took focus by its own code: return it to where it was, if it is still there. */
  reclaim(iframe: HTMLIFrameElement): void;
  dispose(): void;
}

/**
 * The preview runs in another process: its report can arrive before this document learns
 * that focus moved. A report waits this long for the move, and no longer, so a later click
 * of the user's into the same preview is never undone.
 */
const CLAIM_MS = 500;

/** Tab this recently before focus left the app moved it (a key's handling takes no longer). */
const TAB_MS = 500;

/** Pointer events that say the pointer is over the app's own document (not an iframe). */
const POINTER_EVENTS = ['pointermove', 'pointerdown', 'wheel'] as const;

export function createFocusKeeper(
  doc: Document,
  now: () => number = () => performance.now(),
  entered?: FocusEntered,
): FocusKeeper {
  const win = doc.defaultView!;
  let pointerAt = -Infinity;
  let tabAt = -Infinity;
  // The app's element that had focus last (focus moving into an iframe fires no focusin here).
  let last: HTMLElement | null = null;
  let claim: { iframe: HTMLIFrameElement; at: number } | null = null;

  const settle = () => {
    if (!claim) return;
    if (now() - claim.at > CLAIM_MS) {
      claim = null;
      return;
    }
    const { iframe } = claim;
    if (doc.activeElement !== iframe) return; // not there yet (or the user has moved on)
    claim = null;
    if (last?.isConnected) last.focus({ preventScroll: true });
    if (doc.activeElement === iframe) iframe.blur();
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement | null;
    if (target && target.tagName !== 'IFRAME') last = target;
  };
  // Focus leaving the app (for an iframe) blurs its element, or the window when none had it;
  // the iframe is the active element only once the event is over.
  const onBlur = (event: FocusEvent) => {
    if (claim) setTimeout(settle, 0);
    if (!entered || event.target !== win) return;
    const intent: FocusIntent = {
      pointerAt: performance.timeOrigin + pointerAt,
      tabbed: now() - tabAt < TAB_MS,
    };
    setTimeout(() => {
      const active = doc.activeElement;
      if (active?.tagName === 'IFRAME') entered(active as HTMLIFrameElement, intent);
    }, 0);
  };
  const onPointer = (event: Event) => {
    if (event.isTrusted) pointerAt = now();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.isTrusted && event.key === 'Tab') tabAt = now();
  };
  doc.addEventListener('focusin', onFocusIn, true);
  win.addEventListener('blur', onBlur, true);
  for (const type of POINTER_EVENTS) doc.addEventListener(type, onPointer, true);
  doc.addEventListener('keydown', onKey, true);
  return {
    reclaim(iframe) {
      claim = { iframe, at: now() };
      settle();
    },
    dispose() {
      doc.removeEventListener('focusin', onFocusIn, true);
      win.removeEventListener('blur', onBlur, true);
      for (const type of POINTER_EVENTS) doc.removeEventListener(type, onPointer, true);
      doc.removeEventListener('keydown', onKey, true);
      claim = null;
    },
  };
}
