/**
 * The run's timeline on the host (docs/architecture.md, "The run loop"): play, pause, step forward and back, seek,
 * speed, and the history of the run (tick records, recorded inputs, console output per tick).
 * Stepping back or seeking backwards rebuilds the preview from the same run (same program,
 * seed and start time, no re-bundling) and replays to the tick; replayed records are compared
 * with the recorded ones, so a divergent replay is reported instead of silently shown.
 * Play from a past tick plays the recording again, like a video, and goes live at its end; a
 * new input on the way forks, and the future it replaced is kept (branches.ts) to restore.
 * A run may start by landing somewhere: a shared run at the sender's tick, a hot swap at the
 * old run's moment (swap-landing.ts). State transitions are in timeline-steps.ts.
 * Plain TS: the session wires it to the preview host and the console.
 */
import type { TickRecord } from '../protocol';
import { createStore } from 'zustand/vanilla';
import { isLogged } from './console-by-tick';
import { createBranches } from './branches';
import { diverge, divergenceKey, type DivergenceTold } from './divergence-notice';
import { environmentNote } from './environment-note';
import { createHistory, type History, type HistoryLimits } from './history';
import { createReplayEndWatch, ranOutDiff, sharedStopNote } from './replay-end';
import { createSwapLandings } from './swap-landing';
import { createTimelineConsole } from './timeline-console';
import {
  anotherFuture,
  canSwap,
  cannotEvaluate,
  forkNotice,
  moveTo,
  queuedAfter,
  reported,
  runStarted,
  runStopped,
  speedWithin,
} from './timeline-steps';
import {
  INITIAL_TIMELINE as initial,
  type Timeline,
  type TimelineDeps,
  type TimelineState,
} from './timeline-types';

export { SPEEDS } from './timeline-types';
export type { RecordedLanding, Timeline, TimelineDeps, TimelineState } from './timeline-types';
export type { SwapLanding } from './swap-landing';

export function createTimeline(deps: TimelineDeps): Timeline {
  const defaults: HistoryLimits = { maxTicks: 200_000, maxBytes: 64 * 1024 * 1024 };
  const { getState: get, setState: set, subscribe } = createStore<TimelineState>()(() => initial);
  let frame: object | null = null;
  let startTime = 0;
  let history: History = createHistory(defaults, () => {});
  /** A seek asked for while a replay ran (slider drags): done when the replay ends. */
  let queued: number | null = null;
  /**
   * A replay (step back, seek) is re-running recorded ticks: its console output duplicates
   * the history, up to the last record (a shared run's later ticks first run in a seek and are
   * logged then). Set when the replay starts, cleared when the preview reports it paused;
   * output at other times is live, whatever tick it is tagged with (event handlers, loads,
   * after the last tick).
   */
  let replaying = false;
  /**
   * Console output of ticks up to here, from a recording played again in the current frame
   * (Play from a past tick), duplicates the history too; -1 when the frame plays no recording.
   */
  let recordedUntil = -1;
  const ends = createReplayEndWatch();
  /** Play was pressed while a replay ran (Home, then Play): it plays once the replay rests. */
  let playQueued = false;
  /** The divergence told for the run's current future (one notice per diverged path). */
  let told: DivergenceTold | null = null;
  const shown = createTimelineConsole(deps);
  const branches = createBranches<History>();
  const swaps = createSwapLandings(
    (text, key) => deps.notice(text, key),
    () => startTime,
  );
  const showFutures = () =>
    branches.list().map(({ forkTick, lastTick }) => ({ forkTick, lastTick }));

  /** A live input while a recording played: the recorded future after `at` is kept. */
  const fork = (at: number) => {
    if (at >= history.lastRecorded()) return;
    const old = history;
    history = old.copyUpTo(at);
    const dropped = branches.fork(old, at, old.lastRecorded());
    recordedUntil = Math.min(recordedUntil, at);
    shown.stopped(null);
    set(anotherFuture(get(), at, showFutures()));
    deps.notice(forkNotice(at, old.lastRecorded(), dropped));
  };

  /** The first difference since the preview last moved (later ones follow from it). */
  const diverged = (tick: number, diff: string) => {
    if (get().divergence) return;
    const next = diverge(told, get().futureId, tick, diff);
    told = next.told;
    set({ divergence: next.title });
    deps.notice(next.text, divergenceKey(next.told.future));
  };

  const record = (r: TickRecord) => {
    const note =
      r.environmentHere && r.environment && environmentNote(r.environment, r.environmentHere);
    if (note) shown.environment(note);
    const diff = history.record(r);
    if (diff) diverged(r.tick, diff);
  };

  /**
   * Moves the preview to `target` (clamped to the history) by a run-on or a replay; `rebuild`
   * replays even forward (the preview is in another future).
   */
  const goTo = (target: number, rebuild = false) => {
    const move = moveTo(get(), history.first, target, rebuild);
    if (get().mode === 'playing') api.pause();
    if (move.how === 'here') {
      if (get().mode === 'replaying') set({ mode: 'paused' });
      replaying = false;
      return;
    }
    replaying = true;
    const { tick } = move;
    if (move.how === 'run-on') {
      ends.sentTo(tick);
      deps.send({ type: 'run-until', tick, inputs: history.inputsUpTo(tick) });
    } else {
      const started = deps.replay(tick, history.inputsUpTo(tick));
      ends.sentTo(started.at);
      frame = started.frame;
      recordedUntil = -1;
      // A checkpoint before `tick`: once it rests there, run on (a forward seek).
      if (started.at < tick) queued = tick;
    }
    set({ mode: 'replaying', awaiting: false, divergence: null });
  };

  /** A report from the preview: its ticks, a fork, where a replay ran out, where it rests. */
  const onTicks = (message: Extract<Parameters<Timeline['handle']>[1], { type: 'ticks' }>) => {
    for (const r of message.records) record(r);
    if (message.state.forked !== undefined) fork(message.state.forked);
    const { mode, tick } = message.state;
    swaps.report(history, message.state);
    shown.follow(history, tick);
    const end = ends.check(history, message.state, queued !== null);
    if (end?.stop === 'shared') {
      shown.stopped(sharedStopNote(end.tick, end.of));
      // End and Step forward then stop here: the later ticks cannot come.
      history.cutAfter(end.tick);
    } else if (end) {
      // The recorded ticks stay (the user's run): End or Step forward tries again, and says
      // it again if this frame still cannot go on (a Worker may have set a timer since).
      diverged(end.tick + 1, ranOutDiff(end.tick, end.of));
    }
    const { runOn, replayOver } = queuedAfter(mode, queued);
    if (runOn !== null) queued = null;
    else if (replayOver) replaying = false;
    const lastTick = Math.max(history.lastRecorded(), 0);
    set(reported(get(), message.state, lastTick, startTime, runOn !== null));
    if (runOn !== null) goTo(runOn);
    else if (mode === 'paused' && playQueued) {
      playQueued = false;
      api.play();
    }
  };

  const api: Timeline = {
    getState: get,
    subscribe,
    startRun(f, start, landing) {
      shown.reset();
      history = createHistory(deps.limits?.() ?? defaults, (first, note) =>
        set({ firstTick: first, historyNote: note }),
      );
      frame = f;
      startTime = start;
      const recorded = landing && 'landAt' in landing ? landing : undefined;
      const swap = landing && 'target' in landing ? landing : undefined;
      // A shared recording replays once, to the sender's tick (its output is the history);
      // its later ticks are known by their inputs and recorded as they first run.
      if (recorded) history.expect(recorded.inputs, recorded.lastTick);
      // A hot swap lands by virtual time: its ticks are new, recorded as they come.
      swaps.start(history, swap);
      queued = null;
      ends.start(recorded ? recorded.landAt : null);
      playQueued = false;
      replaying = false;
      recordedUntil = -1;
      told = null;
      branches.clear();
      set(runStarted(get(), landing !== undefined, recorded ? recorded.lastTick : 0), true);
    },
    handle(f, message) {
      if (f !== frame) return false;
      if (message.type === 'ticks') {
        onTicks(message);
        return false;
      }
      if (!isLogged(message)) return true;
      // Output of ticks the history has already (a replay's, a played recording's) is not new.
      return shown.output(history, message, replaying ? history.lastRecord() : recordedUntil);
    },
    play() {
      if (get().mode === 'replaying') playQueued = true;
      if (!frame || get().mode !== 'paused') return;
      const { tick, lastTick, speed } = get();
      if (tick < lastTick) {
        // Like a video: the recorded ticks play again (inputs included), then it goes live.
        // Output of a shared run's ticks not yet run is new: logged as it comes.
        recordedUntil = Math.min(lastTick, history.lastRecord());
        const recording = { until: lastTick, inputs: history.inputsUpTo(lastTick) };
        deps.send({ type: 'play', speed, recording });
      } else deps.send({ type: 'play', speed });
      set({ mode: 'playing', awaiting: false });
    },
    pause() {
      playQueued = false;
      if (!frame || get().mode !== 'playing') return;
      deps.send({ type: 'pause' });
      set({ mode: 'paused', awaiting: true });
    },
    togglePlay() {
      if (get().mode === 'playing') api.pause();
      else api.play();
    },
    stepForward() {
      if (!frame || get().mode === 'replaying') return;
      if (get().mode === 'playing') api.pause();
      if (get().tick < get().lastTick) api.seek(get().tick + 1);
      else {
        deps.send({ type: 'step' });
        set({ awaiting: true });
      }
    },
    stepBack() {
      if (get().tick > history.first) api.seek(get().tick - 1);
    },
    seek(target) {
      if (!frame) return;
      if (get().mode === 'replaying') queued = target;
      else goTo(target);
    },
    setSpeed(speed) {
      const s = speedWithin(speed);
      set({ speed: s });
      if (get().mode === 'playing') deps.send({ type: 'play', speed: s });
    },
    evaluate(source, prepared) {
      const refused = cannotEvaluate(frame !== null, get().mode);
      if (refused !== null) return refused;
      // Behind the end, an evaluation is a new input like a click: the run forks here and the
      // recorded future is kept to restore.
      fork(get().tick);
      deps.send({ type: 'evaluate', source, prepared });
      return null;
    },
    inputsUpTo: (tick) => history.inputsUpTo(tick),
    recordAt: (tick) => history.recordAt(tick),
    startTime: () => startTime,
    startViewport: () => history.startViewport(),
    startEnvironment: () => history.startEnvironment(),
    swapSource() {
      const t = get();
      if (!frame || !canSwap(t, swaps.landing())) return null;
      return swaps.source(history, t.tick, t.elapsed + startTime);
    },
    restoreFuture() {
      if (!frame || get().mode === 'replaying') return;
      if (get().mode === 'playing') api.pause();
      const back = branches.restore(history, history.lastRecorded());
      if (!back) return;
      history = back.saved;
      // Its console is refilled from the restored history when the replay lands.
      shown.refill(history, back.forkTick);
      set({ ...anotherFuture(get(), back.lastTick, showFutures()), firstTick: history.first });
      goTo(back.lastTick, true);
    },
    marks: () => ({ ...history.marks(), edits: swaps.marks() }),
    replayFailed() {
      if (get().mode !== 'replaying') return;
      queued = null;
      playQueued = false;
      replaying = false;
      set({ mode: 'paused' });
    },
    stop() {
      swaps.stopped();
      frame = null;
      set(runStopped(get()));
    },
  };
  return api;
}
