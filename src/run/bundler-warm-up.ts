import type { WarmUpPolicy } from './bundler-client';
import { perfMeasure } from './perf-marks';

/** The most a warm-up may take; it usually ends sooner, once builds stop getting faster. */
const BUDGET_MS = 4000;

/** The app's warm-up: once `after` settles (the first run has shown); timed for the bench. */
export function bundlerWarmUp(after: Promise<unknown>): WarmUpPolicy {
  return {
    after,
    budgetMs: BUDGET_MS,
    onDone: (result) => perfMeasure('playpen:warm-up', performance.now() - result.ms, result),
  };
}
