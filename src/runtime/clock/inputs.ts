/**
 * Input recording and replay. A capture-phase listener on window, registered before user
 * code, sees every event first: while playing, each real user event becomes its own tick and
 * is recorded (target path, init values, target state); while paused or replaying, real events
 * are blocked so the program never reacts to them. Replay dispatches a synthetic event of the
 * same type at the same tick, after restoring the target's state (a synthetic key event
 * inserts no text, so `value` is restored before `input`).
 */
import type { InputRecord } from '../../protocol/index.ts';

export const INPUT_EVENTS = [
  'pointerdown', 'pointerup', 'pointermove', 'pointerover', 'pointerout', 'pointerenter',
  'pointerleave', 'pointercancel', 'mousedown', 'mouseup', 'mousemove', 'mouseover', 'mouseout',
  'mouseenter', 'mouseleave', 'click', 'dblclick', 'auxclick', 'contextmenu', 'keydown', 'keyup',
  'keypress', 'beforeinput', 'input', 'change', 'wheel', 'focus', 'blur', 'focusin', 'focusout',
  'scroll', 'resize', 'submit', 'touchstart', 'touchmove', 'touchend', 'touchcancel',
  'selectionchange', 'select',
] as const; // prettier-ignore

const FOCUS = new Set(['focus', 'blur', 'focusin', 'focusout']);
/**
 * The browser tells of a moved caret or selection in a task of its own, after the key, click or
 * code that moved it: off the clock, a listener's change to the page landed in whichever tick
 * came next live and in another one in a replay (a false "Replay diverged … the page (DOM
 * hash) differs" on revisiting typed keys). So they are inputs too, each a tick of its own.
 */
const SELECTION = new Set(['selectionchange', 'select']);
/**
 * Events that come of looking, not acting: the pointer passing over the preview, focus moving
 * to the app's own controls, a caret that moved with them. While a recording plays they are
 * blocked, not taken as a fork.
 */
const PASSIVE = new Set([
  ...FOCUS, ...SELECTION, 'pointermove', 'pointerover', 'pointerout', 'pointerenter',
  'pointerleave', 'mousemove', 'mouseover', 'mouseout', 'mouseenter', 'mouseleave', 'resize',
]); // prettier-ignore
const INIT_KEYS = [
  'bubbles', 'cancelable', 'composed', 'detail', 'screenX', 'screenY', 'clientX', 'clientY',
  'button', 'buttons', 'ctrlKey', 'shiftKey', 'altKey', 'metaKey', 'movementX', 'movementY',
  'pointerId', 'pointerType', 'width', 'height', 'pressure', 'isPrimary', 'key', 'code',
  'location', 'repeat', 'isComposing', 'charCode', 'keyCode', 'deltaX', 'deltaY', 'deltaZ',
  'deltaMode', 'data', 'inputType',
] as const; // prettier-ignore
const CTORS = [
  'PointerEvent', 'WheelEvent', 'MouseEvent', 'KeyboardEvent', 'InputEvent', 'FocusEvent',
  'SubmitEvent', 'UIEvent', 'Event',
] as const; // prettier-ignore

export interface InputGate {
  /** 'playing' records real events; otherwise they are blocked. */
  mode(): 'playing' | 'paused' | 'replaying';
  /** True while a tick's own code runs: its events belong to it. */
  inSync(): boolean;
  /** A recording plays (Play from a past tick): a real event forks it, unless passive. */
  playingRecording?(): boolean;
  /** A real user event becomes a tick; returns the completed record. */
  begin(input: Omit<InputRecord, 'tick' | 'now'>): InputRecord;
  /** The page took keyboard focus by its own code (a tick's, or a replay's), not the user's. */
  focusTaken?(): void;
}

/** Child-element indices from <html> to `el`, or null when it is not in the document. */
export function pathOf(doc: Document, el: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = el;
  while (node && node !== doc.documentElement) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node ? path : null;
}

export function elementAt(doc: Document, path: number[]): Element | null {
  let node: Element | null = doc.documentElement;
  for (const i of path) node = node?.children[i] ?? null;
  return node;
}

/**
 * Whether a recorded input still has its target in `doc` (a hot swap's new page): the window
 * and the document always; an element at its path, of the recorded kind when that was noted.
 */
export function targetOf(doc: Document, input: InputRecord): EventTarget | null {
  if (input.target === 'window') return doc.defaultView;
  if (input.target === 'document') return doc;
  const el = elementAt(doc, input.path);
  if (!el || (input.node !== undefined && el.localName !== input.node)) return null;
  return el;
}

function ctorName(event: Event, win: Window): string {
  const w = win as unknown as Record<string, unknown>;
  for (const name of CTORS) {
    const C = w[name];
    if (typeof C === 'function' && event instanceof (C as typeof Event)) return name;
  }
  return 'Event';
}

function stateOf(target: EventTarget | null, type: string): InputRecord['state'] {
  const t = target as Partial<HTMLInputElement & Element> | null;
  if (!t) return undefined;
  if (type === 'scroll') {
    return { scrollTop: t.scrollTop ?? 0, scrollLeft: t.scrollLeft ?? 0 };
  }
  if (type === 'click' || typeof t.value !== 'string') return undefined;
  const state: NonNullable<InputRecord['state']> = { value: t.value };
  if (typeof t.checked === 'boolean') state.checked = t.checked;
  try {
    if (typeof t.selectionStart === 'number') state.selectionStart = t.selectionStart;
    if (typeof t.selectionEnd === 'number') state.selectionEnd = t.selectionEnd;
  } catch {
    // Inputs without selection (checkbox, number) throw on read in some browsers.
  }
  return state;
}

/** Starts recording (and blocking) real events on `win`. Call before any user code runs. */
export function installInputRecorder(win: Window, gate: InputGate): void {
  const doc = win.document;
  const listener = (event: Event) => {
    const mode = gate.mode();
    if (!event.isTrusted) return; // the program's own dispatchEvent, or a replay
    // The viewport is an input the tick loop makes itself (viewport.ts: live, it compares the
    // size before each tick): the browser's own resize event would be a second, untimed one.
    if (event.type === 'resize' && event.target === win) {
      event.stopImmediatePropagation();
      return;
    }
    // The frame itself gained focus inside code that runs on the clock (focus() fires this
    // synchronously): nobody clicked or tabbed into it, so it is the program's doing.
    if (
      event.type === 'focus' &&
      event.target === win &&
      (gate.inSync() || helperBusy || mode === 'replaying')
    )
      gate.focusTaken?.();
    const passive =
      mode === 'playing' &&
      !gate.inSync() &&
      PASSIVE.has(event.type) &&
      gate.playingRecording?.() === true;
    if (mode === 'playing' && !passive) {
      if (gate.inSync()) return; // caused by the running tick (element.focus(), …)
      const target = event.target;
      let where: Pick<InputRecord, 'target' | 'path' | 'node'>;
      if (target === win) where = { target: 'window', path: [] };
      else if (target === doc) where = { target: 'document', path: [] };
      else {
        const ElementCtor = (win as unknown as { Element: typeof Element }).Element;
        const path = target instanceof ElementCtor ? pathOf(doc, target) : null;
        if (!path) return; // detached or in a shadow root: not replayable, left alone
        where = { target: 'element', path, node: (target as Element).localName };
      }
      const init: InputRecord['init'] = {};
      const e = event as unknown as Record<string, unknown>;
      for (const key of INIT_KEYS) {
        const v = e[key];
        if (v === undefined) continue;
        if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
          init[key] = v;
      }
      const state = stateOf(target, event.type);
      gate.begin({
        type: event.type,
        ctor: ctorName(event, win),
        ...where,
        init,
        ...(state ? { state } : {}),
      });
      return;
    }
    // Paused: the program must not react. Replaying: real events (and those a replayed click
    // causes, like a checkbox's change) are blocked; the recorded ones arrive at their ticks.
    if (mode === 'replaying' && gate.inSync() && FOCUS.has(event.type) && !helperBusy) return;
    event.stopImmediatePropagation();
    if (event.cancelable) event.preventDefault();
  };
  for (const type of INPUT_EVENTS) {
    win.addEventListener(type, listener, { capture: true, passive: false });
  }
}

let helperBusy = false;

/**
 * Dispatches a recorded input as a synthetic event, after restoring its target's state;
 * returns the event (its microtasks see it as `window.event`: lingering-event.ts).
 */
export function dispatchInput(win: Window, input: InputRecord): Event {
  const doc = win.document;
  const target: EventTarget | null =
    input.target === 'window'
      ? win
      : input.target === 'document'
        ? doc
        : elementAt(doc, input.path);
  if (!target) throw new Error(`Replay: the target of a recorded ${input.type} is gone`);
  const el = target as Partial<HTMLInputElement> & EventTarget;
  const s = input.state;
  helperBusy = true;
  try {
    if (s) {
      if (typeof s.value === 'string' && el.value !== s.value) el.value = s.value;
      if (typeof s.checked === 'boolean') el.checked = s.checked;
      if (typeof s.selectionStart === 'number' && typeof s.selectionEnd === 'number') {
        try {
          el.setSelectionRange?.(s.selectionStart, s.selectionEnd);
        } catch {
          // Not every input type has a selection.
        }
      }
      if (typeof s.scrollTop === 'number') {
        const box = input.target === 'document' ? doc.scrollingElement : (el as Element);
        if (box) {
          box.scrollTop = s.scrollTop;
          box.scrollLeft = Number(s.scrollLeft) || 0;
        }
      }
    }
    // Real focus only when the frame has it: a replay runs in a fresh frame the user is not
    // in, and focus() there would pull the keys out of the app (the Timeline mid-seek). The
    // listeners still get the recorded event below; only document.activeElement differs.
    if (
      (input.type === 'focus' || input.type === 'focusin') &&
      doc.activeElement !== target &&
      doc.hasFocus()
    )
      (el as HTMLElement).focus?.({ preventScroll: true });
    if ((input.type === 'blur' || input.type === 'focusout') && doc.activeElement === target)
      (el as HTMLElement).blur?.();
  } finally {
    helperBusy = false;
  }
  const w = win as unknown as Record<string, typeof Event>;
  const Ctor = (CTORS as readonly string[]).includes(input.ctor) ? w[input.ctor] : undefined;
  const init = { ...input.init, view: input.target === 'window' ? null : win };
  let event: Event;
  try {
    event = new (Ctor ?? w.Event!)(input.type, init as EventInit);
  } catch {
    event = new Event(input.type, init as EventInit);
  }
  target.dispatchEvent(event);
  return event;
}
