import type { HostMessage, Program } from '../protocol';
import type { PreviewRun } from './preview-host';

/** The message that starts `run` in a frame; `loopBudgetMs` as Settings give it (absent: the default). */
export function runMessage(program: Program, run: PreviewRun, loopBudgetMs?: number): HostMessage {
  return {
    type: 'run',
    program: withoutSourceMaps(program),
    seed: run.seed,
    startTime: run.startTime,
    ...(run.replay ? { replay: run.replay } : {}),
    ...(loopBudgetMs !== undefined ? { loopBudgetMs } : {}),
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
