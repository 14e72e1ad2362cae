import type { HostMessage, Program, ProbePlan, ReplayTarget } from '../protocol';

/** A run as the preview starts it: the run message's parameters and which run it is. */
export interface PreviewRun {
  /** Messages are tagged with it; a stale run's are dropped by the app. */
  runId: number;
  /** Seed of the preview's random generator (fixed per run so a replay is exact). */
  seed: number;
  /** Virtual wall-clock start of the run (ms since epoch). */
  startTime: number;
  /** Set for a rebuilt preview of the same run: replay to `tick` with `inputs`, then pause. */
  replay?: ReplayTarget;
  /** Set for a probed replay (logpoints, line hits): what the instrumented modules' probes evaluate. */
  probes?: ProbePlan;
}

/** What a run message carries besides the program and the run (absent: the runtime's default). */
export interface RunOptions {
  /** The loop guard's budget as Settings give it. */
  loopBudgetMs?: number;
  /** The speed the timeline plays at. */
  speed?: number;
}

/** The message that starts `run` in a frame. */
export function runMessage(
  program: Program,
  run: PreviewRun,
  { loopBudgetMs, speed }: RunOptions = {},
): HostMessage {
  return {
    type: 'run',
    program: withoutSourceMaps(program),
    seed: run.seed,
    startTime: run.startTime,
    ...(run.replay ? { replay: run.replay } : {}),
    ...(run.probes ? { probes: run.probes } : {}),
    ...(loopBudgetMs !== undefined ? { loopBudgetMs } : {}),
    ...(speed !== undefined ? { speed } : {}),
  };
}

/** The preview never reads source maps (the host maps stacks), so they are not copied to it. */
function withoutSourceMaps(program: Program): Program {
  const modules: Program['modules'] = {};
  for (const [id, module] of Object.entries(program.modules)) {
    modules[id] = module.kind === 'js' ? { ...module, map: '' } : module;
  }
  return { ...program, modules };
}
