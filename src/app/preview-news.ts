import type { ConsoleStore } from '../console/console-store';
import type { PreviewHostOptions } from '../preview/preview-host';
import { POST_FLOOD, POSTED_TO_APP } from '../preview/post-watch';
import type { ProblemsStore } from '../problems/problems-store';
import { NAVIGATED, type RunController } from '../run/controller';
import { applyRunShortcut } from '../run/run-keys';
import type { Timeline } from '../run/timeline-types';
import type { ViewStore } from './view-store';
import type { RuntimeMessage } from '../protocol';

/** The stores the preview's news goes to. */
export interface PreviewNewsDeps {
  /** Run status: each message of the current run, hangs and stops. */
  runController: RunController;
  /** What the user reads of the run: output, errors and the app's notices about the preview. */
  console: ConsoleStore;
  /** Uncaught errors, listed with their mapped place. */
  problems: ProblemsStore;
  /** Ticks, replays and the run shortcuts pressed in the preview. */
  timeline: Timeline;
  /** Ctrl/Cmd+S pressed in the preview asks the view to save. */
  view: ViewStore;
  /** Hears each message the console took as new output (not a replay's known output). */
  onShown?(message: RuntimeMessage): void;
}

type PreviewNews = Pick<
  PreviewHostOptions,
  'onMessage' | 'onHang' | 'onPostedToApp' | 'onShortcut' | 'onStartError'
>;

/** What the preview host reports, passed to the stores that show it (only the current run's). */
export function previewNews(deps: PreviewNewsDeps): PreviewNews {
  const { runController, console: consoleStore, problems, timeline, view } = deps;
  return {
    onMessage(runId, message, run) {
      if (runId !== runController.getState().runId) return;
      runController.handleRuntime(runId, message);
      // Said here: the run's timeline stopped with its frame, so it passes nothing on.
      if (message.type === 'navigated' && runController.getState().detail === NAVIGATED)
        consoleStore.push({ kind: 'notice', text: NAVIGATED });
      else if (timeline.handle(run, message)) {
        consoleStore.pushRuntime(message);
        if (message.type === 'error')
          problems.addRuntime(message, consoleStore.mapFrames(message.frames));
        deps.onShown?.(message);
      }
    },
    onHang(runId, tick) {
      runController.handleHang(runId, tick);
      if (runController.getState().status === 'not-responding') {
        consoleStore.push({
          kind: 'notice',
          text: `The preview stopped responding at tick ${tick} (a long or infinite loop, or it ran out of memory?) and was stopped. Fix the code and press Run.`,
        });
      }
    },
    onPostedToApp(runId, flood) {
      if (flood) runController.handleStopped(runId, POST_FLOOD);
      consoleStore.push({ kind: 'notice', text: flood ? POST_FLOOD : POSTED_TO_APP });
    },
    onShortcut: (action) =>
      action === 'save' ? view.requestSave() : applyRunShortcut(timeline, action),
    onStartError: (error) => {
      timeline.replayFailed();
      consoleStore.push({ kind: 'notice', text: error.message });
    },
  };
}
