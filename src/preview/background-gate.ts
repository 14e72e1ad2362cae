import type { LoopState } from '../protocol';

export interface BackgroundGateDeps {
  /** The app's next animation frame (requestAnimationFrame). */
  frame(callback: () => void): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Longest a started run holds background work back (ms), e.g. when it never starts ticking. */
  maxHoldMs?: number;
  /** Held from the start until the first run settles: nothing competes with the app's first run. */
  startHeld?: boolean;
}

export interface BackgroundGate {
  /** A run is starting: background work waits until it has shown its first output. */
  hold(): void;
  /** The visible run reported its ticks: a second report while playing, or a rest, means its first frame ran. */
  ticks(mode: LoopState['mode']): void;
  /** The visible run is settled already (a promoted checkpoint, resting): open now. */
  open(): void;
  /** Runs `work` now when nothing is starting, else once the starting run has settled. */
  whenOpen(work: () => void): void;
  dispose(): void;
}

/**
 * Holds the preview's background work (booting the next spare frame, replaying step-back
 * checkpoints) while a new run starts. That work loads and evaluates whole programs in the
 * same renderer process as the new run and on the app's main thread, so done then it delays
 * the very output the user waits for. Released once the run's first frame has run and the
 * app has painted twice since (its console shows what the run printed), or after `maxHoldMs`.
 */
export function createBackgroundGate(deps: BackgroundGateDeps): BackgroundGate {
  const maxHoldMs = deps.maxHoldMs ?? 1000;
  let held = deps.startHeld ?? false;
  let reports = 0;
  let releasing = false;
  let timer: unknown = null;
  let queue: (() => void)[] = [];

  const open = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    held = false;
    releasing = false;
    const work = queue;
    queue = [];
    for (const fn of work) fn();
  };
  // Each hold gets its own release: a newer run's hold must not be opened by an older one's frames.
  let generation = 0;
  const release = () => {
    if (!held || releasing) return;
    releasing = true;
    const mine = generation;
    deps.frame(() => deps.frame(() => mine === generation && held && open()));
  };

  return {
    hold() {
      generation++;
      held = true;
      reports = 0;
      releasing = false;
      if (timer !== null) deps.clearTimer(timer);
      const mine = generation;
      timer = deps.setTimer(() => mine === generation && open(), maxHoldMs);
    },
    ticks(mode) {
      if (!held) return;
      reports++;
      // A replay (step back) settles when it rests at its tick, however many reports that takes.
      if (mode === 'paused' || (mode === 'playing' && reports >= 2)) release();
    },
    open() {
      generation++;
      open();
    },
    whenOpen(work) {
      if (!held) work();
      else if (!queue.includes(work)) queue.push(work);
    },
    dispose() {
      generation++;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
      queue = [];
      held = false;
    },
  };
}
