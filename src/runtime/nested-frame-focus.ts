/**
 * Keeps a frame the program nests in the preview (srcdoc, blob:, any URL) from taking the
 * keyboard out of the app. The focus gate (focus-gate.ts) wraps this realm's focusing APIs,
 * but a nested document has a realm of its own, out of reach, and Chromium lets its `focus()`
 * move the browser's focus even when its iframe is `inert` or `visibility: hidden` (measured:
 * a 16 ms focus() loop took every key typed into the app). A frame with no layout box cannot
 * hold focus, so `display: none` stops it. When the host sees focus leave the app for the
 * preview by itself (a `focus-check`) and it sits in a nested frame the user neither pointed
 * at nor tabbed into, that frame is hidden until the user presses in the preview, and the host
 * takes the keyboard back.
 */
import { apply } from './safe-reflect.ts';

/**
 * Focus that moves within this long of the user's press or key in this frame is the user's
 * (a click, a Tab into a nested frame, or a nested frame's grab while the user works here).
 */
export const USER_MS = 1000;

/** Elements whose content is a document of its own. */
const FRAME_TAGS = new Set(['IFRAME', 'FRAME', 'OBJECT', 'EMBED']);

export const HIDDEN_NOTE =
  'playpen: a frame inside the preview took the keyboard by itself; it is hidden until you click in the preview.';

/** What the guard reads and changes in the frame; captured before user code can replace it. */
export interface NestedFrameEnv<F> {
  /** The nested frame that has focus, or null when focus is elsewhere (or outside the frame). */
  activeFrame(): F | null;
  /** Takes `frame` out of layout, so that nothing in it can hold focus. */
  hide(frame: F): void;
  /** Undoes `hide`. */
  show(frame: F): void;
  /** Wall-clock milliseconds (comparable with the host's, which runs in another process). */
  now(): number;
  /** Said in the console when a frame is hidden. */
  warn(text: string): void;
}

export interface NestedFrameGuard<F> {
  /** The pointer entered `frame` (a nested frame) or some other element (null). */
  pointerOver(frame: F | null): void;
  /** A trusted key went down in this frame (Tab moves focus into a nested frame). */
  key(): void;
  /** The user pressed in the preview: hidden frames come back. */
  press(): void;
  /**
   * Focus left the app for this frame without the app's doing. `pointerAt`: when the app last
   * saw the pointer in its own document; `tabbed`: the app just saw Tab. True when a nested
   * frame had taken it and is now hidden (the host then takes focus back).
   */
  check(pointerAt: number, tabbed: boolean): boolean;
}

export function createNestedFrameGuard<F>(env: NestedFrameEnv<F>): NestedFrameGuard<F> {
  let over: { frame: F; at: number } | null = null;
  // The user's last press or key in this frame.
  let userAt = -Infinity;
  const hidden = new Set<F>();
  return {
    pointerOver(frame) {
      over = frame === null ? null : { frame, at: env.now() };
    },
    key() {
      userAt = env.now();
    },
    press() {
      userAt = env.now();
      for (const frame of hidden) env.show(frame);
      hidden.clear();
    },
    check(pointerAt, tabbed) {
      const frame = env.activeFrame();
      if (frame === null || hidden.has(frame)) return false;
      if (tabbed) return false;
      // The user pressed or typed here just now, not in the app since.
      if (userAt > pointerAt && env.now() - userAt < USER_MS) return false;
      // The user clicked into it: the pointer went over it after it was last in the app. (A
      // pointer leaving a nested frame straight for the app tells this frame nothing.)
      if (over?.frame === frame && over.at > pointerAt) return false;
      env.hide(frame);
      hidden.add(frame);
      env.warn(HIDDEN_NOTE);
      return true;
    },
  };
}

/** Events that mean the user pressed in the preview (not a Tab: that moves focus). */
const PRESS_EVENTS = ['pointerdown', 'touchstart'] as const;

/**
 * Installs the guard on `win` (before any user code). Returns the host's `focus-check`.
 */
export function installNestedFrameGuard(
  win: Window & typeof globalThis,
  warn: (text: string) => void,
  shadowRootOf: (el: Element) => ShadowRoot | null,
): (pointerAt: number, tabbed: boolean) => boolean {
  const doc = win.document;
  const get = (proto: object, key: string) => Object.getOwnPropertyDescriptor(proto, key)?.get;
  const docActive = get(win.Document.prototype, 'activeElement')!;
  const rootActive = get(win.ShadowRoot.prototype, 'activeElement')!;
  const tagOf = get(win.Element.prototype, 'tagName')!;
  const styleOf = get(win.HTMLElement.prototype, 'style')!;
  const { setProperty, removeProperty, getPropertyValue, getPropertyPriority } =
    win.CSSStyleDeclaration.prototype;
  const listen = win.EventTarget.prototype.addEventListener;
  const perfNow = win.performance.now.bind(win.performance);
  const origin = win.performance.timeOrigin;
  const ElementCtor = win.Element;

  const frameTag = (el: unknown): el is HTMLElement =>
    el instanceof ElementCtor && FRAME_TAGS.has(apply(tagOf, el, []) as string);
  const saved = new Map<HTMLElement, { value: string; priority: string }>();

  const guard = createNestedFrameGuard<HTMLElement>({
    activeFrame() {
      let el = apply(docActive, doc, []) as Element | null;
      // Focus inside a shadow root shows as its host here; `shadowRootOf` sees closed ones the
      // runtime made too (a frame in one would otherwise take the keys unseen).
      for (let root = el && shadowRootOf(el); root;) {
        const inner = apply(rootActive, root, []) as Element | null;
        if (!inner) break;
        el = inner;
        root = shadowRootOf(inner);
      }
      return frameTag(el) ? el : null;
    },
    hide(frame) {
      const style = apply(styleOf, frame, []) as CSSStyleDeclaration;
      saved.set(frame, {
        value: apply(getPropertyValue, style, ['display']) as string,
        priority: apply(getPropertyPriority, style, ['display']) as string,
      });
      apply(setProperty, style, ['display', 'none', 'important']);
    },
    show(frame) {
      const style = apply(styleOf, frame, []) as CSSStyleDeclaration;
      const was = saved.get(frame);
      saved.delete(frame);
      if (was?.value) apply(setProperty, style, ['display', was.value, was.priority]);
      else apply(removeProperty, style, ['display']);
    },
    now: () => origin + perfNow(),
    warn,
  });

  const on = (type: string, fn: (event: Event) => void) =>
    apply(listen, win, [type, (event: Event) => event.isTrusted && fn(event), { capture: true }]);
  on('pointerover', (event) => {
    const target = event.target;
    guard.pointerOver(frameTag(target) ? target : null);
  });
  on('keydown', () => guard.key());
  for (const type of PRESS_EVENTS) on(type, () => guard.press());
  return (pointerAt, tabbed) => guard.check(pointerAt, tabbed);
}
