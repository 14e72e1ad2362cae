import type { ConsoleStore } from '../console/console-store';
import type { PreviewHost } from '../preview/preview-host';
import type { Diagnostic, Program } from '../protocol';
import type { RunInfo } from './controller';
import { createTimeline, type Timeline } from './timeline';

export interface RunTimelineWiring {
  console: ConsoleStore;
  /** The preview host, once the preview pane is mounted. */
  getHost(): PreviewHost | null;
  /** Program and run info of the current run (what a replay rebuilds). */
  getCurrent(): { program: Program; run: RunInfo } | null;
  /** The build's diagnostics, kept at the top of the console when it is refilled. */
  getDiagnostics(): Diagnostic[];
  /** Settings: keep a step-back standby preview; history limits. */
  getOptions(): { standby: boolean; maxTicks: number; maxBytes: number };
}

/** The timeline wired to the preview host (replays rebuild the iframe) and the console. */
export function createRunTimeline(w: RunTimelineWiring): Timeline {
  // A hidden preview replayed to the tick before the current one (a parked checkpoint).
  let standby: { tick: number; run: RunInfo } | null = null;
  const timeline = createTimeline({
    limits: () => w.getOptions(),
    send: (message) => w.getHost()?.send(message),
    replay(tick, inputs) {
      const current = w.getCurrent();
      if (!current) return {};
      if (standby?.tick === tick && w.getHost()?.promote(standby.run)) {
        const run = standby.run;
        standby = null;
        return run;
      }
      // A new object per replay: messages are matched to the frame by its RunInfo.
      const run: RunInfo = { ...current.run, replay: { tick, inputs } };
      void w.getHost()?.start(current.program, run);
      return run;
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
    const stale = standby !== null && standby.run.runId !== current.run.runId;
    if (stale || !t.active || !w.getOptions().standby || (t.mode === 'paused' && t.tick === 0)) {
      if (standby) host.dropParked();
      standby = null;
      return;
    }
    if (t.mode !== 'paused' || standby?.tick === t.tick - 1) return;
    const tick = t.tick - 1;
    const run: RunInfo = { ...current.run, replay: { tick, inputs: timeline.inputsUpTo(tick) } };
    standby = { tick, run };
    host.park(current.program, run);
  });
  return timeline;
}
