import { createStore } from 'zustand/vanilla';
import type {
  BuildResult,
  Diagnostic,
  ReplayTarget,
  Program,
  Project,
  RuntimeMessage,
} from '../protocol';
import { perfMark } from './perf-marks';

/** What the run is doing; the UI shows STATUS_TEXT[status] in the "Run status" region. */
export type RunStatus =
  | 'idle'
  | 'building'
  | 'starting'
  | 'running'
  | 'paused'
  | 'build-failed'
  | 'error'
  | 'not-responding';

export const STATUS_TEXT: Record<RunStatus, string> = {
  idle: 'Ready',
  building: 'Building…',
  starting: 'Starting…',
  running: 'Running',
  paused: 'Paused',
  'build-failed': 'Build failed',
  error: 'Error',
  'not-responding': 'Not responding',
};

export interface RunState {
  status: RunStatus;
  /** Errors and warnings of the latest finished build. */
  diagnostics: Diagnostic[];
  /** Program of the last good build: a failed build keeps showing it. */
  program: Program | null;
  /** Increases with every started run; messages from older runs are ignored. */
  runId: number;
  /** Worker time of the latest finished build; null before one, or when its program was known. */
  buildMs: number | null;
  /** One line on why the status is error / not-responding / build-failed. */
  detail: string | null;
  /** The tick a "Not responding" run hung in (Run status names it); absent otherwise. */
  hungAt?: number;
}

/** A started run, handed to the preview. */
export interface RunInfo {
  runId: number;
  /** Seed of the preview's random generator (fixed per run so a replay is exact). */
  seed: number;
  /** Virtual wall-clock start of the run (ms since epoch). */
  startTime: number;
  /** Set for a rebuilt preview of the same run: replay to `tick` with `inputs`, then pause. */
  replay?: ReplayTarget;
}

/** A recorded run to start instead of a new one: a shared run's seed, start time and inputs. */
export interface RecordedStart {
  /** The recording's random seed. */
  seed: number;
  /** The recording's virtual start time (ms since epoch). */
  startTime: number;
  /** Replay the recording to `tick` with `inputs`, then pause. */
  replay: ReplayTarget;
}

/** What the user reads when the program navigated its preview away (status detail, console). */
export const NAVIGATED =
  'The program navigated its preview (a form submitted without preventDefault(), location.reload(), or a new location), which ends the run. Press Run to start again.';

export interface RunControllerDeps {
  /** Builds the project; 'stale' when a newer build superseded this one. */
  build(request: {
    files: Project['files'];
    entry: string;
    cdnBase: string;
  }): Promise<BuildResult | 'stale'>;
  /** The project as it is now (read at build time, so the latest edit is built). */
  getProject(): Project;
  /** ESM CDN base for bare imports, from settings. */
  getCdnBase(): string;
  /** Shows the program in a fresh preview. */
  startPreview(program: Program, run: RunInfo): void;
  /** Removes a preview that stopped answering. */
  stopPreview(): void;
  /** Called when a build finishes (the console shows its diagnostics). */
  onBuild?(result: BuildResult): void;
  /** Runs alongside each build; the program starts only after it settles (work is saved before code runs). */
  beforeRun?(): Promise<void> | void;
  /** Called before a run starts (the console starts afresh). */
  onRunStart?(run: RunInfo): void;
  /** A recording the next started run replays instead of running live (asked once per run). */
  takeRecording?(): RecordedStart | undefined;
  /** Called when the bundler itself failed (worker dead twice). */
  onBundlerError?(error: Error): void;
  /** Injected so tests drive time. */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}

export interface RunController {
  getState(): RunState;
  subscribe(listener: () => void): () => void;
  /** Build the project now and restart the run. */
  run(): Promise<void>;
  /** Debounced run after an edit, when auto-run is on. */
  scheduleAutoRun(): void;
  setAutoRun(enabled: boolean, delayMs?: number): void;
  /** A validated message from the preview of run `runId`. */
  handleRuntime(runId: number, message: RuntimeMessage): void;
  /** The preview of run `runId` stopped answering the heartbeat while running `tick`. */
  handleHang(runId: number, tick?: number): void;
  /** The app stopped the preview of run `runId` for what `detail` says (it flooded the app): status Error. */
  handleStopped(runId: number, detail: string): void;
  /** The run loop paused or resumed: status Paused ↔ Running. */
  setPaused(paused: boolean): void;
  dispose(): void;
}

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

  async function run(): Promise<void> {
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
    const recorded = deps.takeRecording?.();
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
    run,
    scheduleAutoRun() {
      if (!autoRun) return;
      cancelPending();
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
