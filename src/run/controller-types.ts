import type {
  BuildResult,
  Diagnostic,
  ReplayTarget,
  Program,
  Project,
  RuntimeMessage,
} from '../protocol';

// The run controller's state, its deps and its API (controller.ts builds it).

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
  /**
   * A recording the next started run replays instead of running live (asked once per run): a
   * shared run's, or a hot swap's (the paused run's moment and inputs); `fresh`: the user asked
   * for a run from tick 0 (Run from start), which no hot swap replaces.
   */
  takeRecording?(fresh: boolean): RecordedStart | undefined;
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
  /**
   * Build the project now and restart the run: paused, at the same moment by a hot swap (when
   * Settings keep the place); with `fresh` (Run from start) from tick 0 whatever the setting.
   */
  run(options?: { fresh?: boolean }): Promise<void>;
  /**
   * A run after a change, when auto-run is on: debounced after an edit; `{ now: true }` (a
   * project just opened: no keys to wait for) runs after the current task's other listeners.
   */
  scheduleAutoRun(options?: { now?: boolean }): void;
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
