import type { HostMessage, Program } from '../protocol';
import type { PreviewRun } from './preview-host';

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
