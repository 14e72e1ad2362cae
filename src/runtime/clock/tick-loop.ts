/**
 * The run loop inside the preview (docs/architecture.md, "The run loop"). Tick 0 is the entry's evaluation; every
 * later tick is one timer, one frame or one input event, each run in its own real task (a
 * real MessageChannel hop) so microtasks drain between ticks. A tick's record (fingerprint)
 * is taken when the next tick starts, so it includes the microtasks the tick queued.
 */
import type { InputRecord, LoopState } from '../../protocol/index.ts';
import type { TickLoop, TickLoopDeps } from './tick-loop-types.ts';
import { createTickReports, type OpenTick } from './tick-reports.ts';
import { createPlayPace, FRAME_BUDGET_MS } from './play-pace.ts';

export type { TickLoop, TickLoopDeps } from './tick-loop-types.ts';

export function createTickLoop(deps: TickLoopDeps): TickLoop {
  const { clock } = deps;
  let tick = 0;
  let mode: LoopState['mode'] = 'paused';
  const pace = createPlayPace(deps.speed ?? 1);
  // Top-level evaluation is tick 0's own code.
  let inSync = true;
  let open: OpenTick | null = null;
  /** The last finished tick's virtual time: a paused preview shows its animations then. */
  let restAt = clock.now();
  let pumping = false;
  let framing = false;
  let replayTo = 0;
  let replayInputs = new Map<number, InputRecord>();
  /** A recording being played (Play from a past tick): its inputs by tick, and its end. */
  let recorded: { until: number; inputs: Map<number, InputRecord> } | null = null;

  const state = (): LoopState => ({
    mode,
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
  const flush = () => {
    finalize();
    reports.send();
  };

  const runTimerTick = () => {
    finalize();
    const due = clock.peek();
    if (!due) return;
    // Animations stand at the tick's time before its code reads or retargets them (the end
    // of the last tick, just above, found them all).
    deps.syncAnimations(perfAt(due.at), false);
    tick++;
    deps.tickStarted?.(tick, mode === 'replaying');
    open = {
      tick,
      now: due.at,
      kind: due.label === 'frame' ? 'frame' : 'timer',
      ran: due.label.replace(/#\d+$/, ''),
    };
    inSync = true;
    try {
      clock.runNext();
    } catch (error) {
      deps.reportError(error);
    } finally {
      inSync = false;
      settleAnimations();
    }
  };

  const runInputTick = (input: InputRecord) => {
    finalize();
    clock.advanceTo(input.now);
    deps.syncAnimations(perfAt(input.now), false);
    tick++;
    deps.tickStarted?.(tick, mode === 'replaying');
    open = { tick, now: clock.now(), kind: 'input', ran: input.type, input };
    inSync = true;
    try {
      deps.dispatchInput(input);
    } catch (error) {
      deps.reportError(error);
    } finally {
      inSync = false;
      settleAnimations();
    }
  };

  /** Live: a viewport or environment the run has not seen is a tick of its own, run first. */
  const runLiveResize = (): boolean => {
    const change = deps.liveChange?.();
    if (change) runInputTick({ ...change, tick: tick + 1, now: clock.now() });
    return Boolean(change);
  };
  /**
   * Before a live input's tick (a click, a console evaluation): it reads the frame as it is
   * now, so a resize since the last tick (the window resized while paused, or within the
   * frame before a click) is recorded first, or its replay would run it at the old size.
   */
  const runLiveResizeBeforeInput = () => {
    if (runLiveResize()) finalize();
  };

  // Playing: virtual time follows real time × speed; ticks run one per hop within a budget.
  const pump = () => {
    if (pumping) return;
    pumping = true;
    const deadline = deps.realNow() + FRAME_BUDGET_MS;
    const next = () => {
      finalize();
      if (mode !== 'playing') {
        pumping = false;
        return;
      }
      if (recorded && tick >= recorded.until) {
        recorded = null; // the recording's end: live, the frame fills the pane again
        deps.viewport?.goLive();
      }
      const input = recorded?.inputs.get(tick + 1);
      // A recorded resize: the frame takes the recorded size first (pump goes on after).
      if (input && deps.viewport?.resizeTo(input, pump)) {
        pumping = false;
        return;
      }
      if (!recorded && runLiveResize()) return deps.hop(next);
      // A recorded input is the next tick: it waits for its virtual time (no timer runs first).
      const due = input ? { at: input.now } : clock.peek();
      if (due && due.at <= pace.target()) {
        if (deps.realNow() > deadline) {
          pace.fallBehind(); // slow motion
          pumping = false;
          return;
        }
        if (input) runInputTick(input);
        else runTimerTick();
        deps.hop(next);
        return;
      }
      pace.caughtUp();
      clock.advanceTo(Math.floor(input ? Math.min(pace.target(), input.now) : pace.target()));
      deps.syncAnimations(clock.perfNow());
      pumping = false;
    };
    deps.hop(next);
  };
  const onFrame = (realNow: number) => {
    framing = false;
    if (mode !== 'playing') return;
    pace.frame(realNow);
    finalize();
    reports.frame(realNow);
    pump();
    framing = true;
    deps.frame(onFrame);
  };

  const replayNext = () => {
    finalize();
    if (mode !== 'replaying') return;
    if (tick >= replayTo) {
      mode = 'paused';
      flush();
      return;
    }
    const input = replayInputs.get(tick + 1);
    // A recorded resize: the frame takes the recorded size first (the replay goes on after).
    if (input && deps.viewport?.resizeTo(input, replayNext)) return;
    if (input) runInputTick(input);
    else if (clock.peek()) runTimerTick();
    else {
      // Nothing left to run: the recorded ticks cannot be reached (the host reports it).
      mode = 'paused';
      flush();
      return;
    }
    deps.hop(replayNext);
  };

  // A live input (a click, a console evaluation) while a recording plays leaves the recorded
  // future: the host hears of it before anything of the new tick (it keeps that future).
  // The run is live from here: a frame kept at the recording's size fills the pane again (its
  // new size is a resize tick before the next live one, runLiveResize).
  const leaveRecording = () => {
    if (recorded !== null && tick < recorded.until) reports.send({ forked: tick });
    if (recorded !== null) deps.viewport?.goLive();
    recorded = null;
  };
  return {
    get tick() {
      return tick;
    },
    get mode() {
      return mode;
    },
    get inSync() {
      return inSync;
    },
    get playingRecording() {
      return mode === 'playing' && recorded !== null && tick < recorded.until;
    },
    evaluated(replay) {
      inSync = false;
      open = { tick: 0, now: clock.now(), kind: 'eval', ran: 'evaluate' };
      // The entry's microtasks belong to tick 0: record after a hop.
      deps.hop(() => {
        finalize();
        if (replay) this.runUntil(replay.tick, replay.inputs);
        else this.play(pace.speed());
      });
    },
    play(newSpeed, recording) {
      pace.setSpeed(newSpeed);
      if (mode === 'replaying') return;
      if (mode !== 'playing') {
        recorded =
          recording && recording.until > tick
            ? { until: recording.until, inputs: new Map(recording.inputs.map((i) => [i.tick, i])) }
            : null;
        mode = 'playing';
        if (!recorded) deps.viewport?.goLive();
        pace.start(clock.now(), deps.realNow());
      }
      flush();
      if (!framing) {
        framing = true;
        deps.frame(onFrame);
      }
    },
    pause() {
      if (mode === 'replaying') return;
      mode = 'paused';
      recorded = null;
      flush();
      // Paused at a tick shows that tick's moment, as a replay to it (step back, seek) will.
      deps.syncAnimations(perfAt(restAt));
    },
    step() {
      if (mode === 'replaying') return;
      mode = 'paused';
      finalize();
      deps.viewport?.goLive();
      if (!runLiveResize() && clock.peek()) runTimerTick();
      deps.hop(flush);
    },
    runUntil(to, inputs) {
      replayTo = to;
      replayInputs = new Map(inputs.map((i) => [i.tick, i]));
      mode = 'replaying';
      deps.hop(replayNext);
    },
    beginInput(partial) {
      finalize();
      leaveRecording();
      runLiveResizeBeforeInput();
      deps.syncAnimations(clock.perfNow());
      tick++;
      deps.tickStarted?.(tick, mode === 'replaying');
      const input: InputRecord = { ...partial, tick, now: clock.now() };
      open = { tick, now: input.now, kind: 'input', ran: input.type, input };
      return input;
    },
    runInput(partial) {
      if (mode === 'replaying') return null;
      finalize();
      leaveRecording();
      runLiveResizeBeforeInput();
      const input: InputRecord = { ...partial, tick: tick + 1, now: clock.now() };
      runInputTick(input);
      // Playing: the next frame sends its record; paused, nothing else would.
      if (mode !== 'playing') deps.hop(flush);
      return input;
    },
  };
}
