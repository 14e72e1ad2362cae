/**
 * Every message between the host (app), the bundler worker and the preview runtime.
 * Both ends import these types; the host validates everything the runtime sends
 * (see runtime-message-schema.ts) because user code shares the runtime's realm.
 */

import type { Program, VendorBundle } from './build-types';
import type { RunEnvironment } from './environment';
import type { ConsoleLevel, RawFrame, SerializedValue } from './console-values';
import type { ReplayTarget, Viewport } from './viewport';
import type { LineHitDelta, ProbeHit, ProbePlan } from './probes';

// The project, build and program types: see build-types.ts (re-exported, one import for all).
export * from './build-types';
export * from './viewport';
export * from './program-delta';
export * from './environment';
export * from './console-values';
export * from './probes';

// Console values (SerializedValue, RawFrame, ConsoleLevel): see console-values.ts.

/** Console calls the preview left out (issue 11: a flood must not freeze the app). */
export type ConsoleDropped = Omit<Extract<RuntimeMessage, { type: 'console-dropped' }>, 'type'>;

// ---------------------------------------------------------------------------
// Window handshake (the only messages over window.postMessage)

/** Runtime → parent, once the runtime has loaded. The host checks `event.source`. */
export interface HelloMessage {
  type: 'playpen:hello';
}
/** Parent → runtime, carrying the MessagePort all further messages use. */
export interface ConnectMessage {
  type: 'playpen:connect';
}

// ---------------------------------------------------------------------------
// Host → runtime (over the MessagePort)

export type HostMessage =
  | {
      type: 'run';
      program: Program;
      seed: number;
      startTime: number;
      /** Real-time budget of loops per tick in ms, 0 = no guard; absent = the runtime's default. */
      loopBudgetMs?: number;
      /** Speed the run plays at once evaluated (0.25–4, as the timeline's); absent = 1×. */
      speed?: number;
      /** Replay instead of playing: run to `tick` (replaying `inputs`) as fast as possible, then pause. */
      replay?: ReplayTarget;
      /** A probed replay (logpoints, line hits): what the instrumented modules' probes evaluate. */
      probes?: ProbePlan;
    }
  | { type: 'ping'; seq: number }
  /** The console input asks which global names to complete (answered, never recorded). */
  | { type: 'globals'; seq: number }
  /**
   * Focus left the app for this preview by itself (no click or Tab the app saw): a frame the
   * program nested that took it is hidden and answered with `focus-taken` (nested-frame-focus.ts).
   */
  | {
      type: 'focus-check';
      /** When the app last saw the pointer in its own document (wall-clock ms). */
      pointerAt: number;
      /** The app saw Tab just before: the user tabbed into the preview. */
      tabbed: boolean;
    }
  /**
   * To a frame waiting for its run: load these prebuilt bundles now (defining their lazy
   * factories, evaluating nothing of React, Vue or Svelte), as the next run will likely use them.
   */
  | { type: 'preload'; bundles: VendorBundle[] }
  /** Run-loop controls (docs/architecture.md, "The run loop"): play follows real time × `speed`; step runs one tick. */
  | {
      type: 'play';
      speed: number;
      /**
       * Play from a past tick: the recorded ticks up to `until` are played again at `speed`
       * with their `inputs`; live from there. A real user event before `until` forks.
       */
      recording?: { until: number; inputs: InputRecord[] };
    }
  | { type: 'pause' }
  | { type: 'step' }
  /** From the paused state: run to `tick`, replaying the recorded inputs, then pause. */
  | { type: 'run-until'; tick: number; inputs: InputRecord[] }
  /**
   * A line typed into the console input: evaluated in the preview's global scope as a recorded
   * input tick of its own (an InputRecord of type EVAL_INPUT, replayed like a click).
   */
  | {
      type: 'evaluate';
      /** The line as typed: echoed in the console. */
      source: string;
      /** What runs, prepared once by the app (absent: the line runs as typed, without a guard). */
      prepared?: ConsoleCode;
    };

/** A console line rewritten to run (workers/console-eval/rewrite.ts), recorded with its input. */
export interface ConsoleCode {
  /** The code to evaluate in the preview's global scope. */
  code: string;
  /** Its value is a promise of the line's value (the line awaits at top level): shown once settled. */
  awaits: boolean;
}

/** The console-eval worker's API (workers/console-eval.worker.ts). */
export interface ConsoleEvalApi {
  /** The code a typed line runs as, or null when it does not parse (it then runs as typed). */
  prepare(source: string): ConsoleCode | null | Promise<ConsoleCode | null>;
}

/** Most global names the preview sends the console input (a window has about a thousand). */
export const MAX_GLOBAL_NAMES = 5000;

/** Global through which loops typed in the console reach the runtime's loop guard. */
export const CONSOLE_LOOP_GUARD = '__ppConsoleLoop';

/**
 * Global holding the console's own top-level `let`/`const`/`class` bindings (lines run
 * `with` it): lexical as in devtools, so `let name` never writes `window.name`.
 */
export const CONSOLE_SCOPE = '__ppConsoleScope';

// ---------------------------------------------------------------------------
// Run loop records (runtime → host, kept by the host as the run's history)

/** InputRecord type of a fetch response settling (a tick of its own, replayed from the record). */
export const FETCH_INPUT = 'fetch';
/** InputRecord type of a console evaluation; its source is in `state.source`. */
export const EVAL_INPUT = 'console-eval';

/** One user event the program could observe, recorded with its tick so a replay repeats it. */
export interface InputRecord {
  /** The tick this event is. */
  tick: number;
  /** Virtual time of the event (ms since epoch). */
  now: number;
  /** Event type, e.g. `click`, `keydown`, `input`. */
  type: string;
  /** Event constructor to replay with, e.g. `PointerEvent`. */
  ctor: string;
  /** Where it was dispatched: the window, the document, or an element found by `path`. */
  target: 'window' | 'document' | 'element';
  /** Child-element indices from <html> down to the target. */
  path: number[];
  /**
   * The target element's local name (`button`): a hot swap delivers the input only to an
   * element of that kind at `path` (absent in recordings made before it was recorded).
   */
  node?: string;
  /** Event init values (coordinates, key, buttons, modifiers…); primitives only. */
  init: Record<string, string | number | boolean | null>;
  /** Target state to restore before dispatching: value, checked, selection, scroll offsets. */
  state?: Record<string, string | number | boolean | null>;
}

/** What one tick did; a replay compares these to catch divergence. */
export interface TickRecord {
  tick: number;
  /** Virtual time when the tick ran (ms since epoch). */
  now: number;
  kind: 'eval' | 'timer' | 'frame' | 'input';
  /** What ran, e.g. `Timeout#3`, `frame`, `click`. */
  ran: string;
  /** Random draws made during the tick. */
  draws: number;
  /** Timers created so far. */
  timers: number;
  /** Console calls so far. */
  console: number;
  /** Hash of the console output so far (its text, without stacks): a replay must log the same. */
  consoleText: number;
  /** Hash of the document body's HTML after the tick. */
  dom: number;
  /** The viewport the program saw: `width×height@devicePixelRatio`. */
  viewport: string;
  /** Hash of every running animation's name, target and currentTime after the tick. */
  animations: number;
  /** Hash of the 2D canvases' pixels (downscaled), at sampled ticks only. */
  canvas?: number;
  /** Tick 0 and environment ticks only: the environment the program was given (a replay's recorded one). */
  environment?: RunEnvironment;
  /** Those ticks, when the browser differs from `environment`: the frame's own, which CSS sees. */
  environmentHere?: RunEnvironment;
  /** The recorded input, for input ticks. */
  input?: InputRecord;
}

/** The run loop's state in the preview. */
export interface LoopState {
  mode: 'playing' | 'paused' | 'replaying';
  /** Last tick run. */
  tick: number;
  /** Virtual time (ms since epoch). */
  now: number;
  /** Virtual time the next timer or frame is due, null when nothing is pending. */
  nextDue: number | null;
  /**
   * Set once, when a live input arrived while a recording played: the recorded future after
   * this tick was left (sent before the input's tick runs, so its output comes after).
   */
  forked?: number;
  /** Set once, in the report of a hot swap's landing (ReplayTarget.swap): how it went. */
  swap?: SwapLanded;
}

/** How a hot swap went, as the preview reports it when it lands. */
export interface SwapLanded {
  /** Indices into `SwapTarget.inputs` of the inputs not delivered (target gone, never requested). */
  missed: number[];
  /** The new code threw where the old run had not: the swap stopped after this tick. */
  threw?: { tick: number; now: number };
}

// ---------------------------------------------------------------------------
// Runtime → host (over the MessagePort; untrusted)

export type RuntimeMessage =
  | { type: 'ready' }
  /** `tick`: the tick the call was made in. */
  | { type: 'console'; level: ConsoleLevel; args: SerializedValue[]; tick?: number }
  /** Several console calls in order, coalesced so a program logging in a loop does not flood the port. */
  | {
      type: 'console-batch';
      entries: { level: ConsoleLevel; args: SerializedValue[]; tick?: number }[];
    }
  /** Console calls left out by the preview's caps, between the calls before and after them. */
  | {
      type: 'console-dropped';
      /** The tick the first left-out call was made in. */
      tick: number;
      /** How many calls were left out. */
      count: number;
      /** 'tick': past the calls kept of one tick (its first and newest); 'second': past a virtual second's. */
      reason: 'tick' | 'second';
      /** The cap: calls kept at the start of a tick, or per virtual second. */
      kept: number;
      /** Set when the left-out calls were uncaught errors or rejections (capped apart from the console's). */
      errors?: true;
    }
  | {
      type: 'error';
      kind: 'uncaught' | 'unhandledrejection' | 'load';
      message: string;
      /** The thrown value, when it is not an Error. */
      value?: SerializedValue;
      frames: RawFrame[];
      /** The tick it happened in. */
      tick?: number;
    }
  /** Ticks run since the last such message, and the loop's state after them. */
  | { type: 'ticks'; records: TickRecord[]; state: LoopState }
  /** Tick 0 (top-level evaluation of the entry) finished. */
  | { type: 'evaluated' }
  /**
   * A tick after tick 0 began (not sent while replaying). Sent before the tick's code runs, so
   * when the preview then stops answering (a microtask storm), the watchdog can name the tick.
   */
  | { type: 'tick-started'; tick: number }
  /**
   * A run shortcut or Ctrl/Cmd+S pressed while the preview had focus and the program did not
   * take the key.
   */
  | { type: 'shortcut'; action: 'toggle' | 'forward' | 'back' | 'save' }
  /**
   * The program's own code (or a replay) moved keyboard focus into the preview, which the user
   * had not given it: the host takes it back (browsers block autofocus in cross-origin frames
   * for the same reason: a page must not take the keys from the one embedding it).
   */
  | { type: 'focus-taken' }
  /**
   * The size the runtime needs its frame to have: a replay reaching a recorded resize, or
   * null when the run goes live (the frame fills the preview pane again).
   */
  | { type: 'viewport'; size: Viewport | null }
  /**
   * The program is leaving its document (a form submitted without preventDefault(),
   * location.reload(), a new location): the run ends here, and the silence after it is not a hang.
   */
  | { type: 'navigated' }
  | { type: 'pong'; seq: number }
  /**
   * A probed replay's logpoint hits since the last such message, sent just before each `ticks`
   * message: once the host has a tick's report, it has every hit of that tick and before.
   */
  | {
      type: 'probe-hits';
      hits: ProbeHit[];
      /** Hits past `ProbePlan.maxHits` of a site since the last message: counted, not sent. */
      over: { site: number; count: number }[];
    }
  /** A probed replay's line runs since the last such message (sent like `probe-hits`). */
  | { type: 'line-hits'; lines: LineHitDelta[] }
  /** The answer to `globals`: the preview's global names and the console's own bindings. */
  | { type: 'globals'; seq: number; names: string[] };
