/**
 * The run shortcuts (Alt+P, Alt+., Alt+,) and Ctrl/Cmd+S pressed while the preview has focus:
 * the app's own listener never sees them, so the runtime forwards them to the host, unless the
 * program consumed the key (for a run shortcut, an editable element has focus; for either, the
 * program called preventDefault). Installed before user code and before the input recorder,
 * which blocks every key while paused (the program then never saw it, so it is forwarded).
 */
import { isSaveChord, runShortcut, type PreviewShortcut } from '../protocol/run-shortcuts.ts';

/** Input types that take no typed text: a shortcut pressed on them is not the program's. */
const KEYLESS_INPUTS = new Set([
  'button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit',
]); // prettier-ignore

function typingInto(doc: Document): boolean {
  let el: Element | null = doc.activeElement;
  // Focus inside a shadow root shows on its host.
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!el) return false;
  if ((el as HTMLElement).isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !KEYLESS_INPUTS.has((el as HTMLInputElement).type);
}

export function installShortcutForward(
  win: Window & typeof globalThis,
  forward: (action: PreviewShortcut) => void,
): void {
  const doc = win.document;
  // Captured now: the virtual clock replaces MessageChannel before user code runs.
  const channel = new win.MessageChannel();
  const portPost = MessagePort.prototype.postMessage;
  const later: (() => void)[] = [];
  channel.port1.onmessage = () => later.shift()?.();
  // Set when the event got past window's capture phase (the input recorder let it through).
  let reached: Event | null = null;
  doc.addEventListener('keydown', (event) => (reached = event), { capture: true });
  const afterDispatch = (run: () => void) => {
    later.push(run);
    portPost.call(channel.port2, null);
  };
  win.addEventListener(
    'keydown',
    (event) => {
      if (event.isTrusted && isSaveChord(event)) return forwardSave(event);
      const action = event.isTrusted ? runShortcut(event) : null;
      if (!action || typingInto(doc)) return;
      // After the whole dispatch (a real task): did the program see it and keep it?
      afterDispatch(() => {
        const seen = reached === event;
        reached = null;
        if (!seen || !event.defaultPrevented) forward(action);
      });
    },
    { capture: true },
  );

  // Ctrl/Cmd+S saves the project, even while typing in the program's field: the browser's
  // "Save page" default must be cancelled inside the dispatch, yet only when the program did
  // not keep the key. A window listener added now runs last in the bubble phase, after the
  // program's own listeners.
  function forwardSave(event: KeyboardEvent): void {
    let decided = false;
    const last = (e: Event) => {
      if (e !== event) return;
      decided = true;
      if (event.defaultPrevented) return; // the program handles Ctrl+S itself
      event.preventDefault();
      if (!event.repeat) forward('save');
    };
    win.addEventListener('keydown', last);
    afterDispatch(() => {
      win.removeEventListener('keydown', last);
      const seen = reached === event;
      reached = null;
      // Stopped on its way: by the paused recorder (the program never saw it, and the recorder
      // cancelled the default) or by the program without cancelling (the key was not kept).
      if (!decided && (!seen || !event.defaultPrevented) && !event.repeat) forward('save');
    });
  }
}
