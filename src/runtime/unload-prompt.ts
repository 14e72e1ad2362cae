import { apply } from './safe-reflect.ts';

/** What the console says the first time a program asks for a "Leave site?" prompt. */
export const UNLOAD_PROMPT_NOTE =
  'Playpen: beforeunload does nothing in the preview (its prompt would ask before you leave Playpen itself).';

/**
 * A frame's `beforeunload` runs when the page above it unloads. A program that cancelled it
 * (preventDefault, a returnValue, or a string returned by onbeforeunload) made the browser ask
 * "Leave site?" when the user reloaded or closed Playpen's own tab, once they had clicked in
 * the preview. Nothing the user does unloads the preview alone (a new run replaces the frame
 * without asking), so a capture listener added before the program's stops the event at the
 * window, before any listener or handler of the program. `note` is called the first time the
 * program adds one, so the console can say why it never runs.
 */
export function blockUnloadPrompt(win: Window & typeof globalThis, note: () => void): void {
  const proto = win.EventTarget.prototype;
  const add = proto.addEventListener;
  apply(add, win, ['beforeunload', (event: Event) => event.stopImmediatePropagation(), true]);
  let noted = false;
  const noteOnce = () => {
    if (noted) return;
    noted = true;
    note();
  };
  const addEventListener = function (this: unknown, ...args: unknown[]) {
    if (this === win && args[0] === 'beforeunload') noteOnce();
    return apply(add, this, args) as void;
  };
  Object.defineProperty(proto, 'addEventListener', {
    configurable: true,
    writable: true,
    value: addEventListener,
  });
  // The handler properties: the window's own, and <body>'s and <frameset>'s, which set it.
  const owners = [win, win.HTMLBodyElement?.prototype, win.HTMLFrameSetElement?.prototype];
  for (const owner of owners) {
    const descriptor = owner && Object.getOwnPropertyDescriptor(owner, 'onbeforeunload');
    const set = descriptor?.set;
    if (!owner || !descriptor || !set) continue;
    Object.defineProperty(owner, 'onbeforeunload', {
      ...descriptor,
      set(this: unknown, value: unknown) {
        if (value !== null && value !== undefined) noteOnce();
        apply(set, this, [value]);
      },
    });
  }
}
