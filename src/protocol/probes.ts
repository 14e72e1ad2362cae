/**
 * Probes: what "Ask the past" adds to a replay's program (docs/logpoints.md). The app asks the
 * probe worker to instrument modules (logpoints and line hits), sends the instrumented program to
 * a hidden preview with `ProbePlan`, and hears back `probe-hits` and `line-hits` (runtime → host,
 * untrusted: checked by runtime-message-schema.ts). Plain types, no zod: the runtime imports them.
 */
import type { SerializedValue } from './console-values';

/** A logpoint as the user set it: kept with the project, moved with its line as the user edits. */
export interface Logpoint {
  /** Stable while the logpoint exists (React keys, the store's updates). */
  id: string;
  /** Project path of the file it is in. */
  path: string;
  /** 1-based line in that file. */
  line: number;
  /** The expression as the user typed it, e.g. `ball.x, ball.vx`. */
  expression: string;
}

// ---------------------------------------------------------------------------
// The probe worker (workers/probe.worker.ts): instruments compiled modules

/** One logpoint to place in a module: `site` is its index in the run's `ProbePlan.sites`. */
export interface LogpointSite {
  /** Index of this logpoint's spec in `ProbePlan.sites` (unique across the program). */
  site: number;
  /** 1-based line in the module's source file. */
  line: number;
  /** The expression as the user typed it. */
  expression: string;
}

/** What to instrument in one compiled module (ProgramModule of kind 'js'). */
export interface InstrumentRequest {
  /** Project path of the module. */
  path: string;
  /** The module's code as the bundler built it (a `(function (require, module, exports…) {…})`). */
  code: string;
  /** Its source map (JSON) back to the project file; `sourcesContent` holds the file as written. */
  map: string;
  /** Logpoints in this file. */
  logpoints: LogpointSite[];
  /** Also count how often each line runs (line hits): the open file's. */
  lineHits: boolean;
}

/** Where a logpoint went, or why it could not go anywhere. */
export type PlacedLogpoint =
  | {
      site: number;
      ok: true;
      /** The line the probe runs at (the requested one). */
      line: number;
      /** When it reads: before the line runs, after it ran, or at each entry of the block it opens. */
      when: 'before' | 'after' | 'entry';
      /** What the runtime evaluates at each hit. */
      spec: ProbeSpec;
    }
  | {
      site: number;
      ok: false;
      /** Plain words for the panel, e.g. "Line 4 has no code that runs" or a syntax error. */
      error: string;
    };

export interface InstrumentResult {
  /** The instrumented module (its code ends in a fresh inline source map, like the bundler's). */
  code: string;
  /** Its source map (JSON), still pointing at the project file. */
  map: string;
  /** One entry per requested logpoint, in request order. */
  logpoints: PlacedLogpoint[];
  /** With `lineHits`: the 1-based lines that got a counter; counter i counts `lines[i]`. */
  lines: number[];
}

/** The probe worker's comlink API. */
export interface ProbeWorkerApi {
  instrument(request: InstrumentRequest): InstrumentResult | Promise<InstrumentResult>;
  /** The expression a new logpoint on this line starts with (the names the line assigns or reads). */
  defaultExpression(lineText: string): string | Promise<string>;
}

// ---------------------------------------------------------------------------
// Host → runtime: what the probes of a run evaluate (`run` message, `probes`)

/**
 * A logpoint expression, parsed once by the probe worker. The runtime evaluates it without
 * running the program's code: properties are read through descriptors (a getter that is not the
 * platform's own is never called), operators apply to primitives only, and calls only to a fixed
 * list of pure built-ins (runtime/probe/). Anything else is refused when it is parsed.
 */
export type ProbeExpr =
  | { k: 'lit'; v: string | number | boolean | null }
  | { k: 'bigint'; v: string }
  | { k: 'regexp'; pattern: string; flags: string }
  /** A variable: `slot` is its index in the site's reader when it is the program's own binding; absent, a global. */
  | { k: 'name'; name: string; slot?: number }
  | { k: 'this'; slot: number }
  /** `obj.key` / `obj[key]` (`computed`), `?.` when `optional`. */
  | { k: 'get'; obj: ProbeExpr; key: ProbeExpr; computed: boolean; optional: boolean }
  | { k: 'unary'; op: '!' | '-' | '+' | '~' | 'typeof' | 'void'; arg: ProbeExpr }
  | { k: 'binary'; op: string; left: ProbeExpr; right: ProbeExpr }
  | { k: 'logical'; op: '&&' | '||' | '??'; left: ProbeExpr; right: ProbeExpr }
  | { k: 'cond'; test: ProbeExpr; then: ProbeExpr; else: ProbeExpr }
  | { k: 'array'; items: ProbeExpr[] }
  | { k: 'object'; entries: [string, ProbeExpr][] }
  | { k: 'template'; quasis: string[]; exprs: ProbeExpr[] }
  /** A call: the runtime runs it only when the callee is one of its pure built-ins. */
  | { k: 'call'; callee: ProbeExpr; args: ProbeExpr[]; optional: boolean };

/** What one logpoint evaluates at each hit. */
export interface ProbeSpec {
  /** The values shown, each with its source text (`ball.x, ball.vx` gives two). */
  values: { label: string; expr: ProbeExpr }[];
  /** The names the site's reader returns by slot (`this` included), for messages. */
  slots: string[];
}

/** The probes of one run: sent with the `run` message of a probed replay. */
export interface ProbePlan {
  /** Logpoint specs by site (a placed logpoint's `site`); null where the logpoint was not placed. */
  sites: (ProbeSpec | null)[];
  /** How many line-hit counters the instrumented modules use (0: none). */
  lines: number;
  /** Most hits sent per site with their values; later hits are only counted. */
  maxHits: number;
}

// ---------------------------------------------------------------------------
// Runtime → host (untrusted)

/** A value a logpoint read, or why it has none. */
export type ProbeValue =
  | SerializedValue
  /**
   * Reading it would have run the program's code (a getter, a Proxy trap, valueOf…): not read;
   * or past the run's value budget: not kept. `why` says which, in plain words.
   */
  | { t: 'unread'; why: string }
  /** Evaluating it threw (a ReferenceError, reading a property of undefined). */
  | { t: 'thrown'; text: string };

/** One time a logpoint's line ran. */
export interface ProbeHit {
  /** Site of the logpoint (`ProbePlan.sites` index). */
  site: number;
  /** The tick it ran in. */
  tick: number;
  /** Virtual time (ms since epoch). */
  now: number;
  /** Frames of the program's own modules on the stack (1: called from a module's top level or a tick's callback). */
  depth: number;
  /** One per `ProbeSpec.values`. */
  values: ProbeValue[];
}

/** New runs of counted lines since the last `line-hits` message. */
export interface LineHitDelta {
  /** Counter index (`InstrumentResult.lines` index). */
  i: number;
  /** Runs since the last message. */
  runs: number;
  /** Ticks it ran in since the last message, ascending, each once. */
  ticks: number[];
}

/** Most hits a logpoint keeps with values (the panel says so when a run has more). */
export const MAX_PROBE_HITS = 20_000;

// ---------------------------------------------------------------------------
// Bounds of the probe messages: the runtime keeps to them, the host's schema refuses more.

/** How a hit's values are serialised (as the console's serialize.ts, smaller). */
export const PROBE_VALUE_LIMITS = {
  /** Objects nested deeper than this are stubs. */
  maxDepth: 3,
  /** Entries per object, array, Map or Set. */
  maxEntries: 50,
  /** Characters per string, key or name. */
  maxString: 1_000,
} as const;
/** Most values one logpoint shows per hit (`a, b, c`): the runtime evaluates no more. */
export const MAX_PROBE_VALUES = 20;
/** Most logpoint sites a plan has: sites past it are never reported. */
export const MAX_PROBE_SITES = 10_000;
/** Most line-hit counters a plan has: counters past it count nothing. */
export const MAX_LINE_COUNTERS = 100_000;
/**
 * Most hits one `probe-hits` message carries (more go in several, all before the `ticks`). The
 * app checks each message in one task, and the check's first runs are cold: 1,000 hits took
 * 57 ms there (a long task), 250 take a quarter.
 */
export const PROBE_HITS_PER_MESSAGE = 250;
/** Most tick notes (the `ticks` of all its lines) one `line-hits` message carries. */
export const LINE_TICKS_PER_MESSAGE = 10_000;
/**
 * Most objects and arrays in one `probe-hits` message, counted as a tree. The runtime sends a
 * message once its values reach about 250 kB (far fewer objects); the host refuses more before
 * walking it.
 */
export const MAX_PROBE_MESSAGE_NODES = 100_000;
/** Deepest call depth a hit reports: deeper stacks are not walked further. */
export const MAX_PROBE_DEPTH = 200;
