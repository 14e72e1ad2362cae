/**
 * Window methods a program could call in a loop to take over the user's tab, rationed as
 * browsers ration popups: window.open once per user activation (a click handler that asks for
 * 1,000 windows opens one), and the modal dialogs (alert, confirm, prompt, print) once per
 * activation after the run's first. Each dialog is tab-modal: in a loop, the user could no
 * longer reach the editor to fix the code. None of them runs while a replay re-runs recorded
 * ticks (step back, seek, a hidden checkpoint frame): the live run showed them already.
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

/** Methods sharing one allowance. */
interface Allowance {
  /** The window's methods it covers, with what a refused call returns (as when a browser suppresses it). */
  methods: Record<string, unknown>;
  /** Calls allowed before any user input. */
  free: number;
  /** The end of the warning: what a program may do. */
  rule: string;
}

const ALLOWANCES: Allowance[] = [
  {
    methods: { open: null },
    free: 0,
    rule: 'a program may open one window per click or key press',
  },
  {
    methods: { alert: undefined, confirm: false, prompt: null, print: undefined },
    free: 1,
    rule: 'after its first dialog, a program may show one per click or key press',
  },
];

export interface ActivationGuard {
  /** An input tick begins: a live activating input allows one call of each kind for a while. */
  input(type: string, now: number, replaying: boolean): void;
}

export interface ActivationGuardDeps {
  /** Virtual time now (ms). */
  now(): number;
  /** Whether the ticks running now are a replay of recorded ones. */
  replaying(): boolean;
  /** The tick running now (a refusal is said once per tick and allowance). */
  tick(): number;
  /** A console warning from the runtime. */
  warn(text: string): void;
}

export function installActivationGuard(win: Window, deps: ActivationGuardDeps): ActivationGuard {
  const guards = ALLOWANCES.map((allowance) => {
    /** Virtual time until which one call is allowed; -Infinity when none is. */
    let activeUntil = -Infinity;
    let free = allowance.free;
    let blocked = 0;
    let warnedTick = -1;
    for (const [name, refused] of Object.entries(allowance.methods)) {
      const real: unknown = Reflect.get(win, name);
      if (typeof real !== 'function') continue;
      const guarded = function (this: unknown, ...args: unknown[]): unknown {
        // A replay stays silent: a warning would make its console differ from the live run's.
        if (deps.replaying()) return refused;
        if (deps.now() <= activeUntil || free > 0) {
          if (deps.now() <= activeUntil) activeUntil = -Infinity;
          else free--;
          return Reflect.apply(real, win, args);
        }
        blocked++;
        if (warnedTick !== deps.tick()) {
          warnedTick = deps.tick();
          deps.warn(
            `Playpen blocked window.${name} (${blocked.toLocaleString()} so far): ${allowance.rule}.`,
          );
        }
        return refused;
      };
      Object.defineProperty(win, name, { configurable: true, writable: true, value: guarded });
    }
    return {
      input(now: number) {
        activeUntil = now + ACTIVATION_MS;
      },
    };
  });
  return {
    input(type, now, replaying) {
      if (replaying || !ACTIVATING.has(type)) return;
      for (const guard of guards) guard.input(now);
    },
  };
}
