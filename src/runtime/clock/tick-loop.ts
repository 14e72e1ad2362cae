/**
 * The run loop inside the preview (docs/architecture.md, "The run loop"). Tick 0 is the entry's evaluation; every
 * later tick is one timer, one frame or one input event, each run in its own real task (a
 * real MessageChannel hop) so microtasks drain between ticks (tick-runner.ts runs one). Modes:
 * playing (virtual time follows real time × speed), paused, and replaying: to a recorded tick
 * (step back, seek), or a hot swap's landing by virtual time (swap-drive.ts).
 */
import type { InputRecord, LoopState, SwapTarget } from '../../protocol/index.ts';
import type { TickLoop, TickLoopDeps } from './tick-loop-types.ts';
import { createTickRunner } from './tick-runner.ts';
import { createPlayPace, FRAME_BUDGET_MS } from './play-pace.ts';
import { driveSwap, type SwapDrive } from './swap-drive.ts';
import { playStep, replayStep } from './loop-steps.ts';

export type { TickLoop, TickLoopDeps } from './tick-loop-types.ts';

export function createTickLoop(deps: TickLoopDeps): TickLoop {
  const { clock } = deps;
  let mode: LoopState['mode'] = 'paused';
  const pace = createPlayPace(deps.speed ?? 1);
  const runner = createTickRunner(
    deps,
    () => mode,
    () => mode === 'replaying' && swap === null,
  );
  let pumping = false;
  let framing = false;
  let replayTo = 0;
  let replayInputs = new Map<number, InputRecord>();
  /** A recording being played (Play from a past tick): its inputs by tick, and its end. */
  let recorded: { until: number; inputs: Map<number, InputRecord> } | null = null;
  /** A hot swap landing; errors the new code threw before it began (in its evaluation). */
  let swap: SwapDrive | null = null;
  let earlyErrors = 0;

  /** Live: a viewport or environment the run has not seen is a tick of its own, run first. */
  const runLiveResize = (): boolean => {
    const change = deps.liveChange?.();
    if (change) runner.runInput({ ...change, tick: runner.tick + 1, now: clock.now() });
    return Boolean(change);
  };
  /**
   * Before a live input's tick (a click, a console evaluation): it reads the frame as it is
   * now, so a resize since the last tick (the window resized while paused, or within the
   * frame before a click) is recorded first, or its replay would run it at the old size.
   */
  const runLiveResizeBeforeInput = () => {
    if (runLiveResize()) runner.finalize();
  };

  // Playing: virtual time follows real time × speed; ticks run one per hop within a budget.
  const pump = () => {
    if (pumping) return;
    pumping = true;
    const deadline = deps.realNow() + FRAME_BUDGET_MS;
    const next = () => {
      runner.finalize();
      if (mode !== 'playing') {
        pumping = false;
        return;
      }
      if (recorded && runner.tick >= recorded.until) {
        recorded = null; // the recording's end: live, the frame fills the pane again
        deps.viewport?.goLive();
      }
      const input = recorded?.inputs.get(runner.tick + 1);
      // A recorded resize: the frame takes the recorded size first (pump goes on after).
      if (input && deps.viewport?.resizeTo(input, pump)) {
        pumping = false;
        return;
      }
      if (!recorded && runLiveResize()) return deps.hop(next);
      const step = playStep(input ?? null, clock.peek(), pace.target());
      if (step.run !== 'wait' && deps.realNow() > deadline) {
        pace.fallBehind(); // slow motion
        pumping = false;
        return;
      }
      if (step.run === 'input') runner.runInput(input!);
      else if (step.run === 'timer') runner.runTimer();
      else {
        pace.caughtUp();
        clock.advanceTo(step.until);
        deps.syncAnimations(clock.perfNow());
        pumping = false;
        return;
      }
      deps.hop(next);
    };
    deps.hop(next);
  };
  const onFrame = (realNow: number) => {
    framing = false;
    if (mode !== 'playing') return;
    pace.frame(realNow);
    runner.finalize();
    runner.frameReport(realNow);
    pump();
    framing = true;
    deps.frame(onFrame);
  };

  const replayNext = () => {
    runner.finalize();
    if (mode !== 'replaying') return;
    const input = replayInputs.get(runner.tick + 1);
    const step = replayStep(runner.tick, replayTo, input ?? null, clock.peek() !== null);
    // A recorded resize: the frame takes the recorded size first (the replay goes on after).
    if (step === 'input' && deps.viewport?.resizeTo(input!, replayNext)) return;
    if (step === 'input') runner.runInput(input!);
    else if (step === 'timer') runner.runTimer();
    else {
      // Reached, or nothing left to run short of it (the host reports it: replay-end.ts).
      mode = 'paused';
      runner.flush();
      return;
    }
    deps.hop(replayNext);
  };

  // A live input (a click, a console evaluation) while a recording plays leaves the recorded
  // future: the host hears of it before anything of the new tick (it keeps that future).
  // The run is live from here: a frame kept at the recording's size fills the pane again (its
  // new size is a resize tick before the next live one, runLiveResize).
  const leaveRecording = () => {
    if (recorded !== null && runner.tick < recorded.until) runner.flush({ forked: runner.tick });
    if (recorded !== null) deps.viewport?.goLive();
    recorded = null;
  };

  const startSwap = (target: SwapTarget) => {
    mode = 'replaying';
    swap = driveSwap(
      deps,
      runner,
      target,
      () => mode === 'replaying',
      () => {
        mode = 'paused';
        swap = null;
      },
    );
    for (; earlyErrors > 0; earlyErrors--) swap.threw();
  };

  return {
    get tick() {
      return runner.tick;
    },
    get mode() {
      return mode;
    },
    get inSync() {
      return runner.inSync;
    },
    get playingRecording() {
      return mode === 'playing' && recorded !== null && runner.tick < recorded.until;
    },
    evaluated(replay) {
      runner.openEvaluation();
      // The entry's microtasks belong to tick 0: record after a hop.
      deps.hop(() => {
        runner.finalize();
        if (replay?.swap) startSwap(replay.swap);
        else if (replay) this.runUntil(replay.tick, replay.inputs);
        else this.play(pace.speed());
      });
    },
    threw() {
      if (swap) swap.threw();
      else if (runner.tick === 0 && mode !== 'playing') earlyErrors++;
    },
    play(newSpeed, recording) {
      pace.setSpeed(newSpeed);
      if (mode === 'replaying') return;
      if (mode !== 'playing') {
        recorded =
          recording && recording.until > runner.tick
            ? { until: recording.until, inputs: new Map(recording.inputs.map((i) => [i.tick, i])) }
            : null;
        mode = 'playing';
        if (!recorded) deps.viewport?.goLive();
        pace.start(clock.now(), deps.realNow());
      }
      runner.flush();
      if (!framing) {
        framing = true;
        deps.frame(onFrame);
      }
    },
    pause() {
      if (mode === 'replaying') return;
      mode = 'paused';
      recorded = null;
      runner.flush();
      // Paused at a tick shows that tick's moment, as a replay to it (step back, seek) will.
      runner.rest();
    },
    step() {
      if (mode === 'replaying') return;
      mode = 'paused';
      runner.finalize();
      deps.viewport?.goLive();
      if (!runLiveResize() && clock.peek()) runner.runTimer();
      deps.hop(() => runner.flush());
    },
    runUntil(to, inputs) {
      replayTo = to;
      replayInputs = new Map(inputs.map((i) => [i.tick, i]));
      mode = 'replaying';
      deps.hop(replayNext);
    },
    beginInput(partial) {
      runner.finalize();
      leaveRecording();
      runLiveResizeBeforeInput();
      return runner.beginLiveInput(partial);
    },
    runInput(partial) {
      if (mode === 'replaying') return null;
      runner.finalize();
      leaveRecording();
      runLiveResizeBeforeInput();
      const input: InputRecord = { ...partial, tick: runner.tick + 1, now: clock.now() };
      runner.runInput(input);
      // Playing: the next frame sends its record; paused, nothing else would.
      if (mode !== 'playing') deps.hop(() => runner.flush());
      return input;
    },
  };
}
