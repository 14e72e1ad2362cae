import { allowLanguageWorkers } from '../editor/language-workers';
import type { RunController } from '../run/controller';

/** Run states that end a first run's start: it has shown output, or will not. */
const SETTLED = new Set(['running', 'paused', 'error', 'build-failed', 'not-responding']);

/** Lets Monaco's language workers start once the first run has settled (see language-workers.ts). */
export function openLanguageWorkersAfterFirstRun(controller: RunController): void {
  const unsubscribe = controller.subscribe(() => {
    if (!SETTLED.has(controller.getState().status)) return;
    unsubscribe();
    allowLanguageWorkers();
  });
}
