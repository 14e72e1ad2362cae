/**
 * Ask the past (docs/logpoints.md): keeps the probed replays that answer the project's
 * logpoints and count the open file's lines, for the current run, and publishes what they found
 * for the Logpoints panel and the editor. Plain TS: the session wires it, React reads its store.
 */
import { createStore } from 'zustand/vanilla';
import type { PreviewHost } from '../preview/preview-host';
import type { Program, ProgramModule, ProjectFile } from '../protocol';
import type { ProbeWorkerClient } from './probe-worker-client';
import type { ProjectStore } from '../project/model/store';
import { addLogpoint } from '../project/model/logpoints';
import type { RunInfo } from '../run/controller';
import type { Timeline } from '../run/timeline';
import type { FrameClock } from './probe-frame';
import { createProbeSession, type ProbeSession } from './probe-session';
import type { ProbeRequest } from './probed-program';
import { lineRunsView, logpointView, type LineRunsView, type LogpointView } from './probe-views';
import { planSessions } from './session-plan';
import { nextTick, previousTick } from './hit-lookup';

export interface AskPastState {
  /** By logpoint id. */
  logpoints: Readonly<Record<string, LogpointView>>;
  /** The open file's line runs (while paused, once counted). */
  lines: LineRunsView | null;
  /** The editor's cursor line (Add logpoint, Previous hit and Next hit act on it). */
  cursor: { path: string; line: number } | null;
  /** A logpoint just added from the editor: the panel shows it with its expression to edit. */
  editRequest: { id: string; nonce: number } | null;
}

export interface AskPastDeps {
  project: ProjectStore;
  timeline: Timeline;
  /** The run shown and its program (what a probed replay replays). */
  getCurrent(): { program: Program; run: RunInfo } | null;
  getHost(): PreviewHost | null;
  /** The probe worker (started on first use). */
  worker: Pick<ProbeWorkerClient, 'instrument' | 'defaultExpression'>;
  /** Publishes at most this often (ms). */
  publishMs?: number;
  setTimer?(fn: () => void, ms: number): unknown;
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

const sourceTexts = new WeakMap<ProgramModule, string | null>();
/** The file a module was built from (its map's sourcesContent). */
function sourceOf(module: ProgramModule): string | null {
  if (module.kind !== 'js') return null;
  let text = sourceTexts.get(module);
  if (text === undefined) {
    try {
      const map = JSON.parse(module.map) as { sourcesContent?: unknown[] };
      const first = map.sourcesContent?.[0];
      text = typeof first === 'string' ? first : null;
    } catch {
      text = null;
    }
    sourceTexts.set(module, text);
  }
  return text;
}

export function createAskPast(deps: AskPastDeps): AskPast {
  const { project, timeline } = deps;
  const publishMs = deps.publishMs ?? 100;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const store = createStore<AskPastState>()(() => ({
    logpoints: {},
    lines: null,
    cursor: null,
    editRequest: null,
  }));
  /** Logpoint sessions of the current run, oldest first (at most two: shown and catching up). */
  let sessions: { key: string; session: ProbeSession }[] = [];
  let lineSession: { key: string; session: ProbeSession } | null = null;
  let runId = -1;
  let waiting: string[] = [];
  let timer: unknown = null;
  let disposed = false;
  const compared = new WeakMap<ProgramModule, { file: ProjectFile; same: boolean }>();

  const publish = () => {
    timer = null;
    if (disposed) return;
    const lastTick = timeline.getState().lastTick;
    const list = sessions.map((s) => s.session);
    const views: Record<string, LogpointView> = {};
    for (const logpoint of project.getState().logpoints)
      views[logpoint.id] = waiting.includes(logpoint.id)
        ? logpointView(logpoint, [], lastTick)
        : logpointView(logpoint, list, lastTick);
    // Two sessions: the older goes once the newer has caught up with it.
    const newest = sessions[sessions.length - 1];
    if (sessions.length === 2 && newest?.session.status().phase === 'current')
      sessions.shift()!.session.dispose();
    store.setState({
      logpoints: views,
      lines: lineSession ? lineRunsView(lineSession.session) : null,
    });
  };
  const changed = () => {
    if (timer === null && !disposed) timer = setTimer(publish, publishMs);
  };

  const makeSession = (
    key: string,
    active: { program: Program; run: RunInfo },
    request: ProbeRequest,
  ) => {
    const host = deps.getHost();
    if (!host) return null;
    const session = createProbeSession({
      host,
      timeline,
      program: active.program,
      run: active.run,
      request,
      instrument: (r) => deps.worker.instrument(r),
      changed,
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
    changed();
    return { key, session };
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
      builtFromCurrent(path) {
        const module = active?.program.modules[path];
        const file = p.files[path];
        if (!module || file?.kind !== 'text') return false;
        // Asked at every tick the run reports: compared once per file object.
        const known = compared.get(module);
        if (known?.file === file) return known.same;
        const same = sourceOf(module) === file.text;
        compared.set(module, { file, same });
        return same;
      },
    });
    const waitingChanged = plan.waiting.join() !== waiting.join();
    waiting = plan.waiting;
    const newRun = (active?.run.runId ?? -1) !== runId;
    runId = active?.run.runId ?? -1;
    if ((newRun || !plan.logpoints) && sessions.length > 0) {
      for (const s of sessions) s.session.dispose();
      sessions = [];
      changed();
    }
    if (active && plan.logpoints && sessions[sessions.length - 1]?.key !== plan.logpoints.key) {
      const made = makeSession(plan.logpoints.key, active, plan.logpoints.request);
      if (made) sessions.push(made);
      // Two at most: the newest, and the one it is catching up with.
      while (sessions.length > 2) sessions.shift()!.session.dispose();
    }
    for (const s of sessions) s.session.follow(t.lastTick);

    const paused = t.mode !== 'playing';
    const wantLines = plan.lines;
    if (lineSession && lineSession.key !== wantLines?.key) {
      lineSession.session.dispose();
      lineSession = null;
      changed();
    }
    if (wantLines && !lineSession && paused && active)
      lineSession = makeSession(wantLines.key, active, wantLines.request);
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
    async addLogpoint(path, line) {
      const file = project.getState().project.files[path];
      if (file?.kind !== 'text') return { ok: false, error: `${path} is not a text file.` };
      const text = file.text.split('\n')[line - 1] ?? '';
      let expression = '';
      try {
        expression = await deps.worker.defaultExpression(text);
      } catch {
        // A logpoint without a default expression is still one: the user types it.
      }
      const edit = addLogpoint(project.getState().logpoints, { path, line, expression });
      if (!edit.ok) return edit;
      project.setLogpoints(edit.list);
      return { ok: true, id: edit.id };
    },
    hitTick(path, line, direction) {
      const lines = store.getState().lines;
      if (!lines || lines.path !== path) return null;
      const ticks = lines.lines.get(line)?.ticks;
      if (!ticks) return null;
      const tick = timeline.getState().tick;
      return direction === 'previous' ? previousTick(ticks, tick) : nextTick(ticks, tick);
    },
    setCursor(path, line) {
      const was = store.getState().cursor;
      if (was?.path !== path || was.line !== line) store.setState({ cursor: { path, line } });
    },
    requestEdit(id) {
      store.setState({
        editRequest: { id, nonce: (store.getState().editRequest?.nonce ?? 0) + 1 },
      });
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
