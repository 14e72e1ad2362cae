/**
 * The run's timeline (timeline.ts) wired to the preview and the console: a replay swaps in a
 * step-back checkpoint or rebuilds the preview, and the console follows the current tick.
 */
import type { ConsoleStore } from '../console/console-store';
import type { PreviewHost } from '../preview/preview-host';
import type { Diagnostic, InputRecord, Program, ReplayTarget } from '../protocol';
import type { RunInfo } from './controller';
import {
  createCheckpointRefill,
  type CheckpointRefill,
  type RefillClock,
} from './step-back/checkpoint-refill';
import type { ParkedPreviews } from './step-back/parked-previews';
import { createTimeline, type Timeline } from './timeline';

export interface TimelineWiring {
  /** Follows the current tick: refilled from the history on a step back. */
  console: ConsoleStore;
  /** The preview host, once the preview pane is mounted. */
  getHost(): PreviewHost | null;
  /** The step-back checkpoints' hidden previews, mounted with the host. */
  getParked(): ParkedPreviews | null;
  /** Program and run info of the current run (what a replay rebuilds). */
  getCurrent(): { program: Program; run: RunInfo } | null;
  /** The build's diagnostics, kept at the top of the console when it is refilled. */
  getDiagnostics(): Diagnostic[];
  /** Settings: parked step-back checkpoints (0 = none) and history limits. */
  getOptions(): { checkpoints: number; maxTicks: number; maxBytes: number };
  /** The checkpoint refill's timers (the browser's by default). */
  clock?: RefillClock;
}

/** The timeline and the checkpoints that make its step back fast. */
export interface WiredTimeline {
  /** Play, pause, step and seek the current run. */
  timeline: Timeline;
  /** Parked previews kept filled while paused; dropped when the run or the pane goes. */
  checkpoints: CheckpointRefill;
}

export function wireTimeline(w: TimelineWiring): WiredTimeline {
  const timeline = createTimeline({
    limits: () => w.getOptions(),
    send: (message) => w.getHost()?.send(message),
    replay(tick, inputs) {
      const current = w.getCurrent();
      const host = w.getHost();
      if (!current || !host) return { frame: {}, at: tick };
      const from = checkpoints.take(tick);
      if (from) return { frame: from.run, at: from.at };
      // A new object per replay: messages are matched to the frame by its RunInfo.
      const run: RunInfo = { ...current.run, replay: replayTarget(tick, inputs) };
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
    notice: (text, key) => w.console.push({ kind: 'notice', text, ...(key ? { key } : {}) }),
  });
  // The viewport of tick 0 too: the preview may have been resized since (RESIZE_INPUT).
  const replayTarget = (tick: number, inputs: InputRecord[]): ReplayTarget => {
    const viewport = timeline.startViewport();
    const environment = timeline.startEnvironment();
    return {
      tick,
      inputs,
      ...(viewport ? { viewport } : {}),
      ...(environment ? { environment } : {}),
    };
  };
  const checkpoints = createCheckpointRefill({
    getParked: w.getParked,
    timeline,
    getCurrent: w.getCurrent,
    getCount: () => w.getOptions().checkpoints,
    ...(w.clock ? { clock: w.clock } : {}),
  });
  return { timeline, checkpoints };
}
