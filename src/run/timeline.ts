/**
 * The run's timeline on the host (docs/architecture.md, "The run loop"): play, pause, step forward and back, seek,
 * speed, and the history of the run (tick records, recorded inputs, console output per tick).
 * Stepping back or seeking backwards rebuilds the preview from the same run (same program,
 * seed and start time, no re-bundling) and replays to the tick; replayed records are compared
 * with the recorded ones, so a divergent replay is reported instead of silently shown.
 * Plain TS: the session wires it to the preview host and the console.
 */
import type { HostMessage, InputRecord, RuntimeMessage, TickRecord } from '../protocol';
import { createStore } from 'zustand/vanilla';
import { byTick, lastTickOf } from './console-by-tick';
import { createHistory, type History, type HistoryLimits } from './history';

export const SPEEDS = [0.25, 0.5, 1, 2, 4] as const;

export interface TimelineState {
  /** A run exists (something to control). */
  active: boolean;
  /** What the preview is doing; 'replaying' while a step back or seek is rebuilt. */
  mode: 'playing' | 'paused' | 'replaying';
  /** Tick the preview is at. */
  tick: number;
  /** Last recorded tick. */
  lastTick: number;
  /** Oldest tick still in the history (older ones fell out of reach when it was full). */
  firstTick: number;
  /** Virtual ms since the run's start at the current tick. */
  elapsed: number;
  /** Play speed (0.25–4). */
  speed: number;
  /** Something is pending for Step forward (a timer, a frame, or recorded ticks ahead). */
  canStepForward: boolean;
  /** "Replay diverged at tick k: …" when a replay differed from the record. */
  divergence: string | null;
  /** Set once the history limit dropped the oldest ticks: they cannot be revisited. */
  historyNote: string | null;
}

export interface TimelineDeps {
  /** Sends a control message to the current preview. */
  send(message: HostMessage): void;
  /**
   * Rebuilds the preview from the same run and replays to `tick`, or swaps in a parked
   * checkpoint. Returns the new frame's key and the tick it will pause at (`at` ≤ `tick`;
   * the timeline runs it on to `tick` from there).
   */
  replay(tick: number, inputs: InputRecord[]): { frame: object; at: number };
  /** The console shows exactly `messages` (all entries up to the current tick). */
  resetConsole(messages: RuntimeMessage[]): void;
  /** Appends messages to the console. */
  showConsole(messages: RuntimeMessage[]): void;
  /** A one-line notice in the console. */
  notice(text: string): void;
  /** History limits, read when a run starts: ticks kept and an estimate of bytes kept. */
  limits?(): HistoryLimits;
}

export interface Timeline {
  getState(): TimelineState;
  subscribe(listener: () => void): () => void;
  /**
   * A new run started in `frame` (a fresh iframe playing from tick 0), or replaying a shared
   * `recorded` run to its last tick: the timeline then returns to the sender's tick and pauses.
   */
  startRun(frame: object, startTime: number, recorded?: RecordedLanding): void;
  /** A message from `frame`; returns true when the console should show it now. */
  handle(frame: object, message: RuntimeMessage): boolean;
  play(): void;
  pause(): void;
  togglePlay(): void;
  stepForward(): void;
  stepBack(): void;
  seek(tick: number): void;
  setSpeed(speed: number): void;
  /**
   * Evaluates a console input line in the preview as the next tick (a recorded input, so step
   * back and seek replay it). Returns why it cannot now, or null once sent.
   */
  evaluate(source: string): string | null;
  /**
   * Recorded inputs of ticks 1..tick (what a replay to `tick` needs), and the fetch responses
   * of later ticks: fetches in flight at `tick` are served from the record, never fetched again.
   */
  inputsUpTo(tick: number): InputRecord[];
  /** A rebuilt preview could not start: leave the replaying state (the old preview stays). */
  replayFailed(): void;
  /** The run ended (new build, hang): nothing to control. */
  stop(): void;
}

/** Where a run started from a recording should land. */
export interface RecordedLanding {
  /** The tick to pause at (the sender's). */
  landAt: number;
  /** The recording's last tick (the preview replays to it first, so all of it is in the history). */
  lastTick: number;
}

const initial: TimelineState = {
  active: false,
  mode: 'paused',
  tick: 0,
  lastTick: 0,
  firstTick: 0,
  elapsed: 0,
  speed: 1,
  canStepForward: false,
  divergence: null,
  historyNote: null,
};

export function createTimeline(deps: TimelineDeps): Timeline {
  const defaults: HistoryLimits = { maxTicks: 200_000, maxBytes: 64 * 1024 * 1024 };
  const { getState: get, setState: set, subscribe } = createStore<TimelineState>()(() => initial);
  let frame: object | null = null;
  let startTime = 0;
  let history: History = createHistory(defaults, () => {});
  let shownUpTo = 0;
  /** A seek asked for while a replay ran (slider drags): done when the replay ends. */
  let queued: number | null = null;
  /**
   * A replay (step back, seek) is re-running recorded ticks: its console output duplicates
   * the history. Set when the replay starts, cleared when the preview reports it paused; output
   * at other times is live, whatever tick it is tagged with (event handlers, loads, after the
   * last tick).
   */
  let replaying = false;
  /** A recorded run's last tick, until its first replay rests (then checked it was reached). */
  let recordedLast: number | null = null;

  const canStep = (tick: number, lastTick: number, pending: boolean) => tick < lastTick || pending;

  const followConsole = (tick: number) => {
    if (tick < shownUpTo) {
      deps.resetConsole(history.messagesIn(-1, tick));
      if (history.first > 0)
        deps.notice(`Output before tick ${history.first} fell out of the history.`);
    } else if (tick > shownUpTo) deps.showConsole(history.messagesIn(shownUpTo, tick));
    shownUpTo = tick;
  };

  const record = (r: TickRecord) => {
    const diff = history.record(r);
    if (diff && !get().divergence) {
      const text = `Replay diverged at tick ${r.tick}: ${diff}`;
      set({ divergence: text });
      deps.notice(`${text}. The preview may differ from the recorded run from here on.`);
    }
  };

  /** Moves the preview to `target` (clamped to the history) by a run-on or a replay. */
  const goTo = (target: number) => {
    const tick = Math.max(history.first, Math.min(Math.round(target), get().lastTick));
    if (get().mode === 'playing') api.pause();
    if (tick === get().tick) {
      if (get().mode === 'replaying') set({ mode: 'paused' });
      replaying = false;
      return;
    }
    replaying = true;
    if (tick > get().tick) {
      deps.send({ type: 'run-until', tick, inputs: history.inputsUpTo(tick) });
      set({ mode: 'replaying', divergence: null });
    } else {
      const started = deps.replay(tick, history.inputsUpTo(tick));
      frame = started.frame;
      set({ mode: 'replaying', divergence: null });
      // A checkpoint before `tick`: once it rests there, run on (a forward seek).
      if (started.at < tick) queued = tick;
    }
  };

  /** A new input at an earlier tick starts a new future: the old one is dropped. */
  const dropFuture = () => {
    if (get().tick >= get().lastTick) return;
    history.truncateAfter(get().tick);
    set({ lastTick: get().tick, divergence: null });
  };

  const api: Timeline = {
    getState: get,
    subscribe,
    startRun(f, start, recorded) {
      history = createHistory(deps.limits?.() ?? defaults, (first, note) =>
        set({ firstTick: first, historyNote: note }),
      );
      frame = f;
      startTime = start;
      shownUpTo = 0;
      // A recording replays live (its output is the history), then seeks back to the landing.
      queued = recorded && recorded.landAt < recorded.lastTick ? recorded.landAt : null;
      recordedLast = recorded ? recorded.lastTick : null;
      replaying = false;
      const mode = recorded ? 'replaying' : 'playing';
      set({ ...initial, speed: get().speed, active: true, mode }, true);
      if (!recorded && get().speed !== 1) deps.send({ type: 'play', speed: get().speed });
    },
    handle(f, message) {
      if (f !== frame) return false;
      if (message.type === 'ticks') {
        for (const r of message.records) record(r);
        const lastTick = Math.max(history.lastRecorded(), 0);
        const { mode, tick, now, nextDue } = message.state;
        followConsole(tick);
        // A seek waits for this replay: the preview runs on at once, so it stays 'replaying'
        // (subscribers do not act on a pause that is over straight away).
        if (mode === 'paused' && recordedLast !== null) {
          if (tick < recordedLast)
            deps.notice(
              `The shared run stopped at tick ${tick} of ${recordedLast}: this replay differs from the sender’s run.`,
            );
          recordedLast = null;
        }
        const runOn = mode === 'paused' ? queued : null;
        if (runOn !== null) queued = null;
        else if (mode !== 'replaying') replaying = false;
        set({
          mode: runOn !== null ? 'replaying' : mode,
          tick,
          lastTick,
          elapsed: now - startTime,
          canStepForward: canStep(tick, lastTick, nextDue !== null),
        });
        if (runOn !== null) goTo(runOn);
        return false;
      }
      if (
        message.type !== 'console' &&
        message.type !== 'console-batch' &&
        message.type !== 'console-dropped' &&
        message.type !== 'error'
      )
        return true;
      // A replay's output: the history has it already.
      if (replaying) return false;
      for (const [tick, part] of byTick(message)) history.log(tick, part);
      shownUpTo = Math.max(shownUpTo, lastTickOf(message));
      return true;
    },
    play() {
      if (!frame || get().mode === 'playing') return;
      dropFuture();
      deps.send({ type: 'play', speed: get().speed });
      set({ mode: 'playing' });
    },
    pause() {
      if (!frame || get().mode !== 'playing') return;
      deps.send({ type: 'pause' });
      set({ mode: 'paused' });
    },
    togglePlay() {
      if (get().mode === 'playing') api.pause();
      else api.play();
    },
    stepForward() {
      if (!frame || get().mode === 'replaying') return;
      if (get().mode === 'playing') api.pause();
      if (get().tick < get().lastTick) api.seek(get().tick + 1);
      else deps.send({ type: 'step' });
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
      const s = Math.min(4, Math.max(0.25, speed));
      set({ speed: s });
      if (get().mode === 'playing') deps.send({ type: 'play', speed: s });
    },
    evaluate(source) {
      if (!frame) return 'Nothing is running to evaluate in: press Run first.';
      if (get().mode === 'replaying')
        return 'The preview is still going to its tick: press Enter again in a moment.';
      dropFuture();
      deps.send({ type: 'evaluate', source });
      return null;
    },
    inputsUpTo: (tick) => history.inputsUpTo(tick),
    replayFailed() {
      if (get().mode !== 'replaying') return;
      queued = null;
      replaying = false;
      set({ mode: 'paused' });
    },
    stop() {
      frame = null;
      set({ ...initial, speed: get().speed });
    },
  };
  return api;
}
