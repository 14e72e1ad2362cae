/**
 * One probed replay's hidden frame (docs/logpoints.md, "The probed replay"): started with the
 * run and its probes, moved on to later ticks as the recording grows, watched for a hang, and
 * heard through the protocol's checks. Never shown: the user's preview is never a probed frame.
 */
import type { ConnectedFrame } from '../preview/frame';
import type { PreviewHost, PreviewRun } from '../preview/preview-host';
import type { InputRecord, LoopState, Program, RuntimeMessage, TickRecord } from '../protocol';
import { parseRuntimeMessage } from '../protocol/runtime-message-schema';

/** What a probed frame reports to its session. */
export interface ProbeFrameEvents {
  /** Logpoint hits and line runs (sent before the `ticks` report that covers them). */
  probes(message: Extract<RuntimeMessage, { type: 'probe-hits' | 'line-hits' }>): void;
  /** Ticks it ran and where it rests. */
  ticks(records: TickRecord[], state: LoopState): void;
  /** It went silent while replaying (a hang the loop guard could not stop): removed. */
  hung(tick: number): void;
  /** It could not start (no frame, the runtime failed to load). */
  failed(error: Error): void;
}

/** Timers for the watchdog (the browser's by default; tests pass fakes). */
export interface FrameClock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ProbeFrame {
  /** Moves the replay on to `tick` (forward only): sent once it rests. */
  moveTo(tick: number, inputs: InputRecord[]): void;
  /** The tick it reported last (-1 before tick 0). */
  reached(): number;
  /** It rests (paused): at the last tick it was sent to, or short of it when the replay ran out. */
  resting(): boolean;
  /** The newest tick it was asked to reach (sent, or waiting to be sent). */
  target(): number;
  /** It rests short of the tick it was sent to: the replay ran out (nothing due, no input next). */
  ranOut(): boolean;
  dispose(): void;
}

/** Silence while replaying after which the frame counts as hung (a live run's watchdog: 5 s). */
export const PROBE_HANG_MS = 8000;

const browserClock: FrameClock = {
  now: () => performance.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Messages that concern the host (a replay's resize, focus it took), not the session. */
const FOR_HOST = new Set<RuntimeMessage['type']>(['focus-taken', 'viewport', 'shortcut']);

export function startProbeFrame(
  host: Pick<PreviewHost, 'hiddenFrame' | 'startHidden' | 'handleHostMessage'>,
  program: Program,
  run: PreviewRun & { replay: NonNullable<PreviewRun['replay']> },
  events: ProbeFrameEvents,
  clock: FrameClock = browserClock,
): ProbeFrame {
  let frame: ConnectedFrame | null = null;
  let disposed = false;
  let reached = -1;
  let resting = false;
  let sent = run.replay.tick;
  let pending: { tick: number; inputs: InputRecord[] } | null = null;
  let heardAt = clock.now();

  const send = () => {
    if (!frame || !pending) return;
    frame.send({ type: 'run-until', ...pending });
    sent = pending.tick;
    pending = null;
    resting = false;
    heardAt = clock.now();
  };

  const remove = () => {
    clock.clearInterval(watchdog);
    frame?.port.close();
    frame?.iframe.remove();
    frame = null;
  };

  const watchdog = clock.setInterval(() => {
    if (!frame || resting || clock.now() - heardAt < PROBE_HANG_MS) return;
    remove();
    events.hung(reached + 1);
  }, 1000);

  const hear = (data: unknown) => {
    const message = parseRuntimeMessage(data);
    if (!message || !frame || disposed) return;
    heardAt = clock.now();
    if (FOR_HOST.has(message.type)) return host.handleHostMessage(message, frame);
    if (message.type === 'probe-hits' || message.type === 'line-hits') events.probes(message);
    if (message.type !== 'ticks') return;
    reached = message.state.tick;
    // Paused short of where it was sent: the replay ran out (nothing due, no input next).
    resting = message.state.mode === 'paused';
    events.ticks(message.records, message.state);
    if (message.state.mode === 'paused' && pending) send();
  };

  host.hiddenFrame().then(
    (connected) => {
      if (disposed) return void connected.iframe.remove();
      frame = connected;
      heardAt = clock.now();
      connected.port.onmessage = (event: MessageEvent) => hear(event.data);
      // A move asked for while it booted is where it replays to at once.
      const replay = pending ? { ...run.replay, ...pending } : run.replay;
      sent = replay.tick;
      pending = null;
      host.startHidden(connected, program, { ...run, replay });
    },
    (error: unknown) => {
      if (disposed) return;
      clock.clearInterval(watchdog);
      events.failed(error instanceof Error ? error : new Error(String(error)));
    },
  );

  return {
    moveTo(tick, inputs) {
      if (tick <= Math.max(sent, pending?.tick ?? -1)) return;
      pending = { tick, inputs };
      if (resting) send();
    },
    reached: () => reached,
    resting: () => resting,
    target: () => pending?.tick ?? sent,
    ranOut: () => resting && reached < sent,
    dispose() {
      disposed = true;
      remove();
    },
  };
}
