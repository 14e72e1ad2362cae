import type { Diagnostic } from '../protocol';
import type { ProblemsStore } from './problems-store';

/** What the Problems list reads of the run controller's state. */
export interface RunSnapshot {
  /** Diagnostics of the latest finished build (the same array while they stay the same). */
  diagnostics: readonly Diagnostic[];
  /** Increases with every started run. */
  runId: number;
}

/**
 * Keeps the Problems list in step with the runs: each finished build replaces the build
 * problems, and each new run drops the last run's uncaught errors and its overlay. A failed
 * build starts no run, so the errors of the run still on screen stay. Returns the way to stop.
 */
export function followRuns(
  problems: ProblemsStore,
  runs: { getState(): RunSnapshot; subscribe(fn: () => void): () => void },
): () => void {
  let last = runs.getState();
  problems.setBuild(last.diagnostics);
  return runs.subscribe(() => {
    const now = runs.getState();
    if (now.diagnostics !== last.diagnostics) problems.setBuild(now.diagnostics);
    if (now.runId !== last.runId) problems.clearRuntime();
    last = now;
  });
}
