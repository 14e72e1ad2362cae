/**
 * How one tick runs, whatever runs it (play, step, a replay, a hot swap): a timer or frame, or
 * an input event, in the caller's real task. A tick's record (fingerprint) is taken when the
 * next tick starts (`finalize`), so it includes the microtasks the tick queued.
 */
import type { InputRecord, LoopState } from '../../protocol/index.ts';
import type { TickLoopDeps } from './tick-loop-types.ts';
import { createTickReports, type OpenTick } from './tick-reports.ts';

export type TickRunner = ReturnType<typeof createTickRunner>;

/**
 * `quiet`: the ticks replay a recording (the host knows them): they are not announced to the
 * host one by one (a hot swap's are: a hang on its way is named by its tick).
 */
export function createTickRunner(
  deps: TickLoopDeps,
  mode: () => LoopState['mode'],
  quiet: () => boolean,
) {
  const { clock } = deps;
  let tick = 0;
  // Top-level evaluation is tick 0's own code.
  let inSync = true;
  let open: OpenTick | null = null;
  /** The last finished tick's virtual time: a paused preview shows its animations then. */
  let restAt = clock.now();

  const state = (): LoopState => ({
    mode: mode(),
    tick,
    now: clock.now(),
    nextDue: clock.peek()?.at ?? null,
  });
  /** Virtual performance time of virtual time `at` (what animations and rAF see). */
  const perfAt = (at: number) => clock.perfNow() + (at - clock.now());
  /**
   * Still inside the tick's own task: a transition its style change started is paused at the
   * tick's time before a rendering could start it on the compositor's real clock.
   */
  const settleAnimations = () => {
    if (open) deps.syncAnimations(perfAt(open.now));
  };
  const reports = createTickReports(deps, state);
  const finalize = () => {
    if (!open) return;
    restAt = open.now;
    deps.syncAnimations(perfAt(open.now));
    reports.record(open);
    open = null;
  };
  /** Runs `body` as the open tick's own code; what it throws is reported as the browser would. */
  const inTick = (body: () => void) => {
    inSync = true;
    try {
      body();
    } catch (error) {
      deps.reportError(error);
    } finally {
      inSync = false;
      settleAnimations();
    }
  };
  const begin = (next: OpenTick) => {
    tick = next.tick;
    deps.tickStarted?.(tick, quiet());
    open = next;
  };

  return {
    get tick() {
      return tick;
    },
    get inSync() {
      return inSync;
    },
    state,
    perfAt,
    finalize,
    /** Sends the records so far with the loop's state (and `extra`, e.g. a fork). */
    flush(extra?: Partial<LoopState>) {
      finalize();
      reports.send(extra);
    },
    /** A playing frame's report (new records at once, a clock that only moved now and then). */
    frameReport: (realNow: number) => reports.frame(realNow),
    /** Animations shown at the last finished tick's moment (a pause, a replay's end). */
    rest: () => deps.syncAnimations(perfAt(restAt)),
    /** Tick 0, the entry's evaluation, is open (its microtasks are its own). */
    openEvaluation() {
      inSync = false;
      open = { tick: 0, now: clock.now(), kind: 'eval', ran: 'evaluate' };
    },
    /** Runs the next due timer or frame as the next tick; false when none is due. */
    runTimer(): boolean {
      finalize();
      const due = clock.peek();
      if (!due) return false;
      // Animations stand at the tick's time before its code reads or retargets them (the end
      // of the last tick, just above, found them all).
      deps.syncAnimations(perfAt(due.at), false);
      begin({
        tick: tick + 1,
        now: due.at,
        kind: due.label === 'frame' ? 'frame' : 'timer',
        ran: due.label.replace(/#\d+$/, ''),
      });
      inTick(() => clock.runNext());
      return true;
    },
    /** Runs `input` as the next tick, at its virtual time (`reach`: even with a timer due then). */
    runInput(input: InputRecord, reach = false) {
      finalize();
      clock.advanceTo(input.now, reach);
      deps.syncAnimations(perfAt(input.now), false);
      begin({ tick: tick + 1, now: clock.now(), kind: 'input', ran: input.type, input });
      inTick(() => deps.dispatchInput(input));
    },
    /** A live user event begins its tick now; its listeners run after (the browser's dispatch). */
    beginLiveInput(partial: Omit<InputRecord, 'tick' | 'now'>): InputRecord {
      finalize();
      deps.syncAnimations(clock.perfNow());
      const input: InputRecord = { ...partial, tick: tick + 1, now: clock.now() };
      begin({ tick: input.tick, now: input.now, kind: 'input', ran: input.type, input });
      return input;
    },
  };
}
