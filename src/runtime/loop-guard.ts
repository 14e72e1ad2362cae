/**
 * The runtime half of the loop guard (the bundler half is workers/bundler/loop-guard.ts):
 * every loop iteration in the user's modules runs `if (--check.c < 0) check("src/main.ts:2")`:
 * an inline countdown on the guard function itself, so a hot loop pays a decrement and a
 * compare, and calls `check` only every N iterations. `check` reads the REAL clock (captured
 * before user code; the virtual clock fakes Date and performance.now inside the preview) and
 * throws "Possible infinite loop at src/main.ts:2" once the current tick has run longer than
 * the budget. The countdown is shared by all loops, so nested loops share it too.
 *
 * What a tick is, for the budget: the budget starts at the first clock read of a synchronous
 * run and restarts once that run ends (a real microtask queued at the first read fires when
 * the current task's code returns). So a loop inside a timer callback gets a fresh budget per
 * callback, and nested loops share one (a reset at each loop entry would let an outer endless
 * loop around a short inner loop run forever).
 *
 * The run loop (clock/tick-loop.ts) calls `resetLoopBudget()` at the start of every timer,
 * frame and input tick, so ticks run back to back in one real task (a replay) each get their
 * own budget.
 */

export interface LoopGuardOptions {
  /** The real clock, in ms (captured `performance.now`). */
  now: () => number;
  /** The real `queueMicrotask`: ends the budget when the current synchronous run returns. */
  queueMicrotask: (fn: () => void) => void;
  /** Budget per tick in ms; 0 turns the guard off. */
  budgetMs?: number;
  /** Iterations between clock reads: reading the clock every time would slow hot loops. */
  every?: number;
}

/**
 * The guard as guarded code sees it: loops decrement `c` and call the function with their
 * "file:line" once it drops below 0; the call restarts the countdown and reads the clock.
 */
export type LoopCheck = ((site: string) => void) & {
  /** Iterations left before the next call (shared by every loop of the run). */
  c: number;
};

export interface LoopGuard {
  /** Passed to guarded modules: its countdown runs inline, the call reads the clock. */
  check: LoopCheck;
  /** A tick starts: the next iterations get a fresh budget. */
  resetLoopBudget: () => void;
  /** Changes the budget (from the run message); 0 turns the guard off. */
  setBudget: (ms: number) => void;
}

export const DEFAULT_LOOP_BUDGET_MS = 1000;
export const DEFAULT_CHECK_EVERY = 1024;

// Captured before user code can replace the global.
const ErrorCtor = Error;

export function createLoopGuard(options: LoopGuardOptions): LoopGuard {
  const { now, queueMicrotask } = options;
  const every = Math.max(1, Math.floor(options.every ?? DEFAULT_CHECK_EVERY)) | 0;
  let budget = options.budgetMs ?? DEFAULT_LOOP_BUDGET_MS;
  // Real time of the first clock read in this tick; -1 until then.
  let tickStart = -1;
  const resetLoopBudget = () => {
    tickStart = -1;
  };

  const check = ((site: string): void => {
    check.c = every - 1;
    if (budget <= 0) return;
    const t = now();
    if (tickStart < 0) {
      tickStart = t;
      queueMicrotask(resetLoopBudget);
      return;
    }
    if (t - tickStart <= budget) return;
    // Check again on the next iteration: a `catch` around the loop that keeps looping in the
    // same tick meets the error again at once, not 1,024 iterations later.
    check.c = 0;
    throw new ErrorCtor(`Possible infinite loop at ${site}`);
  }) as LoopCheck;
  // The first call comes after `every` iterations, like every later one.
  check.c = every - 1;

  return {
    check,
    resetLoopBudget,
    setBudget(ms) {
      budget = Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_LOOP_BUDGET_MS;
    },
  };
}
