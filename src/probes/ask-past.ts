/**
 * Ask the past (docs/logpoints.md): keeps the probed replays that answer the project's
 * logpoints and count the open file's lines, for the current run, and publishes what they found
 * for the Logpoints panel and the editor. Plain TS: the session wires it, React reads its store.
 */
import { createStore } from 'zustand/vanilla';
import type { PreviewHost } from '../preview/preview-host';
import type { Program } from '../protocol';
import type { ProbeWorkerClient } from './probe-worker-client';
import type { ProjectStore } from '../project/model/store';
import { addLogpoint } from '../project/model/logpoints';
import type { RunInfo } from '../run/controller';
import type { Timeline } from '../run/timeline';
import type { FrameClock } from './probe-frame';
import { createProbeSession, type ProbeSession } from './probe-session';
import type { ProbeRequest } from './probed-program';
import { lineRunsView, logpointViews, type LineRunsView, type LogpointView } from './probe-views';
import { planSessions } from './session-plan';
import { lineHitTick } from './hit-lookup';
import { builtFrom } from './built-from';
import {
  cursorMoved,
  editRequested,
  lineSessionStep,
  logpointSessionsStep,
  olderCaughtUp,
  type Cursor,
  type EditRequest,
} from './ask-past-steps';

export interface AskPastState {
  /** By logpoint id. */
  logpoints: Readonly<Record<string, LogpointView>>;
  /** The open file's line runs (while paused, once counted). */
  lines: LineRunsView | null;
  /** The editor's cursor line (Add logpoint, Previous hit and Next hit act on it). */
  cursor: Cursor | null;
  /** A logpoint just added from the editor: the panel shows it with its expression to edit. */
  editRequest: EditRequest | null;
}

export interface AskPastDeps {
  /** The logpoints, the open file and the texts the run's lines are checked against. */
  project: ProjectStore;
  /** The current run's recording, which each probed replay follows. */
  timeline: Timeline;
  /** The run shown and its program (what a probed replay replays). */
  getCurrent(): { program: Program; run: RunInfo } | null;
  getHost(): PreviewHost | null;
  /** The probe worker (started on first use). */
  worker: Pick<ProbeWorkerClient, 'instrument' | 'defaultExpression'>;
  /** Publishes at most this often (ms); a change after a quiet spell publishes at once. */
  publishMs?: number;
  /** The publishing timer (the browser's by default). */
  setTimer?(fn: () => void, ms: number): unknown;
  /** The probed frames' watchdog clock, also the publishing throttle's (the browser's by default). */
  clock?: FrameClock;
}

export interface AskPast {
  getState(): AskPastState;
  subscribe(listener: () => void): () => void;
  /** Adds a logpoint on `path:line` with the line's default expression; returns its id or why not. */
  addLogpoint(
    path: string,
    line: number,
  ): Promise<{ ok: true; id: string } | { ok: false; error: string }>;
  /** The tick before / after the current one at which `path:line` ran; null when none (or not counted). */
  hitTick(path: string, line: number, direction: 'previous' | 'next'): number | null;
  /** The editor's cursor moved to this line. */
  setCursor(path: string, line: number): void;
  /** Shows a logpoint in the panel with its expression ready to edit (one just added). */
  requestEdit(id: string): void;
  dispose(): void;
}

/** Before anything is probed or the editor has reported its cursor. */
const NOTHING_YET: AskPastState = { logpoints: {}, lines: null, cursor: null, editRequest: null };

/** Adds a logpoint on `path:line` with the expression the worker makes of the line. */
async function addWithDefault(
  project: ProjectStore,
  worker: AskPastDeps['worker'],
  path: string,
  line: number,
): ReturnType<AskPast['addLogpoint']> {
  const file = project.getState().project.files[path];
  if (file?.kind !== 'text') return { ok: false, error: `${path} is not a text file.` };
  const text = file.text.split('\n')[line - 1] ?? '';
  let expression = '';
  try {
    expression = await worker.defaultExpression(text);
  } catch {
    // A logpoint without a default expression is still one: the user types it.
  }
  const edit = addLogpoint(project.getState().logpoints, { path, line, expression });
  if (!edit.ok) return edit;
  project.setLogpoints(edit.list);
  return { ok: true, id: edit.id };
}

/** A probed replay held, by the plan's key for it. */
interface Held {
  key: string;
  session: ProbeSession;
}

export function createAskPast(deps: AskPastDeps): AskPast {
  const { project, timeline } = deps;
  const publishMs = deps.publishMs ?? 100;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const store = createStore<AskPastState>()(() => NOTHING_YET);
  /** Logpoint sessions of the current run, oldest first (at most two: shown and catching up). */
  let sessions: Held[] = [];
  let lineSession: Held | null = null;
  let runId = -1;
  let waiting: string[] = [];
  let timer: unknown = null;
  let publishedAt = -Infinity;
  let disposed = false;
  const now = () => (deps.clock ?? performance).now();

  const publish = () => {
    timer = null;
    publishedAt = now();
    if (disposed) return;
    const list = sessions.map((s) => s.session);
    const logpoints = project.getState().logpoints;
    const views = logpointViews(logpoints, waiting, list, timeline.getState().lastTick);
    if (olderCaughtUp(list.map((s) => s.status().phase))) sessions.shift()!.session.dispose();
    store.setState({
      logpoints: views,
      lines: lineSession ? lineRunsView(lineSession.session) : null,
    });
  };
  // Throttled, not delayed: the last change of a replay (it rests, all hits in) shows within a
  // task when nothing was published for `publishMs`, instead of waiting out a fixed delay.
  // A replay that came to rest (or stopped) publishes at once: the user waits for that one.
  const changed = (settled = false) => {
    if (settled && !disposed) return publish();
    if (timer !== null || disposed) return;
    timer = setTimer(publish, Math.max(0, publishedAt + publishMs - now()));
  };

  const makeSession = (
    made: { key: string; request: ProbeRequest },
    active: { program: Program; run: RunInfo },
  ): Held | null => {
    const host = deps.getHost();
    if (!host) return null;
    const session = createProbeSession({
      host,
      timeline,
      program: active.program,
      run: active.run,
      request: made.request,
      instrument: (r) => deps.worker.instrument(r),
      changed,
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
    changed();
    return { key: made.key, session };
  };

  const reconcile = () => {
    if (disposed) return;
    const current = deps.getCurrent();
    const t = timeline.getState();
    const { logpoints, activePath, project: p } = project.getState();
    const active = current && t.active && deps.getHost() ? current : null;
    const plan = planSessions({
      run: active ? { runId: active.run.runId, program: active.program } : null,
      futureId: t.futureId,
      logpoints,
      activePath,
      builtFromCurrent: (path) => builtFrom(active?.program.modules[path], p.files[path]),
    });
    const waitingChanged = plan.waiting.join() !== waiting.join();
    waiting = plan.waiting;
    const newRun = (active?.run.runId ?? -1) !== runId;
    runId = active?.run.runId ?? -1;
    const keys = sessions.map((s) => s.key);
    const step = logpointSessionsStep(keys, plan.logpoints, newRun, active !== null);
    if (step.dropAll) {
      for (const s of sessions) s.session.dispose();
      sessions = [];
      changed();
    }
    const made = step.make && makeSession(step.make, active!);
    if (made) sessions.push(made);
    // Two at most: the newest, and the one it is catching up with.
    while (sessions.length > 2) sessions.shift()!.session.dispose();
    for (const s of sessions) s.session.follow(t.lastTick);

    const paused = t.mode !== 'playing';
    const lines = lineSessionStep(lineSession?.key ?? null, plan.lines, paused, active !== null);
    if (lines.drop) {
      lineSession!.session.dispose();
      lineSession = null;
      changed();
    }
    if (lines.make) lineSession = makeSession(lines.make, active!);
    // Counting follows the recording only while the user looks at the past (it costs a replay).
    if (lineSession && paused) lineSession.session.follow(t.lastTick);
    if (waitingChanged) changed();
  };

  const unsubscribeProject = project.subscribe(reconcile);
  const unsubscribeTimeline = timeline.subscribe(reconcile);
  reconcile();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    addLogpoint: (path, line) => addWithDefault(project, deps.worker, path, line),
    hitTick: (path, line, direction) =>
      lineHitTick(store.getState().lines, path, line, timeline.getState().tick, direction),
    setCursor(path, line) {
      const was = store.getState().cursor;
      const cursor = cursorMoved(was, path, line);
      if (cursor !== was) store.setState({ cursor });
    },
    requestEdit(id) {
      store.setState({ editRequest: editRequested(store.getState().editRequest, id) });
    },
    dispose() {
      disposed = true;
      unsubscribeProject();
      unsubscribeTimeline();
      for (const s of sessions) s.session.dispose();
      lineSession?.session.dispose();
      sessions = [];
      lineSession = null;
    },
  };
}
