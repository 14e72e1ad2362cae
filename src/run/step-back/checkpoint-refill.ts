import type { ConsoleStore } from '../console/console-store';
import type { PreviewHost } from '../preview/preview-host';
import type { Diagnostic, Program } from '../protocol';
import type { RunInfo } from './controller';
import { assignCheckpoints, checkpointTicks, chooseCheckpoint, nextRefill } from './checkpoints';
import { createTimeline, type Timeline } from './timeline';

export interface RunTimelineWiring {
  console: ConsoleStore;
  /** The preview host, once the preview pane is mounted. */
  getHost(): PreviewHost | null;
  /** Program and run info of the current run (what a replay rebuilds). */
  getCurrent(): { program: Program; run: RunInfo } | null;
  /** The build's diagnostics, kept at the top of the console when it is refilled. */
  getDiagnostics(): Diagnostic[];
  /** Settings: parked step-back checkpoints (0 = none) and history limits. */
  getOptions(): { checkpoints: number; maxTicks: number; maxBytes: number };
}

/** The timeline wired to the preview host (replays rebuild the iframe) and the console. */
/** How often the refill looks again while a parked preview is on its way. */
const POLL_MS = 15;
/** A parked preview still not there after this long is dropped (a replay takes ~0.3 ms a tick). */
const STUCK_MS = 20_000;

export function createRunTimeline(w: RunTimelineWiring): Timeline {
  // Hidden previews replayed to spaced ticks before the current one (checkpoints).
  let parked: { tick: number; run: RunInfo }[] = [];
  const drop = (run?: RunInfo) => {
    w.getHost()?.dropParked(run);
    parked = run ? parked.filter((p) => p.run !== run) : [];
  };
  const timeline = createTimeline({
    limits: () => w.getOptions(),
    send: (message) => w.getHost()?.send(message),
    replay(tick, inputs) {
      const current = w.getCurrent();
      const host = w.getHost();
      if (!current || !host) return { frame: {}, at: tick };
      const reached = parked.map((p) => ({ ...p, reached: host.parkedReached(p.run) }));
      const from = chooseCheckpoint(tick, reached);
      const at = from ? host.promote(from.run) : null;
      if (from && at !== null) {
        parked = parked.filter((p) => p.run !== from.run);
        return { frame: from.run, at };
      }
      // A new object per replay: messages are matched to the frame by its RunInfo.
      const run: RunInfo = { ...current.run, replay: { tick, inputs } };
      void host.start(current.program, run);
      return { frame: run, at: tick };
    },
    resetConsole(messages) {
      w.console.clear(null);
      for (const diagnostic of w.getDiagnostics())
        w.console.push({ kind: 'diagnostic', diagnostic });
      for (const message of messages) w.console.pushRuntime(message);
    },
    showConsole(messages) {
      for (const message of messages) w.console.pushRuntime(message);
    },
    notice: (text) => w.console.push({ kind: 'notice', text }),
  });

  timeline.subscribe(() => {
    const t = timeline.getState();
    const current = w.getCurrent();
    const host = w.getHost();
    if (!host || !current) return;
    const count = t.active ? w.getOptions().checkpoints : 0;
    if (parked.some((p) => p.run.runId !== current.run.runId) || count === 0) {
      if (parked.length) drop();
      return;
    }
    // Park only while paused: while playing or replaying the ticks move on.
    if (t.mode !== 'paused') return;
    refill();
  });

  // One refill step at a time (see nextRefill); polled while a parked preview is on its way.
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the parked preview being waited on started its move, to give up on a stuck one. */
  let busySince: { run: RunInfo; at: number } | null = null;
  const refill = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const t = timeline.getState();
    const current = w.getCurrent();
    const host = w.getHost();
    const count = t.active ? w.getOptions().checkpoints : 0;
    if (!host || !current || count === 0 || t.mode !== 'paused') return;
    const wanted = checkpointTicks(t.tick, count, t.firstTick);
    for (const p of assignCheckpoints(wanted, parked).drop) drop(p.run);
    const reached = parked.map((p) => ({ ...p, reached: host.parkedReached(p.run) }));
    const busy = reached.find((p) => p.reached < p.tick);
    if (busy) {
      if (busySince?.run !== busy.run) busySince = { run: busy.run, at: performance.now() };
      // A parked preview that never gets there (it failed to start) is replaced.
      if (performance.now() - busySince.at > STUCK_MS) drop(busy.run);
      timer = setTimeout(refill, POLL_MS);
      return;
    }
    busySince = null;
    const step = nextRefill(assignCheckpoints(wanted, reached), reached);
    if (!step) return;
    if ('move' in step) {
      const p = parked.find((q) => q.run === step.move.run)!;
      p.tick = step.to;
      host.advanceParked(p.run, step.to, timeline.inputsUpTo(step.to));
    } else {
      const tick = step.park;
      const run: RunInfo = { ...current.run, replay: { tick, inputs: timeline.inputsUpTo(tick) } };
      parked.push({ tick, run });
      host.park(current.program, run);
    }
    timer = setTimeout(refill, POLL_MS);
  };
  return timeline;
}
