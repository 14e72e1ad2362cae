/**
 * The app's window hears `postMessage` from every frame below it, so a program can post to
 * `parent` or `top` in a loop, or post objects of many megabytes. Any listener that reads
 * `event.data` (Monaco's setImmediate reads every message's) makes the app deserialise each
 * one on its main thread: a program posting a 2-million-item array ten times a second froze
 * the app for minutes. The app talks to its frames over MessagePorts; the only messages its
 * window needs are its own and a booting frame's hello. The gate stops every other message
 * before any listener can read its data. At the window itself, listeners run in the order they
 * were added, capture or not (Chromium 156; the DOM's capture-first-at-target is not shipped):
 * the gate has to be the window's first message listener, so the entry installs it before
 * anything else loads (Monaco's chunk, when it came first, read ten 4 MB messages: 7 s of
 * main-thread work).
 */

/** The part of an iframe the gate reads: its window, null once the frame is removed. */
export interface GateFrame {
  /** The only window, besides the app's own, whose messages pass while the frame is admitted. */
  readonly contentWindow: unknown;
}

export interface MessageGate {
  /** Lets `frame`'s messages through (its runtime's hello) until the returned function is called. */
  admit(frame: GateFrame): () => void;
  /** Calls `listener` with the source of each message stopped (to tell the user, once per run). */
  onStopped(listener: (source: unknown) => void): () => void;
}

/** The part of a window the gate uses. */
export type GateWindow = Pick<Window, 'addEventListener'>;

const gates = new WeakMap<GateWindow, MessageGate>();

/** The gate of `win`, installed on first use; one per window, for every frame it hosts. */
export function messageGate(win: GateWindow): MessageGate {
  let gate = gates.get(win);
  if (!gate) {
    gate = createMessageGate(win);
    gates.set(win, gate);
  }
  return gate;
}

function createMessageGate(win: GateWindow): MessageGate {
  const admitted = new Set<GateFrame>();
  const listeners = new Set<(source: unknown) => void>();
  const passes = (source: unknown) => {
    if (source === win) return true;
    if (source === null) return false;
    for (const frame of admitted) if (frame.contentWindow === source) return true;
    return false;
  };
  // First of the window's message listeners (see above). Capture too: first again in a browser
  // that runs capture listeners first at the target.
  win.addEventListener(
    'message',
    (event: MessageEvent) => {
      const source = event.source;
      if (passes(source)) return;
      event.stopImmediatePropagation();
      for (const listener of listeners) listener(source);
    },
    { capture: true },
  );
  return {
    admit(frame) {
      admitted.add(frame);
      return () => admitted.delete(frame);
    },
    onStopped(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
