import type { HostMessage, Program, RuntimeMessage } from '../protocol';
import type { PreviewShortcut } from '../protocol/run-shortcuts';
import type { ConnectedFrame } from './frame';
import type { PreviewRun } from './run-message';

export interface PreviewHostOptions {
  /** Element the iframes live in (the preview pane). */
  container: HTMLElement;
  /** URL of preview.html, resolved against the app's base so any static host works. */
  previewUrl: string;
  /** A validated message from the preview of a run; `run` is the object given to `start` (which frame). */
  onMessage(runId: number, message: RuntimeMessage, run: PreviewRun): void;
  /** The preview of a run stopped answering pings for `hangMs`; `tick` is the tick it hung in. */
  onHang(runId: number, tick: number): void;
  /** The preview could not be created at all (preview.html missing, runtime failed). */
  onStartError?(error: Error): void;
  /** The preview of a run posted to the app's window, which ignores it (once per run); `flood`: past the rate that stops it. */
  onPostedToApp?(runId: number, flood: boolean): void;
  /** A run shortcut or save pressed while the visible preview had focus (the app's listener missed it). */
  onShortcut?(action: PreviewShortcut): void;
  /** How often the running preview is pinged. */
  heartbeatMs?: number;
  /** Silence after which a preview counts as hung. */
  hangMs?: number;
  /** The loop guard's budget sent with each run (read at start, so a settings change applies). */
  loopBudgetMs?: () => number;
  /** The speed a run plays at once evaluated (the timeline's), read at start. */
  runSpeed?: () => number;
  /** Marks a phase of a run's start (user timing for the bench; the app decides if it records). */
  mark?(name: string): void;
}

export interface PreviewHost {
  /** Runs `program` in a fresh iframe; the previous one stays until the new one is ready. */
  start(program: Program, run: PreviewRun): Promise<void>;
  /**
   * A frame for a hidden preview (a step-back checkpoint), once no run is starting: replaying
   * a checkpoint evaluates the whole program and would compete with a run's first output.
   */
  hiddenFrame(): Promise<ConnectedFrame>;
  /** Sends `run` to a hidden frame from `hiddenFrame` (which stays hidden). */
  startHidden(frame: ConnectedFrame, program: Program, run: PreviewRun): void;
  /**
   * Shows a hidden frame in place of the current preview, as the preview of `run`; `buffered`
   * (what it reported while hidden) reaches `onMessage` before anything it sends later.
   */
  show(frame: ConnectedFrame, run: PreviewRun, buffered: RuntimeMessage[]): void;
  /** A message a hidden frame sent for the host itself (a run shortcut, focus it took). */
  handleHostMessage(message: RuntimeMessage, frame: ConnectedFrame): void;
  /** Sends a message to the current preview (run-loop controls). */
  send(message: HostMessage): void;
  /** The shown preview's global names, for the console input; null without an answer. */
  globalNames(): Promise<string[] | null>;
  /** Removes the running preview (used when it hangs). */
  stop(): void;
  dispose(): void;
}
