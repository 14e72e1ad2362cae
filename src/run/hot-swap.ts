/**
 * Edit the past (docs/architecture.md, "Edit the past"): a program changed while its run is
 * paused starts as a hot swap, a new run with the same seed, start time, viewport and
 * environment, given the old run's inputs by virtual time, that lands paused at the same
 * moment. Asked by the run controller after each good build (`takeRecording`), like a shared
 * run's recording; the timeline says what changed when it lands (swap-landing.ts).
 */
import type { RecordedStart, RunInfo } from './controller-types';
import type { SwapLanding } from './swap-landing';
import type { Timeline } from './timeline-types';

export interface HotSwapDeps {
  /** The current run's timeline: where it is paused and what it recorded. */
  timeline: Pick<Timeline, 'swapSource'>;
  /** The current run and which load of the project it ran (another project never swaps). */
  current(): { run: RunInfo; loads: number } | null;
  /** Settings › "Keep my place when I edit while paused". */
  enabled(): boolean;
}

export interface HotSwap {
  /**
   * After a good build of load `loads` of the project: the swap to start instead of a fresh
   * run, or undefined (a run from start was asked for, the setting is off, nothing is paused,
   * another project was opened).
   */
  take(fresh: boolean, loads: number): RecordedStart | undefined;
  /** A run started: where its timeline lands when it is the swap `take` gave. */
  started(run: RunInfo): SwapLanding | undefined;
}

export function createHotSwap(deps: HotSwapDeps): HotSwap {
  let next: { landing: SwapLanding; start: RecordedStart } | undefined;
  return {
    take(fresh, loads) {
      next = undefined;
      const current = deps.current();
      if (fresh || !deps.enabled() || !current || current.loads !== loads) return undefined;
      const landing = deps.timeline.swapSource();
      if (!landing) return undefined;
      const { target, viewport, environment } = landing;
      const start: RecordedStart = {
        seed: current.run.seed,
        startTime: current.run.startTime,
        replay: {
          tick: landing.old?.tick ?? 0,
          inputs: [],
          ...(viewport ? { viewport } : {}),
          ...(environment ? { environment } : {}),
          swap: target,
        },
      };
      next = { landing, start };
      return start;
    },
    started(run) {
      const landing =
        next && run.replay?.swap === next.start.replay.swap ? next.landing : undefined;
      next = undefined;
      return landing;
    },
  };
}
