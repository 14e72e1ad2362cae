/**
 * A hot swap on the timeline's side (docs/architecture.md, "Edit the past"): the run it starts
 * lands at the old run's moment; then the report is told (swap-report.ts) and its marks stay
 * on the timeline. A swap asked for while one still lands gives the same moment and inputs.
 */
import type { LoopState, RunEnvironment, SwapTarget, Viewport } from '../protocol';
import type { History } from './history';
import { perfMark } from './perf-marks';
import { swapReport, type EditMark } from './swap-report';
import { swapTarget } from './swap-source';

/** Where a hot-swapped run is to land, handed to Timeline.startRun. */
export interface SwapLanding {
  /** What the preview was given. */
  target: SwapTarget;
  /** The run before the edit (compared tick by tick when it lands), and the tick it stood at. */
  old: { history: History; tick: number } | null;
  /** The viewport and environment tick 0 ran with (the new run starts with them too). */
  viewport?: Viewport;
  environment?: RunEnvironment;
}

/** What a swap from the current run needs (Timeline.swapSource). */
export type SwapSource = SwapLanding;

export function createSwapLandings(
  notice: (text: string, key: string) => void,
  startTime: () => number,
) {
  let pending: SwapLanding | null = null;
  let marks: EditMark[] = [];
  return {
    /** A new run starts; a swapped one (`landing`) keeps what it was given with its history. */
    start(history: History, landing: SwapLanding | undefined) {
      marks = [];
      pending = landing ?? null;
      if (landing) history.setOrigin({ target: landing.target, landing: -1 });
    },
    /** Whether a swap is landing now. */
    landing: () => pending !== null,
    /**
     * The preview's report: once it says the swap landed, the report is told and the
     * history's origin gets its landing tick.
     */
    report(history: History, state: LoopState) {
      if (!pending || !state.swap) return;
      perfMark('playpen:landed');
      const { target, old } = pending;
      pending = null;
      const origin = history.origin();
      if (origin) origin.landing = state.tick;
      const report = swapReport({
        target,
        landed: state.swap,
        old: old && { records: old.history, tick: old.tick },
        fresh: history,
        tick: state.tick,
        nextDue: state.nextDue,
        startTime: startTime(),
      });
      marks = report.marks;
      notice(report.text, 'swap');
    },
    /** What a swap from here gives: the same as the one still landing, else the run's moment. */
    source(history: History, tick: number, now: number): SwapSource {
      if (pending) return pending;
      const viewport = history.startViewport();
      const environment = history.startEnvironment();
      return {
        target: swapTarget(history, { tick, now }),
        old: { history, tick },
        ...(viewport ? { viewport } : {}),
        ...(environment ? { environment } : {}),
      };
    },
    /** The run stopped before it landed (it hung): said, so the edit's report is never silent. */
    stopped() {
      if (!pending) return;
      const moment = ((pending.target.until - startTime()) / 1000).toFixed(2);
      notice(
        `Your edit did not reach the moment you were at (${moment} s): its run was stopped on the way there.`,
        'swap',
      );
      pending = null;
    },
    /** The report's marks (where the edit first shows, inputs not delivered). */
    marks: () => marks,
  };
}
