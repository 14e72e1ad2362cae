/**
 * window.open from the program: one window per user activation, as browsers' popup blockers
 * allow, and none while a replay re-runs recorded ticks (step back and seek: the live run
 * opened it already). A click handler that calls window.open 1,000 times opens one tab, not
 * 1,000, and a hidden checkpoint frame never opens one.
 */

/** Input types that grant an activation (the HTML spec's activation-triggering events, and click). */
const ACTIVATING = new Set([
  'keydown',
  'mousedown',
  'pointerdown',
  'pointerup',
  'touchend',
  'click',
]);

/** How long an activation lasts in virtual time (Chrome's transient activation: 5 s). */
const ACTIVATION_MS = 5000;

export interface PopupGuard {
  /** An input tick begins: a live activating input allows one window.open for a while. */
  input(type: string, now: number, replaying: boolean): void;
}

export interface PopupGuardDeps {
  /** Virtual time now (ms). */
  now(): number;
  /** Whether the ticks running now are a replay of recorded ones. */
  replaying(): boolean;
  /** The tick running now (a refusal is said once per tick). */
  tick(): number;
  /** A console warning from the runtime. */
  warn(text: string): void;
}

export function installPopupGuard(win: Window, deps: PopupGuardDeps): PopupGuard {
  const realOpen = win.open;
  /** Virtual time until which one window.open is allowed; -Infinity when none is. */
  let activeUntil = -Infinity;
  let blocked = 0;
  let warnedTick = -1;
  const open = function (this: unknown, ...args: Parameters<Window['open']>): Window | null {
    // A replay stays silent: a warning would make its console differ from the live run's.
    if (deps.replaying()) return null;
    if (deps.now() <= activeUntil) {
      activeUntil = -Infinity;
      return Reflect.apply(realOpen, win, args) as Window | null;
    }
    blocked++;
    if (warnedTick !== deps.tick()) {
      warnedTick = deps.tick();
      deps.warn(
        `Playpen blocked window.open (${blocked.toLocaleString()} so far): a program may open one window per click or key press.`,
      );
    }
    return null;
  };
  Object.defineProperty(win, 'open', { configurable: true, writable: true, value: open });
  return {
    input(type, now, replaying) {
      if (!replaying && ACTIVATING.has(type)) activeUntil = now + ACTIVATION_MS;
    },
  };
}
