import type { ConnectMessage } from '../protocol';

/** What the handshake needs from the page; injected so a test can play the browser. */
export interface HandshakeEnv {
  /** The app's window, where the runtime's hello arrives. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Calls `removed` once the frame has left the page; returns a function that stops watching. */
  watchRemoval(removed: () => void): () => void;
  /** The host's timer, for the deadline. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a timer of setTimeout. */
  clearTimeout(handle: unknown): void;
}

/** The part of an iframe the handshake reads: null once the frame is removed. */
export interface HandshakeFrame {
  /** The frame's window, the only source a hello is taken from. */
  readonly contentWindow: Pick<Window, 'postMessage'> | null;
}

/**
 * Waits for the runtime in `frame` to say hello, then hands it a MessagePort and resolves with
 * the other end. Always settles: a removed frame, a failed post or the deadline rejects. A
 * removed frame's `contentWindow` and a message's `source` can both be null, so a null source
 * is never taken for the frame.
 */
export function handshake(
  frame: HandshakeFrame,
  env: HandshakeEnv,
  timeoutMs: number,
): Promise<MessagePort> {
  return new Promise<MessagePort>((resolve, reject) => {
    const fail = (message: string) => {
      cleanup();
      reject(new Error(message));
    };
    const onMessage = (event: MessageEvent) => {
      const target = frame.contentWindow;
      if (target === null) return fail('The preview frame was removed before it started.');
      if (event.source !== target) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      if ((data as { type?: unknown }).type !== 'playpen:hello') return;
      cleanup();
      const channel = new MessageChannel();
      const connect: ConnectMessage = { type: 'playpen:connect' };
      try {
        // The preview's origin is opaque, so '*' is the only target origin that reaches it;
        // the recipient is pinned by posting to this frame's own window.
        target.postMessage(connect, '*', [channel.port2]);
      } catch (error) {
        channel.port1.close();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      resolve(channel.port1);
    };
    const timer = env.setTimeout(
      () => fail('The preview did not start (its runtime never answered).'),
      timeoutMs,
    );
    const unwatch = env.watchRemoval(() =>
      fail('The preview frame was removed before it started.'),
    );
    const cleanup = () => {
      env.clearTimeout(timer);
      unwatch();
      env.window.removeEventListener('message', onMessage);
    };
    env.window.addEventListener('message', onMessage);
  });
}
