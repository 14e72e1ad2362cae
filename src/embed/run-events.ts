/**
 * The run's events for the host (build, run, tick), read from the run controller's and the
 * timeline's public state: nothing here reaches into the run loop.
 */
import type { BuildOutcome, EmbedEvents, TickState } from '../protocol/embed';
import type { RunController, RunState } from '../run/controller';
import type { Timeline, TimelineState } from '../run/timeline-types';
import { browserClock, throttledStore, type ThrottleClock } from '../ui/throttled-store';

/** While playing, the host hears where the run is at most this often (as the Timeline shows it). */
export const PLAYING_TICK_MS = 100;

type Emit = <N extends keyof EmbedEvents>(name: N, data: EmbedEvents[N]) => void;

/**
 * Where the run rests, or null while it is moving to a tick (a pause or step on its way, a
 * replay), or when there is no run: what a host acts on must be a state that lasts.
 */
export function restingTick(state: TimelineState): TickState | null {
  if (!state.active || state.awaiting || state.mode === 'replaying') return null;
  return { tick: state.tick, lastTick: state.lastTick, paused: state.mode !== 'playing' };
}

const sameTick = (a: TickState | null, b: TickState) =>
  a !== null && a.tick === b.tick && a.lastTick === b.lastTick && a.paused === b.paused;

/** Emits `tick` at each new resting state; while playing, at most every PLAYING_TICK_MS. */
export function followTicks(
  timeline: Pick<Timeline, 'getState' | 'subscribe'>,
  emit: Emit,
  clock: ThrottleClock = browserClock,
): () => void {
  let last: TickState | null = null;
  let told = false;
  const view = throttledStore(timeline, PLAYING_TICK_MS, (s) => s.mode === 'playing', clock);
  const tell = () => {
    told = false;
    const now = restingTick(timeline.getState());
    if (now === null || sameTick(last, now)) return;
    last = now;
    emit('tick', now);
  };
  // After the task's other news: a new run's tick 0 comes after its build and run events.
  const soon = () => {
    if (!told) queueMicrotask(tell);
    told = true;
  };
  soon();
  return view.subscribe(soon);
}

/** A finished build as the host hears it. */
export function buildOutcome(state: RunState): BuildOutcome {
  const diagnostics = state.diagnostics.map(({ severity, file, line, column, text }) => ({
    severity,
    text,
    ...(file !== undefined ? { file } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  }));
  if (state.status !== 'build-failed') return { ok: true, diagnostics };
  return { ok: false, diagnostics, ...(state.detail ? { message: state.detail } : {}) };
}

/** A build finished between these two states (a superseded build finishes with its successor). */
export const buildFinished = (before: RunState, after: RunState) =>
  before.status === 'building' && after.status !== 'building';

/** Emits `build` when a build finishes and `run` when a new run starts. */
export function followRuns(
  controller: Pick<RunController, 'getState' | 'subscribe'>,
  emit: Emit,
): () => void {
  let before = controller.getState();
  return controller.subscribe(() => {
    const after = controller.getState();
    const prev = before;
    before = after;
    if (buildFinished(prev, after)) emit('build', buildOutcome(after));
    if (after.runId !== prev.runId) emit('run', { run: after.runId });
  });
}

/** The outcome of the next build to finish. */
export function nextBuild(
  controller: Pick<RunController, 'getState' | 'subscribe'>,
): Promise<BuildOutcome> {
  return new Promise((resolve) => {
    let before = controller.getState();
    const unsubscribe = controller.subscribe(() => {
      const after = controller.getState();
      const prev = before;
      before = after;
      if (!buildFinished(prev, after)) return;
      unsubscribe();
      resolve(buildOutcome(after));
    });
  });
}
