/**
 * The run timeline's public types: its state (what the controls show), what it needs from the
 * preview and the console, and its actions (timeline.ts implements them).
 */
import type {
  ConsoleCode,
  HostMessage,
  InputRecord,
  RunEnvironment,
  RuntimeMessage,
  TickRecord,
  Viewport,
} from '../protocol';
import type { History, HistoryLimits } from './history';
import type { SwapLanding, SwapSource } from './swap-landing';
import type { EditMark } from './swap-report';

export const SPEEDS = [0.25, 0.5, 1, 2, 4] as const;

export interface TimelineState {
  /** A run exists (something to control). */
  active: boolean;
  /** What the preview is doing; 'replaying' while a step back or seek is rebuilt. */
  mode: 'playing' | 'paused' | 'replaying';
  /**
   * A pause or step was sent and the preview has not said where it rests yet: its answer may
   * still move the tick (a playing preview runs on until the message reaches it).
   */
  awaiting: boolean;
  /** Tick the preview is at. */
  tick: number;
  /** Last recorded tick. */
  lastTick: number;
  /** Oldest tick still in the history (older ones fell out of reach when it was full). */
  firstTick: number;
  /** Virtual ms since the run's start at the current tick. */
  elapsed: number;
  /** Play speed (0.25–4). */
  speed: number;
  /** Something is pending for Step forward (a timer, a frame, or recorded ticks ahead). */
  canStepForward: boolean;
  /** "Replay diverged at tick k: …" when a replay differed from the record. */
  divergence: string | null;
  /** Set once the history limit dropped the oldest ticks: they cannot be revisited. */
  historyNote: string | null;
  /** Futures a fork left behind that "Restore previous future" returns to (newest first). */
  futures: { forkTick: number; lastTick: number }[];
  /** Changes when the run moves to another future: checkpoints of the old one are useless. */
  futureId: number;
}

export interface TimelineDeps {
  /** Sends a control message to the current preview. */
  send(message: HostMessage): void;
  /**
   * Rebuilds the preview from the same run and replays to `tick`, or swaps in a parked
   * checkpoint. Returns the new frame's key and the tick it will pause at (`at` ≤ `tick`;
   * the timeline runs it on to `tick` from there).
   */
  replay(tick: number, inputs: InputRecord[]): { frame: object; at: number };
  /** The console shows exactly `messages` (all entries up to the current tick). */
  resetConsole(messages: RuntimeMessage[]): void;
  /** Appends messages to the console. */
  showConsole(messages: RuntimeMessage[]): void;
  /** A one-line notice in the console; one with a `key` replaces the last with that key (kept current). */
  notice(text: string, key?: string): void;
  /** History limits, read when a run starts: ticks kept and an estimate of bytes kept. */
  limits?(): HistoryLimits;
}

export interface Timeline {
  getState(): TimelineState;
  subscribe(listener: () => void): () => void;
  /**
   * A new run started in `frame` (a fresh iframe playing from tick 0), or landing somewhere:
   * replaying a shared `recorded` run to the sender's tick, where it pauses (the rest of it is
   * ahead), or a hot swap landing at the old run's moment (its report is told there).
   */
  startRun(frame: object, startTime: number, landing?: RecordedLanding | SwapLanding): void;
  /** A message from `frame`; returns true when the console should show it now. */
  handle(frame: object, message: RuntimeMessage): boolean;
  play(): void;
  pause(): void;
  togglePlay(): void;
  stepForward(): void;
  stepBack(): void;
  seek(tick: number): void;
  setSpeed(speed: number): void;
  /**
   * Evaluates a console input line in the preview as the next tick (a recorded input, so step
   * back and seek replay it; behind the end it forks like a click). Returns why it cannot now,
   * or null once sent. `prepared`: the code it runs as (recorded with it).
   */
  evaluate(source: string, prepared?: ConsoleCode): string | null;
  /**
   * Recorded inputs of ticks 1..tick (what a replay to `tick` needs), and the fetch responses
   * of later ticks: fetches in flight at `tick` are served from the record, never fetched again.
   */
  inputsUpTo(tick: number): InputRecord[];
  /** The run's virtual start (ms since epoch): hits and ticks show their time since it. */
  startTime(): number;
  /** The record of a tick (its fingerprint), while the history holds it. */
  recordAt(tick: number): TickRecord | undefined;
  /** The viewport the run had at tick 0: a replay's frame takes it (undefined before tick 0). */
  startViewport(): Viewport | undefined;
  /** The environment the run had at tick 0: a replay's program is given it. */
  startEnvironment(): RunEnvironment | undefined;
  /**
   * What a hot swap of the current run needs (its moment, inputs and history), or null when it
   * cannot be swapped (nothing runs, it plays, a step or seek is on its way). While a swap still
   * lands, that swap's: the same moment and inputs.
   */
  swapSource(): SwapSource | null;
  /**
   * Returns to the future the latest fork left (the current one is kept in its place) and
   * shows its last tick, paused.
   */
  restoreFuture(): void;
  /** The history's recorded inputs and console entries, and a hot swap's marks, for the timeline's marks. */
  marks(): ReturnType<History['marks']> & { edits: readonly EditMark[] };
  /** A rebuilt preview could not start: leave the replaying state (the old preview stays). */
  replayFailed(): void;
  /** The run ended (new build, hang): nothing to control. */
  stop(): void;
}

/** Where a run started from a recording should land. */
export interface RecordedLanding {
  /** The tick to pause at (the sender's): the preview replays to it, once. */
  landAt: number;
  /** The recording's last tick: the timeline reaches it, ticks after `landAt` run on a seek. */
  lastTick: number;
  /** The recording's inputs, all of them (the ticks after `landAt` need theirs too). */
  inputs: readonly InputRecord[];
}

export const INITIAL_TIMELINE: TimelineState = {
  active: false,
  mode: 'paused',
  awaiting: false,
  tick: 0,
  lastTick: 0,
  firstTick: 0,
  elapsed: 0,
  speed: 1,
  canStepForward: false,
  divergence: null,
  historyNote: null,
  futures: [],
  futureId: 0,
};
