import { createStore } from 'zustand/vanilla';
import type { BuildResult, Diagnostic } from '../protocol';
import { perfMark } from './perf-marks';
import {
  NAVIGATED,
  type RunController,
  type RunControllerDeps,
  type RunInfo,
  type RunState,
} from './controller-types';

export {
  NAVIGATED,
  STATUS_TEXT,
  type RecordedStart,
  type RunController,
  type RunControllerDeps,
  type RunInfo,
  type RunState,
  type RunStatus,
} from './controller-types';

export function createRunController(deps: RunControllerDeps): RunController {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const random = deps.random ?? Math.random;

  const {
    getState,
    setState: set,
    subscribe,
  } = createStore<RunState>()(() => ({
    status: 'idle',
    diagnostics: [],
    program: null,
    runId: 0,
    buildMs: null,
    detail: null,
  }));
  let autoRun = true;
  let autoRunDelay = 300;
  let pendingTimer: unknown = null;
  let buildSeq = 0;
  // The run loop's last reported pause state, applied when a starting run begins running.
  let loopPaused = false;

  const cancelPending = () => {
    if (pendingTimer !== null) clearTimer(pendingTimer);
    pendingTimer = null;
  };

  async function run({ fresh = false }: { fresh?: boolean } = {}): Promise<void> {
    cancelPending();
    const seq = ++buildSeq;
    set({ status: 'building', detail: null });
    // Save and build side by side from the same project state; the program starts only once
    // the save is done (or gave up: a failure is reported by the saver, and running the code
    // still helps the user).
    let saving: Promise<void>;
    try {
      saving = Promise.resolve(deps.beforeRun?.()).then(
        () => perfMark('playpen:saved'),
        () => {},
      );
    } catch {
      saving = Promise.resolve();
    }
    const project = deps.getProject();
    let result: BuildResult | 'stale';
    try {
      result = await deps.build({
        files: project.files,
        entry: project.entry,
        cdnBase: deps.getCdnBase(),
      });
    } catch (error) {
      if (seq !== buildSeq) return;
      const err = error instanceof Error ? error : new Error(String(error));
      deps.onBundlerError?.(err);
      set({ status: 'build-failed', detail: err.message });
      return;
    }
    // A newer run() started meanwhile: its result is the one to show.
    if (result === 'stale' || seq !== buildSeq) return;
    perfMark('playpen:built');
    deps.onBuild?.(result);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (!result.program || errors.length > 0) {
      set({
        status: 'build-failed',
        diagnostics: sameOrNew(getState().diagnostics, result.diagnostics),
        buildMs: result.ms,
        detail: errors[0] ? formatDiagnostic(errors[0]) : 'The build produced no program.',
      });
      return;
    }
    await saving;
    if (seq !== buildSeq) return;
    const recorded = deps.takeRecording?.(fresh);
    const info: RunInfo = recorded
      ? { runId: getState().runId + 1, ...recorded }
      : { runId: getState().runId + 1, seed: Math.floor(random() * 2 ** 32), startTime: now() };
    // The program first: the preview evaluates it while the app updates its own views (its
    // messages come in a later task, when this run is the state's).
    deps.startPreview(result.program, info);
    deps.onRunStart?.(info);
    // "Running" waits for the preview's first word from this run (see handleRuntime).
    set({
      status: 'starting',
      diagnostics: sameOrNew(getState().diagnostics, result.diagnostics),
      program: result.program,
      runId: info.runId,
      buildMs: result.ms,
      detail: null,
      hungAt: undefined,
    });
  }

  return {
    getState,
    subscribe,
    run: (options) => run(options),
    scheduleAutoRun(options) {
      if (!autoRun) return;
      cancelPending();
      if (options?.now) {
        queueMicrotask(() => void run());
        return;
      }
      pendingTimer = setTimer(() => {
        pendingTimer = null;
        void run();
      }, autoRunDelay);
    },
    setAutoRun(enabled, delayMs) {
      autoRun = enabled;
      if (delayMs !== undefined) autoRunDelay = delayMs;
      if (!enabled) cancelPending();
    },
    handleRuntime(runId, message) {
      const state = getState();
      if (runId !== state.runId) return;
      const live = isLive(state);
      if (message.type === 'navigated' && live) {
        // Its document is gone, and with it the runtime: what answers now is not the program.
        deps.stopPreview();
        set({ status: 'error', detail: NAVIGATED });
      } else if (message.type === 'error' && live) {
        set({ status: 'error', detail: message.message });
      } else if (state.status === 'starting' && message.type !== 'ready') {
        // Anything else from this run's preview means it received the program and runs it
        // ('ready' is the frame's handshake, sent before the program arrived).
        set({ status: loopPaused ? 'paused' : 'running' });
      }
    },
    handleHang(runId, tick) {
      const state = getState();
      if (runId !== state.runId || state.status === 'not-responding') return;
      deps.stopPreview();
      const at = tick === undefined ? '' : ` at tick ${tick}`;
      set({
        status: 'not-responding',
        detail: `The preview stopped responding${at} (a long or infinite loop, or it ran out of memory?) and was stopped.`,
        hungAt: tick,
      });
    },
    handleStopped(runId, detail) {
      const state = getState();
      if (runId !== state.runId || !isLive(state)) return;
      deps.stopPreview();
      set({ status: 'error', detail });
    },
    setPaused(paused) {
      loopPaused = paused;
      const state = getState();
      if (paused && state.status === 'running') set({ status: 'paused' });
      else if (!paused && state.status === 'paused') set({ status: 'running' });
    },
    dispose() {
      cancelPending();
    },
  };
}

/**
 * The last build's list when the new one says the same: what shows diagnostics (the editor's
 * markers, Problems) re-renders only when they changed, not at every build.
 */
const sameOrNew = (last: Diagnostic[], next: Diagnostic[]): Diagnostic[] =>
  last.length === next.length && JSON.stringify(last) === JSON.stringify(next) ? last : next;

/** Whether the run's program is in its preview (what it reports still applies). */
const isLive = (state: RunState) =>
  state.status === 'starting' || state.status === 'running' || state.status === 'paused';

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file
    ? `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}: `
    : '';
  return where + d.text;
}
