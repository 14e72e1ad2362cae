import { createStore } from 'zustand/vanilla';
import type { HangMemory, HangRecord } from './hang-memory';
import type { RunState } from './controller';

export interface HangWatchState {
  /** A hang remembered from an earlier load: auto-run stays off until a run proves healthy. */
  held: HangRecord | null;
  /** The banner saying why auto-run is off is showing. */
  banner: boolean;
}

export interface HangWatchDeps {
  memory: HangMemory;
  controller: {
    getState(): RunState;
    subscribe(listener: () => void): () => void;
    run(): Promise<void>;
  };
  /** Name of the open project, stored with a hang. */
  projectName: () => string;
  /** A run that has not been reported hung this long after it started counts as healthy. */
  healthyAfterMs: number;
  /** Injected so tests drive time. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface HangWatch {
  getState(): HangWatchState;
  subscribe(listener: () => void): () => void;
  /** Hides the banner; auto-run stays off until a run proves healthy. */
  dismiss(): void;
  /** Hides the banner and runs the project now. */
  runAnyway(): void;
  dispose(): void;
}

/**
 * Follows the run controller: a run that ends "Not responding" is remembered (hang-memory.ts);
 * a run that keeps answering for `healthyAfterMs` clears the memory and releases auto-run.
 */
export function createHangWatch(deps: HangWatchDeps): HangWatch {
  const { memory, controller } = deps;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const held = memory.read();
  const {
    getState,
    setState: set,
    subscribe,
  } = createStore<HangWatchState>()(() => ({ held, banner: held !== null }));

  let watchedRun = controller.getState().runId;
  let hungRun = -1;
  let timer: unknown = null;
  const stopTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const onRunState = () => {
    const { runId, status } = controller.getState();
    if (status === 'not-responding' && hungRun !== runId) {
      hungRun = runId;
      stopTimer();
      memory.remember(deps.projectName());
      return;
    }
    if (runId === watchedRun || status !== 'running') return;
    watchedRun = runId;
    stopTimer();
    timer = setTimer(() => {
      timer = null;
      const now = controller.getState();
      if (now.runId !== runId || now.status === 'not-responding') return;
      memory.forget();
      if (getState().held || getState().banner) set({ held: null, banner: false });
    }, deps.healthyAfterMs);
  };
  const unsubscribe = controller.subscribe(onRunState);

  return {
    getState,
    subscribe,
    dismiss: () => set({ banner: false }),
    runAnyway() {
      set({ banner: false });
      void controller.run();
    },
    dispose() {
      stopTimer();
      unsubscribe();
    },
  };
}
