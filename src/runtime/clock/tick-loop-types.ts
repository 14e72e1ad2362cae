/** The tick loop's contract with the runtime that drives it (tick-loop.ts implements it). */
import type { InputRecord, LoopState, SwapTarget, TickRecord } from '../../protocol/index.ts';
import type { ViewportTracker } from './viewport.ts';
import type { VirtualClock } from './virtual-clock.ts';

export interface TickLoopDeps {
  clock: VirtualClock;
  /** The speed it plays at once evaluated, until told otherwise (0.25–4; default 1). */
  speed?: number;
  /** Runs `fn` in a new real task (a real MessageChannel hop, never setTimeout). */
  hop(fn: () => void): void;
  /** Runs `fn` at the next real animation frame with the real time. */
  frame(fn: (realNow: number) => void): void;
  /** Real time in ms (the real performance.now). */
  realNow(): number;
  /** Reports an error thrown by a tick as the browser would (window 'error' event). */
  reportError(error: unknown): void;
  /** Fingerprint parts, read after each tick. */
  draws(): number;
  consoleCount(): number;
  consoleText(): number;
  domHash(): number;
  /** The viewport, animations and (sampled) canvas pixels after `tick`. */
  scene(
    tick: number,
  ): Pick<TickRecord, 'viewport' | 'animations' | 'canvas' | 'environment' | 'environmentHere'>;
  /** Replays a recorded input event. */
  dispatchInput(input: InputRecord): void;
  /**
   * CSS and Web Animations follow the virtual clock: moved to virtual performance time `at`
   * (ms) at the start and end of every tick, between ticks while playing, and on pause.
   * `discover` false: only the animations already found move (a tick's start, right after
   * the last tick's end looked for new ones: a style flush per tick is saved).
   */
  syncAnimations(at: number, discover?: boolean): void;
  /** Sends tick records and the loop state to the host. */
  send(records: TickRecord[], state: LoopState): void;
  /**
   * A tick (timer, frame or input) begins: the loop guard gives it a fresh time budget, and
   * (unless replaying a recording the host has) the host learns which tick runs, for "Not
   * responding at tick n".
   */
  tickStarted?(tick: number, replaying: boolean): void;
  /**
   * The viewport as an input (viewport.ts): a replayed resize waits for its frame's size; the
   * frame fills the pane again when the run goes live.
   */
  viewport?: Pick<ViewportTracker, 'resizeTo' | 'goLive'>;
  /**
   * Live, before each tick: a size or environment the run has not seen yet, as the input tick
   * that runs first (a resize, an environment change); null when nothing changed.
   */
  liveChange?(): Omit<InputRecord, 'tick' | 'now'> | null;
  /** A hot swap's deliveries (swap-drive.ts): needed only by a run given `replay.swap`. */
  swap?: SwapDeps;
}

/** How a hot swap gives an old run's inputs to the new page. */
export interface SwapDeps {
  /**
   * The input as the new page takes it: an element's by its path (of the recorded kind), a
   * fetch response to the new call that asked for it; 'gone' when its target is not there,
   * 'wait' while no call has asked for the response yet.
   */
  deliver(input: InputRecord): Omit<InputRecord, 'tick' | 'now'> | 'wait' | 'gone';
  /** The swap landed: what the new code asks from now on is live. */
  landed(): void;
}

export interface TickLoop {
  /** The tick running now (the one console calls and errors belong to). */
  readonly tick: number;
  readonly mode: LoopState['mode'];
  /** True while a tick's own code runs (events then are the program's, not the user's). */
  readonly inSync: boolean;
  /** Playing a recording's ticks again (before its end): a real input now forks. */
  readonly playingRecording: boolean;
  /** Tick 0 finished: record it, then play (or replay to `replay.tick`, or land a hot swap). */
  evaluated(replay?: { tick: number; inputs: InputRecord[]; swap?: SwapTarget }): void;
  /** The program threw (an uncaught error or rejection) in the tick running now: a hot swap may stop. */
  threw(): void;
  /** Plays on; with `recording`, its ticks up to `until` are played again first (then live). */
  play(speed: number, recording?: { until: number; inputs: InputRecord[] }): void;
  pause(): void;
  step(): void;
  runUntil(tick: number, inputs: InputRecord[]): void;
  /** A live user event: returns the tick it became (the caller records it). */
  beginInput(input: Omit<InputRecord, 'tick' | 'now'>): InputRecord;
  /**
   * An input the runtime makes itself (a console evaluation): run now as the next tick, through
   * `dispatchInput` as its replay will be; while paused the loop stays paused. Refused (null)
   * while replaying, whose ticks are the record's.
   */
  runInput(input: Omit<InputRecord, 'tick' | 'now'>): InputRecord | null;
}
