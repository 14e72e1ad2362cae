import { vendorBundlesFor, type Program } from '../protocol';
import type { PreviewHost, PreviewHostOptions } from './preview-host-types';
import { createBackgroundGate } from './background-gate';
import { createFocusKeeper } from './focus-keeper';
import { createGlobalNamesRequest } from './global-names-request';
import { createFrame, sizeFrame, type ConnectedFrame } from './frame';
import { snapToDevicePixels } from './frame-snap';
import { messageGate } from './message-gate';
import { watchPosts } from './post-watch';
import { createRuntimeInbox } from '../protocol/runtime-inbox';
import { runMessage, type PreviewRun } from './run-message';
import { createSpareFrames } from './spare-frames';
import { createRetiredFrames } from './retired-frames';

export type { PreviewHost, PreviewHostOptions } from './preview-host-types';
export type { PreviewRun } from './run-message';

/**
 * The longest a replaced preview stays (hidden, paused) before it is removed; one that had
 * focus stays this long at least (see retireCurrent).
 */
const RETIRE_MS = 500;

export function createPreviewHost(options: PreviewHostOptions): PreviewHost {
  const { container, previewUrl } = options;
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const hangMs = options.hangMs ?? 5000;

  // `tick`: the latest tick the preview began (tick-started) or reported (ticks).
  let current: { frame: ConnectedFrame; runId: number; tick: number } | null = null;
  let startSeq = 0;
  // When the unanswered ping was sent; null when every ping was answered. Measuring from the
  // ping (not the last pong) keeps background-tab timer throttling from looking like a hang.
  let pingSentAt: number | null = null;
  let pingSeq = 0;
  let disposed = false;
  // Focus that left the app for the shown preview by itself: its runtime tells whether a frame
  // the program nested took it (and answers focus-taken).
  const focus = createFocusKeeper(container.ownerDocument, undefined, (iframe, intent) => {
    if (current?.frame.iframe === iframe) current.frame.send({ type: 'focus-check', ...intent });
  });
  const globals = createGlobalNamesRequest();
  const view = container.ownerDocument.defaultView ?? window;
  // Spares and checkpoints wait while a run starts: they would compete with its first output.
  const gate = createBackgroundGate({
    frame: (callback) => view.requestAnimationFrame(() => callback()),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    startHeld: true,
  });
  const mark = (name: string) => options.mark?.(name);
  const unwatchPosts = watchPosts(messageGate(view), () => current, {
    posted: (runId) => options.onPostedToApp?.(runId, false),
    flooded: (runId) => options.onPostedToApp?.(runId, true),
  });
  const inboxDeps = {
    now: () => performance.now(),
    later: (task: () => void) => setTimeout(task, 0),
  };

  // Two, so back-to-back runs each find one ready (see spare-frames.ts).
  const spares = createSpareFrames({
    create: () => createFrame(container, previewUrl),
    size: 2,
    schedule: (boot) => gate.whenOpen(boot),
  });
  const prepareSpare = () => {
    if (!disposed) spares.fill();
  };

  const unsnap = snapToDevicePixels(container);

  // The first run's frame boots while the app builds it.
  prepareSpare();

  // When the heartbeat last ran: a late beat means the app itself was busy (a flood of console
  // output to show), and the pong may be waiting behind that output. The app's own stall is not
  // counted as the preview's silence, so a flood is never taken for a hang.
  let lastBeat = performance.now();
  const heartbeat = setInterval(() => {
    const now = performance.now();
    const stall = now - lastBeat - heartbeatMs;
    lastBeat = now;
    if (!current) return;
    if (pingSentAt !== null && stall > heartbeatMs) pingSentAt += stall;
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

  /** Sends `run` to `frame`, sized first (sizeFrame: a replay has the run's tick-0 viewport). */
  const sendRun = (frame: ConnectedFrame, program: Program, run: PreviewRun) => {
    sizeFrame(frame.iframe, run.replay?.viewport ?? null);
    frame.send(
      runMessage(program, run, {
        loopBudgetMs: options.loopBudgetMs?.(),
        speed: options.runSpeed?.(),
      }),
    );
  };

  const retired = createRetiredFrames(RETIRE_MS);

  /**
   * Takes the current preview out of view at once, its clock paused, and removes it once the
   * new run has evaluated (or after RETIRE_MS). Removed at once, its document's teardown (~5-8
   * ms in its renderer, which the new frame often shares, and a few on the app's thread) came
   * while the new program started. One with keyboard focus (the user stepped back with a
   * shortcut forwarded from it) stays RETIRE_MS at least: removed at once, Chromium never
   * acknowledges the key it is handling, and the keyboard stops working. Returns whether it
   * had focus.
   */
  const retireCurrent = (): boolean => {
    if (!current) return false;
    const { frame } = current;
    const { iframe, port } = frame;
    const hadFocus = container.ownerDocument.activeElement === iframe;
    // A busy program must not hold a renderer the new frame may share.
    frame.send({ type: 'pause' });
    port.close();
    iframe.title = 'Standby frame';
    iframe.setAttribute('aria-hidden', 'true');
    iframe.className = 'pp-preview-frame pp-preview-frame--retired';
    retired.retire(iframe, hadFocus ? RETIRE_MS : 0);
    current = null;
    return hadFocus;
  };

  /** Makes `frame` the visible preview of `run`, replacing the current one. */
  const activate = (frame: ConnectedFrame, run: PreviewRun) => {
    // The user was in the preview: the new one takes over the keys.
    const hadFocus = retireCurrent();
    const active = { frame, runId: run.runId, tick: run.replay?.tick ?? 0 };
    current = active;
    globals.drop();
    pingSentAt = null;
    // Bench phases: when the run's first output and its end of evaluation reach the app.
    let outputSeen = false;
    // Checked and delivered a few milliseconds' work per task (a flood never freezes the app);
    // what is still queued when this preview is retired is dropped.
    const inbox = createRuntimeInbox((message) => {
      if (current !== active) return inbox.dispose();
      if (!outputSeen && (message.type === 'console' || message.type === 'console-batch')) {
        outputSeen = true;
        mark('playpen:first-output');
      }
      if (message.type === 'evaluated') {
        mark('playpen:evaluated');
        // In a task of its own: the message's own work (the console, the status) comes first.
        setTimeout(retired.dropReady, 0);
      }
      if (message.type === 'pong') {
        if (message.seq === pingSeq) pingSentAt = null;
        return;
      }
      if (message.type === 'globals') return globals.answer(message.seq, message.names);
      // The program is up: boot the next run's frame once it has shown its first output, off
      // its start-up path, so an edit never waits for an iframe and its runtime to load.
      if (message.type === 'evaluated') gate.whenOpen(prepareSpare);
      if (message.type === 'ticks') gate.ticks(message.state.mode);
      if (message.type === 'tick-started') {
        active.tick = message.tick;
        return;
      }
      if (message.type === 'shortcut') {
        options.onShortcut?.(message.action);
        return;
      }
      if (message.type === 'focus-taken') return focus.reclaim(frame.iframe);
      if (message.type === 'viewport') return sizeFrame(frame.iframe, message.size);
      if (message.type === 'ticks') active.tick = message.state.tick;
      options.onMessage(run.runId, message, run);
    }, inboxDeps);
    frame.port.onmessage = (event: MessageEvent) => inbox.receive(event.data);
    frame.iframe.title = 'Preview';
    frame.iframe.removeAttribute('aria-hidden');
    frame.iframe.removeAttribute('tabindex');
    frame.iframe.className = 'pp-preview-frame';
    if (hadFocus) frame.iframe.focus({ preventScroll: true });
  };

  return {
    hiddenFrame: () =>
      new Promise<void>((resolve) => gate.whenOpen(resolve)).then(() => spares.take()),
    startHidden(frame, program, run) {
      sendRun(frame, program, run);
      gate.whenOpen(prepareSpare);
    },
    show(frame, run, buffered) {
      startSeq++;
      gate.open();
      activate(frame, run);
      // After the caller has adopted `run` as its frame (it returns it once this returns),
      // yet before any later message from the port (a task).
      queueMicrotask(() => {
        for (const message of buffered) options.onMessage(run.runId, message, run);
      });
    },
    handleHostMessage(message, frame) {
      if (message.type === 'shortcut') options.onShortcut?.(message.action);
      // A replay's focus() moved the keys here, out of the app.
      if (message.type === 'focus-taken') focus.reclaim(frame.iframe);
      if (message.type === 'viewport') sizeFrame(frame.iframe, message.size);
    },
    async start(program, run) {
      const seq = ++startSeq;
      // The last program used prebuilt bundles (React, Vue, Svelte): spares load them ahead, since
      // compiling one is most of such a run's start-up and the next run (an edit) most likely
      // uses them too.
      spares.preloadVendor(vendorBundlesFor(program.vendor));
      // A connected spare gets the program in this task, before the microtasks of the app's
      // own update for the new run (a React render) run.
      const ready = spares.takeReady();
      // Bench: a run that found no booted spare (it waits for a frame to load).
      if (!ready) mark('playpen:waited-for-frame');
      let frame: ConnectedFrame;
      try {
        frame = ready ?? (await spares.take());
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
      mark('playpen:frame-ready');
      // A new run is what the user waits for; a replay (step back) is not held up, nor does it
      // hold back the checkpoint refill that the next step back needs (consecutive steps).
      if (!run.replay) gate.hold();
      // The program first, then the old frame's removal: frames often share a renderer
      // process, and there the new program would wait behind the old document's teardown
      // (~5 ms). Its replies come in a later task, after activate() has set their handler.
      sendRun(frame, program, run);
      mark('playpen:program-sent');
      activate(frame, run);
      // Also when the program never reports (the gate gives up waiting).
      gate.whenOpen(prepareSpare);
    },
    send(message) {
      current?.frame.send(message);
    },
    globalNames() {
      const shown = current?.frame;
      return globals.ask(shown ? (message) => shown.send(message) : null);
    },
    stop() {
      startSeq++;
      removeCurrent();
      // A spare made while the stopped preview was hung may share its renderer process and
      // never start: drop every standby frame so the next run gets a fresh one.
      spares.clear(false);
      for (const frame of container.querySelectorAll('iframe.pp-preview-frame--standby'))
        frame.remove();
      retired.dropAll();
    },
    dispose() {
      disposed = true;
      unsnap();
      unwatchPosts();
      gate.dispose();
      clearInterval(heartbeat);
      focus.dispose();
      removeCurrent();
      retired.dropAll();
      spares.clear(true);
    },
  };
}
