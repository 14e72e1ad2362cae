/**
 * Animations the environment started, not the program: a CSS transition or animation a
 * :hover, :active, :focus, :focus-visible or :focus-within rule starts when the real pointer
 * or focus moves. Those states are not recorded inputs (a replay's synthetic events set none
 * of them), so such an animation exists in the live frame and never in its replay: it is
 * left out of the fingerprint (still paused and driven by the virtual clock).
 *
 * The rule, the same in a live frame and a replay: at the start of a real (trusted) pointer
 * or focus event that no tick's code caused, before any program listener runs, style is
 * flushed; the animations that then exist, were never placed on the virtual clock, and whose
 * target is, contains or is inside the event's target or relatedTarget are environmental. The
 * browser sets :hover, :active and :focus before it dispatches these events, so their
 * transitions are among them; the program's reaction to the event runs later, in the event's
 * tick, and is fingerprinted as usual. Replay frames get no real pointer events (they are
 * hidden and take no pointer), so nothing is left out there, and none of these exist there.
 *
 * Accepted imprecision: a transition the program started in a microtask after its tick (so
 * not placed yet) on an element the pointer reaches in that same moment is left out too, in
 * the live frame only; a replay would then report a divergence that is not one. It takes a
 * pointer move landing between a tick's microtasks and the next task: rare.
 */

/** What the rule reads of an element (a DOM Node, or a test's fake). */
export interface TouchedNode {
  contains(other: TouchedNode | null): boolean;
}

/** Real events that come with (or right after) a :hover, :active or :focus change. */
export const ENVIRONMENT_EVENTS = [
  'pointerover',
  'pointerout',
  'pointerdown',
  'pointerup',
  'focusin',
  'focusout',
] as const;

/** True when `target` is, contains or is inside one of the `touched` elements. */
export function touches(target: TouchedNode | null, touched: readonly TouchedNode[]): boolean {
  if (!target) return false;
  return touched.some((t) => t === target || t.contains(target) || target.contains(t));
}

export interface EnvironmentGate {
  /** True while a tick's own code runs: a focus() it calls fires real focus events. */
  inSync(): boolean;
  /** The elements a real pointer or focus event touched (its target and relatedTarget). */
  touched(nodes: Node[]): void;
}

/**
 * Watches real pointer and focus events. Register it before the input recorder: that one
 * stops the events it blocks (paused, replaying) before later listeners could see them.
 */
export function watchEnvironment(win: Window, gate: EnvironmentGate): void {
  const NodeCtor = (win as unknown as { Node: typeof Node }).Node;
  const listener = (event: Event) => {
    if (!event.isTrusted || gate.inSync()) return;
    const related = (event as Partial<MouseEvent>).relatedTarget ?? null;
    const nodes = [event.target, related].filter((n): n is Node => n instanceof NodeCtor);
    if (nodes.length > 0) gate.touched(nodes);
  };
  for (const type of ENVIRONMENT_EVENTS) {
    win.addEventListener(type, listener, { capture: true, passive: true });
  }
}
