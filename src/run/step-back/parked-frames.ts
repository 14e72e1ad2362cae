/**
 * Parked previews: hidden iframes replayed to spaced ticks (step-back checkpoints). Each one
 * buffers what it reports, so when it is swapped in (promoted) the app sees its history as if
 * it had been the visible preview all along. A runtime takes one replay target at a time, so
 * a move on (advance) waits until the frame rests.
 */
import type { ConnectedFrame } from '../../preview/frame';
import { parseRuntimeMessage } from '../../protocol/runtime-message-schema';
import type { InputRecord, RuntimeMessage } from '../../protocol';
import type { RunInfo } from '../controller';

type Replay = NonNullable<RunInfo['replay']>;

/** Messages for the host itself, never buffered for (or passed to) the app. */
const HOST_ONLY = new Set<RuntimeMessage['type']>([
  'pong',
  'tick-started',
  'shortcut',
  'focus-taken',
  'viewport',
]);

interface Parked {
  frame: ConnectedFrame | null;
  buffer: RuntimeMessage[];
  reached: number;
  /** The tick it is to go to (the replay's, then the latest advance). */
  target: number;
  /** The tick it was last sent to: where it rests next. */
  sent: number;
  /** It reported resting (paused) and has been sent nothing since. */
  resting: boolean;
  /** A run-until to send once it rests. */
  pending: { tick: number; inputs: InputRecord[] } | null;
}

/** A parked preview taken out to be shown: what it reported so far, and where it rests. */
export interface TakenFrame {
  frame: ConnectedFrame;
  buffer: RuntimeMessage[];
  resting: boolean;
  /** The tick it was last sent to (a run-until not sent yet is dropped). */
  sent: number;
}

export interface ParkedFrames {
  /**
   * Parks `run` in `frame` once it connects; `start` sends it the run with `replay` (the
   * run's own, or a later target asked for meanwhile).
   */
  park(
    run: RunInfo,
    frame: Promise<ConnectedFrame>,
    start: (frame: ConnectedFrame, replay: Replay | undefined) => void,
  ): void;
  /** The tick `run` reported last: 0 while silent, -1 not started yet. */
  reached(run: RunInfo): number;
  /** Moves `run` on to `tick` (forward only): sent once it rests. */
  advance(run: RunInfo, tick: number, inputs: InputRecord[]): void;
  /** Removes `run` from the parked set to show it, or null while it has no frame yet. */
  take(run: RunInfo): TakenFrame | null;
  /** Removes the parked preview of `run`, or every parked preview, with its iframe. */
  drop(run?: RunInfo): void;
}

/** `onHostMessage`: a message for the host itself (a run shortcut, focus the frame took). */
export function createParkedFrames(
  onHostMessage: (message: RuntimeMessage, frame: ConnectedFrame) => void,
): ParkedFrames {
  const parked = new Map<RunInfo, Parked>();

  const sendPending = (entry: Parked) => {
    if (!entry.frame || !entry.pending) return;
    entry.frame.send({ type: 'run-until', ...entry.pending });
    entry.sent = entry.pending.tick;
    entry.pending = null;
    entry.resting = false;
  };

  const drop = (run?: RunInfo) => {
    for (const [key, entry] of run ? [[run, parked.get(run)] as const] : [...parked]) {
      if (!entry) continue;
      parked.delete(key);
      entry.frame?.port.close();
      entry.frame?.iframe.remove();
    }
  };

  return {
    park(run, framePromise, start) {
      drop(run);
      const entry: Parked = {
        frame: null,
        buffer: [],
        reached: -1,
        target: run.replay?.tick ?? 0,
        sent: 0,
        resting: false,
        pending: null,
      };
      parked.set(run, entry);
      void framePromise
        .then((frame) => {
          // Dropped (or the host disposed) while it booted.
          if (parked.get(run) !== entry) return void frame.iframe.remove();
          entry.frame = frame;
          entry.reached = 0;
          frame.port.onmessage = (event: MessageEvent) => {
            const message = parseRuntimeMessage(event.data);
            if (!message) return;
            if (HOST_ONLY.has(message.type)) return onHostMessage(message, frame);
            entry.buffer.push(message);
            if (message.type !== 'ticks') return;
            entry.reached = message.state.tick;
            entry.resting = message.state.mode === 'paused';
            if (entry.resting && entry.pending) sendPending(entry);
          };
          // A move asked for meanwhile is the target; the run's tick-0 viewport and environment
          // stay (without them the frame would replay at the pane's size and the browser's).
          const replay =
            entry.pending && run.replay ? { ...run.replay, ...entry.pending } : run.replay;
          entry.pending = null;
          entry.sent = replay?.tick ?? 0;
          start(frame, replay);
        })
        .catch(() => {
          if (parked.get(run) === entry) parked.delete(run);
        });
    },
    reached: (run) => parked.get(run)?.reached ?? -1,
    advance(run, tick, inputs) {
      const entry = parked.get(run);
      if (!entry || tick <= entry.target) return;
      entry.pending = { tick, inputs };
      entry.target = tick;
      if (entry.resting) sendPending(entry);
    },
    take(run) {
      const entry = parked.get(run);
      if (!entry?.frame) return null;
      parked.delete(run);
      return { frame: entry.frame, buffer: entry.buffer, resting: entry.resting, sent: entry.sent };
    },
    drop,
  };
}
