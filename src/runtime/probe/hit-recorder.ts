/**
 * The logpoint half of the probe: `__ppProbe.p(site, read)` evaluates the site's values at each
 * hit and keeps the hit (tick, virtual now, call depth, values) until the runtime sends it, in
 * a `probe-hits` message just before its next `ticks` (flush), or earlier once enough are
 * waiting. Past `maxHits` hits of a site, hits are only counted (`over`). Values are serialised
 * as the console does, smaller (PROBE_VALUE_LIMITS), and the run keeps VALUE_BUDGET of them:
 * past it a hit still comes, its values marked not kept.
 */
import {
  PROBE_HITS_PER_MESSAGE,
  PROBE_VALUE_LIMITS,
  type ProbeHit,
  type ProbeValue,
  type RuntimeMessage,
} from '../../protocol/index.ts';
import { append } from '../intrinsics.ts';
import { serializeMeasured, SIZE_OF_VALUE, type SerializeOptions } from '../serialize.ts';
import { FAIL, SHORT, type EvalContext, type Node } from './eval-context.ts';

/** One placed logpoint, compiled (index.ts). */
export interface CompiledSite {
  /** One node per value shown. */
  values: Node[];
  /** The reader's slots this site's nodes use. */
  slots: number;
}

export interface HitRecorderDeps {
  /** By site index; null where the logpoint was not placed. */
  sites: readonly (CompiledSite | null)[];
  /** Hits sent with values per site; later ones are counted. */
  maxHits: number;
  tick(): number;
  /** Virtual time (ms since epoch). */
  now(): number;
  /** Frames of the program's modules on the stack (call-depth.ts). */
  depth(): number;
  send(message: RuntimeMessage): void;
  /** Value size the run keeps (SerializeOptions.maxSize units, about bytes); default VALUE_BUDGET. */
  budget?: number;
}

export interface HitRecorder {
  /** `__ppProbe.p`: the site's line ran; `read(k)` gives slot k's binding. */
  hit(site: number, read: (k: number) => unknown): void;
  /** Sends the hits and counts waiting (before each `ticks`). */
  flush(): void;
}

/** Value size a run keeps: 20,000 hits of small values fit many times over. */
export const VALUE_BUDGET = 50_000_000;
/** Value size per message before it is sent early: as PROBE_HITS_PER_MESSAGE, one task's check. */
const MESSAGE_SIZE = 250_000;
/** One value, serialised. */
const VALUE_OPTIONS: SerializeOptions = {
  ...PROBE_VALUE_LIMITS,
  maxNodes: 500,
  maxSize: 16_000,
  errorStacks: false,
};
const NOT_KEPT: ProbeValue = {
  t: 'unread',
  why: 'Not kept: Playpen keeps about 50 MB of logpoint values per run, and this run has used them',
};

export function createHitRecorder(deps: HitRecorderDeps): HitRecorder {
  const { sites } = deps;
  const counts = new Float64Array(sites.length);
  const over = new Float64Array(sites.length);
  /** Sites with hits counted in `over` since the last message, in first-counted order. */
  let overSites: number[] = [];
  let pending: ProbeHit[] = [];
  let pendingSize = 0;
  let budget = deps.budget ?? VALUE_BUDGET;

  const send = () => {
    if (pending.length === 0 && overSites.length === 0) return;
    const overList: { site: number; count: number }[] = [];
    for (let i = 0; i < overSites.length; i++) {
      const site = overSites[i]!;
      append(overList, { site, count: over[site]! });
      over[site] = 0;
    }
    const hits = pending;
    pending = [];
    pendingSize = 0;
    overSites = [];
    deps.send({ type: 'probe-hits', hits, over: overList });
  };

  const evaluate = (site: CompiledSite, read: (k: number) => unknown): ProbeValue[] => {
    const c: EvalContext = { read, slots: [], state: new Uint8Array(site.slots), failure: null };
    const values: ProbeValue[] = [];
    for (let i = 0; i < site.values.length; i++) {
      c.failure = null;
      let v = site.values[i]!(c);
      if (v === SHORT) v = undefined;
      if (v === FAIL) {
        append(values, c.failure ?? { t: 'unread', why: 'Not read' });
        pendingSize += SIZE_OF_VALUE;
        continue;
      }
      if (budget <= 0) {
        append(values, NOT_KEPT);
        continue;
      }
      const { value, size } = serializeMeasured(v, VALUE_OPTIONS);
      budget -= size;
      pendingSize += size;
      append(values, value);
    }
    return values;
  };

  return {
    hit(site, read) {
      if (!(site >= 0 && site < sites.length)) return;
      const compiled = sites[site];
      if (!compiled) return;
      if (counts[site]! >= deps.maxHits) {
        const counted = over[site]!;
        over[site] = counted + 1;
        if (counted === 0) append(overSites, site);
        return;
      }
      counts[site] = counts[site]! + 1;
      // The program's code never sees a failure of the probe's own.
      try {
        const tick = deps.tick();
        const now = deps.now();
        const depth = deps.depth();
        const values = evaluate(compiled, read);
        append(pending, { site, tick, now, depth, values });
        pendingSize += SIZE_OF_VALUE;
      } catch {
        return;
      }
      if (pending.length >= PROBE_HITS_PER_MESSAGE || pendingSize >= MESSAGE_SIZE) send();
    },
    flush: send,
  };
}
