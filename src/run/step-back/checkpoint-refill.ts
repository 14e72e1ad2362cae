/**
 * Keeps step-back checkpoints (parked previews at spaced ticks before the current one,
 * checkpoint-plan.ts) filled while the run is paused, and hands the best one to a step back.
 * Parked previews report asynchronously, so the refill looks again every POLL_MS while one is
 * on its way; the clock is injected so tests drive it without waiting.
 */
import type { Program } from '../../protocol';
import type { RunInfo } from '../controller';
import type { Timeline } from '../timeline';
import {
  assignCheckpoints,
  checkpointTicks,
  chooseCheckpoint,
  NEAR_EXTRA,
  nextRefill,
} from './checkpoint-plan';
import type { ParkedPreviews } from './parked-previews';

/** Timers and time for the refill's polling (the browser's, or a fake clock in tests). */
export interface RefillClock {
  /** Milliseconds from any fixed origin (only differences are used). */
  now(): number;
  /** Schedules `callback` after `ms`; returns a handle for clearTimeout. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a callback scheduled by setTimeout. */
  clearTimeout(handle: unknown): void;
}

export interface CheckpointRefillDeps {
  /** The parked previews, once the preview pane is mounted. */
  getParked(): ParkedPreviews | null;
  /** The run's timeline: checkpoints follow its pauses, and replays need its inputs. */
  timeline: Pick<
    Timeline,
    'getState' | 'subscribe' | 'inputsUpTo' | 'startViewport' | 'startEnvironment'
  >;
  /** Program and run info of the current run (what a checkpoint replays). */
  getCurrent(): { program: Program; run: RunInfo } | null;
  /** How many checkpoints to keep (settings; 0 = none). */
  getCount(): number;
  /** Defaults to the browser's timers and performance.now(). */
  clock?: RefillClock;
}

export interface CheckpointRefill {
  /**
   * Swaps in the checkpoint to rebuild `tick` from and returns its run and the tick it will
   * rest at (at most `tick`), or null when none will do (replay from tick 0 instead).
   */
  take(tick: number): { run: RunInfo; at: number } | null;
  /** Drops every checkpoint (the run stopped, the preview pane went away). */
  drop(): void;
  /** Stops following the timeline and polling. */
  dispose(): void;
}

/** How often the refill looks again while a parked preview is on its way. */
export const POLL_MS = 15;
/** A parked preview still not there after this long is dropped (a replay takes ~0.3 ms a tick). */
export const STUCK_MS = 20_000;

const browserClock: RefillClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Where the checkpoints go: the setting's count on the grid, and (unless it asks for the
 * standby alone) NEAR_EXTRA more just behind the current tick, for steps back in a row. At
 * most count + NEAR_EXTRA hidden previews are parked (6 by default, 10 at the setting's 8).
 */
export function plannedTicks(tick: number, count: number, first: number): number[] {
  const extra = count > 1 ? NEAR_EXTRA : 0;
  return checkpointTicks(tick, count + extra, first, 1 + extra);
}

export function createCheckpointRefill(deps: CheckpointRefillDeps): CheckpointRefill {
  const { timeline } = deps;
  const clock = deps.clock ?? browserClock;
  // Hidden previews replayed to spaced ticks before the current one (checkpoints).
  let parked: { tick: number; run: RunInfo }[] = [];
  const drop = (run?: RunInfo) => {
    deps.getParked()?.drop(run);
    parked = run ? parked.filter((p) => p.run !== run) : [];
  };

  /** The future the parked previews belong to: after a fork or a restore they are of another. */
  let future = -1;
  const unsubscribe = timeline.subscribe(() => {
    const t = timeline.getState();
    const current = deps.getCurrent();
    const previews = deps.getParked();
    if (!previews || !current) return;
    const count = t.active ? deps.getCount() : 0;
    const otherFuture = t.futureId !== future;
    future = t.futureId;
    if (parked.some((p) => p.run.runId !== current.run.runId) || count === 0 || otherFuture) {
      if (parked.length) drop();
      if (count === 0 || !otherFuture) return;
    }
    // Park only while paused: while playing or replaying the ticks move on.
    if (t.mode !== 'paused') return;
    refill();
  });

  // One refill step at a time (see nextRefill); polled while a parked preview is on its way.
  let timer: unknown = null;
  /** When the parked preview being waited on started its move, to give up on a stuck one. */
  let busySince: { run: RunInfo; at: number } | null = null;
  const refill = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const t = timeline.getState();
    const current = deps.getCurrent();
    const previews = deps.getParked();
    const count = t.active ? deps.getCount() : 0;
    if (!previews || !current || count === 0 || t.mode !== 'paused') return;
    const wanted = plannedTicks(t.tick, count, t.firstTick);
    for (const p of assignCheckpoints(wanted, parked).drop) drop(p.run);
    const reached = parked.map((p) => ({ ...p, reached: previews.reached(p.run) }));
    const busy = reached.find((p) => p.reached < p.tick);
    if (busy) {
      if (busySince?.run !== busy.run) busySince = { run: busy.run, at: clock.now() };
      // A parked preview that never gets there (it failed to start) is replaced.
      if (clock.now() - busySince.at > STUCK_MS) drop(busy.run);
      timer = clock.setTimeout(refill, POLL_MS);
      return;
    }
    busySince = null;
    const step = nextRefill(assignCheckpoints(wanted, reached), reached);
    if (!step) return;
    if ('move' in step) {
      const p = parked.find((q) => q.run === step.move.run)!;
      p.tick = step.to;
      previews.advance(p.run, step.to, timeline.inputsUpTo(step.to));
    } else {
      const tick = step.park;
      const viewport = timeline.startViewport();
      const environment = timeline.startEnvironment();
      const replay = {
        tick,
        inputs: timeline.inputsUpTo(tick),
        ...(viewport ? { viewport } : {}),
        ...(environment ? { environment } : {}),
      };
      const run: RunInfo = { ...current.run, replay };
      parked.push({ tick, run });
      previews.park(current.program, run);
    }
    timer = clock.setTimeout(refill, POLL_MS);
  };

  return {
    take(tick) {
      const previews = deps.getParked();
      if (!previews) return null;
      const reached = parked.map((p) => ({ ...p, reached: previews.reached(p.run) }));
      const from = chooseCheckpoint(tick, reached);
      const at = from ? previews.promote(from.run) : null;
      if (!from || at === null) return null;
      parked = parked.filter((p) => p.run !== from.run);
      return { run: from.run, at };
    },
    drop: () => drop(),
    dispose() {
      unsubscribe();
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
