/**
 * The probe of a probed replay (docs/logpoints.md): the object the instrumented modules reach
 * as their `__ppProbe` parameter. `p(site, read)` is a logpoint's hit (hit-recorder.ts), `l(i)`
 * a line-hit counter (line-counters.ts). The plan is compiled when the run starts, before the
 * program's code; a run without probes gets NO_PROBE, whose methods do nothing.
 */
import {
  MAX_LINE_COUNTERS,
  MAX_PROBE_HITS,
  MAX_PROBE_SITES,
  MAX_PROBE_VALUES,
  type ProbePlan,
  type RuntimeMessage,
} from '../../protocol/index.ts';
import { append, freeze, mathFloor, mathMin } from '../intrinsics.ts';
import { callDepth } from './call-depth.ts';
import { compile, type CompileEnv } from './compile.ts';
import type { Node } from './eval-context.ts';
import { createHitRecorder, type CompiledSite } from './hit-recorder.ts';
import { createLineCounters } from './line-counters.ts';

/** What an instrumented module calls (its last parameter). */
export interface ModuleProbe {
  /** A logpoint's line ran: `read(k)` returns slot k of the site's spec. */
  p(site: number, read: (k: number) => unknown): void;
  /** Line-hit counter `i` ran. */
  l(i: number): void;
}

/** A run's probe: the modules' object, and the runtime's side of it. */
export interface RunProbe {
  module: ModuleProbe;
  /** The tick loop began a tick (its `tickStarted`). */
  startTick(tick: number): void;
  /** Sends the waiting `probe-hits` and `line-hits` (just before each `ticks` message). */
  flush(): void;
}

export interface ProbeDeps {
  /** Where a logpoint reads globals: the preview's window. */
  global: object;
  /** Virtual time (ms since epoch), read at each hit. */
  now(): number;
  /** Posts a message to the host (after the console output waiting before it). */
  send(message: RuntimeMessage): void;
  /** Frames of the program's modules on the stack; default call-depth.ts's. */
  depth?: () => number;
}

const nothing = () => {};
/** The probe of a run without probes: instrumented modules may still call it. */
export const NO_PROBE: ModuleProbe = freeze({ __proto__: null, p: nothing, l: nothing });

export function createProbe(plan: ProbePlan, deps: ProbeDeps): RunProbe {
  let tick = 0;
  const sites = compileSites(plan, deps.global);
  const recorder = createHitRecorder({
    sites,
    maxHits: clampCount(plan.maxHits, MAX_PROBE_HITS),
    tick: () => tick,
    now: deps.now,
    depth: deps.depth ?? callDepth,
    send: deps.send,
  });
  const lines = createLineCounters(clampCount(plan.lines, MAX_LINE_COUNTERS), deps.send);
  // No prototype: `__ppProbe.p` must not find a `p` the program put on Object.prototype.
  const module: ModuleProbe = freeze({
    __proto__: null,
    p: (site: number, read: (k: number) => unknown) => recorder.hit(site, read),
    l: lines.count,
  });
  return {
    module,
    startTick(t) {
      tick = t;
      lines.startTick(t);
    },
    flush() {
      recorder.flush();
      lines.flush();
    },
  };
}

function compileSites(plan: ProbePlan, global: object): (CompiledSite | null)[] {
  const out: (CompiledSite | null)[] = [];
  const specs = plan.sites;
  const n = clampCount(specs.length, MAX_PROBE_SITES);
  for (let s = 0; s < n; s++) {
    const spec = specs[s];
    if (!spec) {
      append(out, null);
      continue;
    }
    const env: CompileEnv = { global, slots: 0 };
    const values: Node[] = [];
    const count = mathMin(spec.values.length, MAX_PROBE_VALUES);
    for (let v = 0; v < count; v++) append(values, compile(spec.values[v]!.expr, env));
    append(out, { values, slots: env.slots });
  }
  return out;
}

/** A count from the host, as a whole number in [0, max]. */
function clampCount(v: unknown, max: number): number {
  return typeof v === 'number' && v > 0 ? mathMin(mathFloor(v), max) : 0;
}
