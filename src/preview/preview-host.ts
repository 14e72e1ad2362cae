import type { HostMessage, Program, RuntimeMessage } from '../protocol';
import type { RunInfo } from '../run/controller';
import { createFrame, type ConnectedFrame } from './frame';
import { parseRuntimeMessage } from './validate';
import type { RunShortcut } from '../run/run-shortcuts';

export interface PreviewHostOptions {
  /** Element the iframes live in (the preview pane). */
  container: HTMLElement;
  /** URL of preview.html, resolved against the app's base so any static host works. */
  previewUrl: string;
  /** A validated message from the preview of a run; `run` is the object given to `start` (which frame). */
  onMessage(runId: number, message: RuntimeMessage, run: RunInfo): void;
  /** The preview of a run stopped answering pings for `hangMs`; `tick` is the tick it hung in. */
  onHang(runId: number, tick: number): void;
  /** The preview could not be created at all (preview.html missing, runtime failed). */
  onStartError?(error: Error): void;
  /** A run shortcut pressed while the visible preview had focus (the app's listener missed it). */
  onShortcut?(action: RunShortcut): void;
  /** How often the running preview is pinged. */
  heartbeatMs?: number;
  /** Silence after which a preview counts as hung. */
  hangMs?: number;
  /** The loop guard's budget sent with each run (read at start, so a settings change applies). */
  loopBudgetMs?: () => number;
}

export interface PreviewHost {
  /** Runs `program` in a fresh iframe; the previous one stays until the new one is ready. */
  start(program: Program, run: RunInfo): Promise<void>;
  /**
   * Starts a hidden preview of `run` (a replay) and keeps it parked, so a later step back
   * swaps it in instead of replaying from scratch. One is parked at a time.
   */
  park(program: Program, run: RunInfo): void;
  /** Shows the parked preview of `run` in place of the current one; false when there is none. */
  promote(run: RunInfo): boolean;
  /** Removes the parked preview, if any. */
  dropParked(): void;
  /** Sends a message to the current preview (run-loop controls). */
  send(message: HostMessage): void;
  /** Removes the running preview (used when it hangs). */
  stop(): void;
  dispose(): void;
}

/** Messages for the host itself, never buffered for (or passed to) the app. */
const HOST_ONLY = new Set<RuntimeMessage['type']>(['pong', 'tick-started', 'shortcut']);

export function createPreviewHost(options: PreviewHostOptions): PreviewHost {
  const { container, previewUrl } = options;
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const hangMs = options.hangMs ?? 5000;

  // `tick`: the latest tick the preview began (tick-started) or reported (ticks).
  let current: { frame: ConnectedFrame; runId: number; tick: number } | null = null;
  let parked: { frame: ConnectedFrame; run: RunInfo; buffer: RuntimeMessage[] } | null = null;
  let parkSeq = 0;
  let spare: Promise<ConnectedFrame> | null = null;
  let startSeq = 0;
  // When the unanswered ping was sent; null when every ping was answered. Measuring from the
  // ping (not the last pong) keeps background-tab timer throttling from looking like a hang.
  let pingSentAt: number | null = null;
  let pingSeq = 0;
  let disposed = false;

  // A spare iframe with the runtime already loaded saves ~25–100 ms per run.
  const takeSpare = () => {
    const frame = spare ?? createFrame(container, previewUrl);
    spare = null;
    return frame;
  };
  const prepareSpare = () => {
    if (disposed || spare) return;
    spare = createFrame(container, previewUrl);
    spare.catch(() => {
      spare = null;
    });
  };

  const heartbeat = setInterval(() => {
    if (!current) return;
    if (pingSentAt !== null) {
      if (performance.now() - pingSentAt > hangMs) options.onHang(current.runId, current.tick);
      return;
    }
    pingSentAt = performance.now();
    current.frame.send({ type: 'ping', seq: ++pingSeq });
  }, heartbeatMs);

  const removeCurrent = () => {
    if (!current) return;
    current.frame.port.close();
    // Removing the iframe ends its process, which also ends a runaway loop.
    current.frame.iframe.remove();
    current = null;
  };

  const runMessage = (program: Program, run: RunInfo) =>
    ({
      type: 'run',
      program: withoutSourceMaps(program),
      seed: run.seed,
      startTime: run.startTime,
      ...(run.replay ? { replay: run.replay } : {}),
      ...(options.loopBudgetMs ? { loopBudgetMs: options.loopBudgetMs() } : {}),
    }) as const;

  /** Makes `frame` the visible preview of `run`, replacing the current one. */
  const activate = (frame: ConnectedFrame, run: RunInfo) => {
    removeCurrent();
    const active = { frame, runId: run.runId, tick: run.replay?.tick ?? 0 };
    current = active;
    pingSentAt = null;
    frame.port.onmessage = (event: MessageEvent) => {
      const message = parseRuntimeMessage(event.data);
      if (!message) return;
      if (message.type === 'pong') {
        if (message.seq === pingSeq) pingSentAt = null;
        return;
      }
      if (message.type === 'tick-started') {
        active.tick = message.tick;
        return;
      }
      if (message.type === 'shortcut') {
        options.onShortcut?.(message.action);
        return;
      }
      if (message.type === 'ticks') active.tick = message.state.tick;
      options.onMessage(run.runId, message, run);
    };
    frame.iframe.title = 'Preview';
    frame.iframe.removeAttribute('aria-hidden');
    frame.iframe.removeAttribute('tabindex');
    frame.iframe.className = 'pp-preview-frame';
  };

  const dropParked = () => {
    parkSeq++;
    if (!parked) return;
    parked.frame.port.close();
    parked.frame.iframe.remove();
    parked = null;
  };

  return {
    park(program, run) {
      dropParked();
      const seq = parkSeq;
      void takeSpare()
        .then((frame) => {
          if (seq !== parkSeq || disposed) return void frame.iframe.remove();
          const entry = { frame, run, buffer: [] as RuntimeMessage[] };
          frame.port.onmessage = (event: MessageEvent) => {
            const message = parseRuntimeMessage(event.data);
            if (!message) return;
            // Keyboard focus can rest in the parked frame (seen in Chromium after a pause).
            if (message.type === 'shortcut') options.onShortcut?.(message.action);
            else if (!HOST_ONLY.has(message.type)) entry.buffer.push(message);
          };
          frame.send(runMessage(program, run));
          parked = entry;
          setTimeout(prepareSpare, 200);
        })
        .catch(() => {});
    },
    promote(run) {
      if (!parked || parked.run !== run) return false;
      const { frame, buffer } = parked;
      parked = null;
      startSeq++;
      activate(frame, run);
      // After the caller has adopted `run` as its frame (it gets it from our return), yet
      // before any later message from the port (a task).
      queueMicrotask(() => {
        for (const message of buffer) options.onMessage(run.runId, message, run);
      });
      return true;
    },
    dropParked,
    async start(program, run) {
      const seq = ++startSeq;
      let frame: ConnectedFrame;
      try {
        frame = await takeSpare();
      } catch {
        try {
          frame = await createFrame(container, previewUrl);
        } catch (error) {
          if (seq === startSeq) options.onStartError?.(error as Error);
          return;
        }
      }
      if (seq !== startSeq || disposed) {
        frame.iframe.remove();
        return;
      }
      activate(frame, run);
      frame.send(runMessage(program, run));
      setTimeout(prepareSpare, 500);
    },
    send(message) {
      current?.frame.send(message);
    },
    stop() {
      startSeq++;
      removeCurrent();
      dropParked();
      // A spare made while the stopped preview was hung may share its renderer process and
      // never start: drop every standby frame so the next run gets a fresh one.
      spare = null;
      for (const frame of container.querySelectorAll('iframe.pp-preview-frame--standby'))
        frame.remove();
    },
    dispose() {
      disposed = true;
      clearInterval(heartbeat);
      removeCurrent();
      dropParked();
      void spare?.then((f) => f.iframe.remove()).catch(() => {});
      spare = null;
    },
  };
}

/** The preview never reads source maps (the host maps stacks), so they are not copied to it. */
function withoutSourceMaps(program: Program): Program {
  const modules: Program['modules'] = {};
  for (const [id, module] of Object.entries(program.modules)) {
    modules[id] = module.kind === 'js' ? { ...module, map: '' } : module;
  }
  return { ...program, modules };
}
