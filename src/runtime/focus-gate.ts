/**
 * Keeps the program from taking the keyboard out of the app. A sandboxed frame's `focus()`
 * moves the browser's focus into it, hidden or not, so a program focusing a field every frame
 * (or on load, or on a replayed click) pulled the user's keys out of the editor between two
 * keystrokes. The host's focus keeper can only give focus back after the fact (a round trip
 * to another process, keys lost meanwhile), so here, before any user code runs, every API
 * that moves focus into the frame is refused unless the user put the keyboard in the preview
 * (the frame has focus) or is pressing in it right now (a trusted pointer or key event is
 * being dispatched: a handler focusing a field on pointerdown, before the click has moved
 * focus into the frame). Refused, each API does what it can without focus.
 *
 * Default actions that focus (a label's activation, interactive validation, fragment
 * navigation) are met in focus-default-actions.ts. A frame the program nests in this one
 * (about:blank, srcdoc) is cross-origin to it (each sandboxed document has its own opaque
 * origin), so its realm's unwrapped `focus()` cannot reach this document's elements. Browsers
 * already block `autofocus` in cross-origin frames.
 */
import { installFocusDefaultGuard } from './focus-default-actions.ts';
import { apply } from './safe-reflect.ts';

/** Events that mean the user is pressing in the frame now (focus moves in on pointerdown). */
export const USER_EVENTS = [
  'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick',
  'contextmenu', 'keydown', 'keyup', 'keypress', 'touchstart', 'touchend',
] as const; // prettier-ignore

/** What the policy reads from the frame; captured before user code can replace it. */
export interface FocusPolicyEnv {
  /** The frame has the browser's focus: the user clicked or tabbed into it. */
  hasFocus(): boolean;
  /** Whether `event` is still being dispatched (its phase is not NONE). */
  dispatching(event: Event): boolean;
}

/** Decides, at each call of a focusing API, whether the program may take focus. */
export interface FocusPolicy {
  /** A trusted event of `USER_EVENTS` began its dispatch. */
  userEvent(event: Event): void;
  /** True when the user gave the preview the keyboard or is pressing in it right now. */
  mayFocus(): boolean;
}

export function createFocusPolicy(env: FocusPolicyEnv): FocusPolicy {
  let pressing: Event | null = null;
  return {
    userEvent(event) {
      pressing = event;
    },
    mayFocus() {
      if (env.hasFocus()) return true;
      if (pressing && env.dispatching(pressing)) return true;
      pressing = null;
      return false;
    },
  };
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** Replaces `proto[key]` (a method) with `wrap(original)`, keeping the property's flags. */
function patch(proto: object | undefined, key: string, wrap: (original: Method) => Method): void {
  if (!proto) return;
  const d = Object.getOwnPropertyDescriptor(proto, key);
  if (!d || typeof d.value !== 'function') return;
  Object.defineProperty(proto, key, { ...d, value: wrap(d.value as Method) });
}

const protoOf = (win: object, name: string): object | undefined =>
  (win as Record<string, { prototype?: object } | undefined>)[name]?.prototype;

/**
 * Wraps every focusing API of `win`'s realm. Call before any user code runs, with a policy
 * whose reads were captured then too.
 */
export function installFocusGate(win: Window & typeof globalThis, policy: FocusPolicy): void {
  const may = () => policy.mayFocus();
  installFocusDefaultGuard(win, may);

  const onUserEvent = (event: Event) => {
    if (event.isTrusted) policy.userEvent(event);
  };
  for (const type of USER_EVENTS) win.addEventListener(type, onUserEvent, { capture: true });

  // element.focus() on any kind of element, and the window's own focus().
  const focusWhenAllowed = (original: Method): Method =>
    function focus(this: unknown, ...args: unknown[]) {
      if (may()) return apply(original, this, args);
    };
  for (const name of ['HTMLElement', 'SVGElement', 'MathMLElement'])
    patch(protoOf(win, name), 'focus', focusWhenAllowed);
  patch(win, 'focus', focusWhenAllowed);

  // select() focuses the field; refused, the text is still selected (as a later focus shows).
  for (const name of ['HTMLInputElement', 'HTMLTextAreaElement']) {
    const proto = protoOf(win, name);
    const setRange =
      proto && (Object.getOwnPropertyDescriptor(proto, 'setSelectionRange')?.value as Method);
    const valueOf = proto && Object.getOwnPropertyDescriptor(proto, 'value')?.get;
    patch(
      proto,
      'select',
      (original) =>
        function select(this: unknown, ...args: unknown[]) {
          if (may()) return apply(original, this, args);
          try {
            const value = valueOf ? (apply(valueOf, this, []) as string) : '';
            if (setRange) apply(setRange, this, [0, value.length]);
          } catch {
            // Input types without a selection (number, email) have nothing to select.
          }
        },
    );
  }

  // Dialogs and popovers focus their first focusable element (or themselves) when shown:
  // refused, the element is inert while it opens, so nothing inside it can take focus.
  const inertGet = Object.getOwnPropertyDescriptor(protoOf(win, 'HTMLElement') ?? {}, 'inert');
  const shownInert = (original: Method): Method =>
    function show(this: unknown, ...args: unknown[]) {
      if (may() || !inertGet?.get || !inertGet.set) return apply(original, this, args);
      const was = apply(inertGet.get, this, []) as boolean;
      apply(inertGet.set, this, [true]);
      try {
        return apply(original, this, args);
      } finally {
        apply(inertGet.set, this, [was]);
      }
    };
  patch(protoOf(win, 'HTMLDialogElement'), 'show', shownInert);
  patch(protoOf(win, 'HTMLDialogElement'), 'showModal', shownInert);
  patch(protoOf(win, 'HTMLElement'), 'showPopover', shownInert);
  patch(protoOf(win, 'HTMLElement'), 'togglePopover', shownInert);

  // reportValidity() focuses the first invalid field; refused, it checks without the bubble
  // (the same result and the same `invalid` events).
  for (const name of [
    'HTMLFormElement',
    'HTMLInputElement',
    'HTMLSelectElement',
    'HTMLTextAreaElement',
    'HTMLButtonElement',
    'HTMLFieldSetElement',
    'HTMLOutputElement',
    'HTMLObjectElement',
  ]) {
    // prettier-ignore
    const proto = protoOf(win, name);
    const check =
      proto && (Object.getOwnPropertyDescriptor(proto, 'checkValidity')?.value as Method);
    if (!check) continue;
    patch(
      proto,
      'reportValidity',
      (original) =>
        function reportValidity(this: unknown, ...args: unknown[]) {
          return apply(may() ? original : check, this, args);
        },
    );
  }
}

/** The policy for the frame `win`, its reads captured now (before user code). */
export function framePolicy(win: Window & typeof globalThis): FocusPolicy {
  const doc = win.document;
  const hasFocus = win.Document.prototype.hasFocus;
  const phase = Object.getOwnPropertyDescriptor(win.Event.prototype, 'eventPhase')!.get!;
  return createFocusPolicy({
    hasFocus: () => apply(hasFocus, doc, []) as boolean,
    dispatching: (event) => apply(phase, event, []) !== 0,
  });
}
