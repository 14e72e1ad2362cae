/**
 * A run's program with probes added (docs/logpoints.md): each file with a logpoint, and the file
 * whose lines are counted, instrumented by the probe worker; every other module as it was.
 */
import type {
  InstrumentRequest,
  InstrumentResult,
  Logpoint,
  LogpointSite,
  ProbePlan,
  Program,
} from '../protocol';
import { MAX_PROBE_HITS } from '../protocol';

/** What to probe in a run. */
export interface ProbeRequest {
  /** Logpoints to place (each gets a site). */
  logpoints: readonly Logpoint[];
  /** The file whose every line is counted (line hits), or null. */
  lineHits: string | null;
}

/** Where a logpoint went in the probed program, or why it could not go anywhere. */
export type Placement =
  { ok: true; site: number; when: 'before' | 'after' | 'entry' } | { ok: false; error: string };

export interface ProbedProgram {
  program: Program;
  plan: ProbePlan;
  /** By logpoint id. */
  placed: Map<string, Placement>;
  /** Logpoint id of each site. */
  sites: string[];
  /** With line hits: the 1-based line each counter counts. */
  lines: number[];
}

export type Instrument = (request: InstrumentRequest) => Promise<InstrumentResult>;

export async function probedProgram(
  program: Program,
  request: ProbeRequest,
  instrument: Instrument,
): Promise<ProbedProgram> {
  const placed = new Map<string, Placement>();
  const sites: string[] = [];
  const byPath = new Map<string, LogpointSite[]>();
  for (const logpoint of request.logpoints) {
    const module = program.modules[logpoint.path];
    if (!module) {
      placed.set(logpoint.id, { ok: false, error: notInRun(logpoint.path) });
      continue;
    }
    if (module.kind !== 'js') {
      placed.set(logpoint.id, { ok: false, error: 'Logpoints go in scripts (JS, TS, JSX, TSX).' });
      continue;
    }
    const site = sites.push(logpoint.id) - 1;
    const list = byPath.get(logpoint.path) ?? [];
    list.push({ site, line: logpoint.line, expression: logpoint.expression });
    byPath.set(logpoint.path, list);
  }
  const counted = request.lineHits;
  const countedModule = counted ? program.modules[counted] : undefined;
  if (counted && countedModule?.kind === 'js' && !byPath.has(counted)) byPath.set(counted, []);

  const specs: ProbePlan['sites'] = sites.map(() => null);
  const modules = { ...program.modules };
  let lines: number[] = [];
  await Promise.all(
    [...byPath].map(async ([path, logpoints]) => {
      const module = program.modules[path];
      if (module?.kind !== 'js') return;
      const result = await instrument({
        path,
        code: module.code,
        map: module.map,
        logpoints,
        lineHits: path === counted,
      });
      modules[path] = { ...module, code: result.code, map: result.map };
      if (path === counted) lines = result.lines;
      for (const one of result.logpoints) {
        const id = sites[one.site];
        if (id === undefined) continue;
        if (one.ok) {
          specs[one.site] = one.spec;
          placed.set(id, { ok: true, site: one.site, when: one.when });
        } else placed.set(id, { ok: false, error: one.error });
      }
    }),
  );
  return {
    program: { ...program, modules },
    plan: { sites: specs, lines: lines.length, maxHits: MAX_PROBE_HITS },
    placed,
    sites,
    lines,
  };
}

const notInRun = (path: string) =>
  `${path} is not part of this run: nothing the entry imports reaches it.`;
