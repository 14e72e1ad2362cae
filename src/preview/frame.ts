import type { HostMessage, Viewport } from '../protocol';
import { PREVIEW_SANDBOX_FLAGS } from '../protocol/sandbox';
import { handshake, type HandshakeEnv } from './frame-handshake';
import { frameBox } from './frame-size';
import { messageGate } from './message-gate';

/** Sandbox flags of the preview (protocol/sandbox.ts says why each). */
export const PREVIEW_SANDBOX = PREVIEW_SANDBOX_FLAGS.join(' ');

/** A preview iframe whose runtime has answered the handshake. */
export interface ConnectedFrame {
  iframe: HTMLIFrameElement;
  port: MessagePort;
  send(message: HostMessage): void;
}

/**
 * Creates a hidden preview iframe in `container` and resolves once its runtime said hello
 * (checked by `event.source`) and received its MessagePort.
 */
export function createFrame(
  container: HTMLElement,
  previewUrl: string,
  timeoutMs = 15_000,
): Promise<ConnectedFrame> {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', PREVIEW_SANDBOX);
  iframe.setAttribute('allow', 'clipboard-write; fullscreen');
  // Not "Preview", not even in part: that title names the one live preview (docs/architecture.md, "UI names"),
  // and a title match is by substring.
  iframe.title = 'Standby frame';
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.className = 'pp-preview-frame pp-preview-frame--standby';
  iframe.src = previewUrl;

  const env: HandshakeEnv = {
    window,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    // The usual removals (a stop, a cleared spare) take the frame out of `container` itself.
    watchRemoval(removed) {
      const observer = new MutationObserver(() => {
        if (!iframe.isConnected) removed();
      });
      observer.observe(container, { childList: true });
      return () => observer.disconnect();
    },
  };
  // The app's window hears this frame until its runtime's hello is answered, never after:
  // the program then runs there, and the port is the only way in.
  const release = messageGate(window).admit(iframe);
  const shaking = handshake(iframe, env, timeoutMs);
  shaking.then(release, release);
  const connected = shaking.then(
    (port): ConnectedFrame => ({ iframe, port, send: (message) => port.postMessage(message) }),
    (error: unknown) => {
      iframe.remove();
      throw error;
    },
  );
  container.appendChild(iframe);
  return connected;
}

/**
 * Gives a preview frame a fixed size (a replay's recorded viewport: the pane may have been
 * resized since; frame-size.ts) or, with null, the pane's (the run is live). The pane clips a
 * larger one.
 */
export function sizeFrame(iframe: HTMLIFrameElement, size: Viewport | null): void {
  if (!size) {
    // A live run fills the pane: no layout read (it would force the app's layout on the way
    // to sending every new run its program).
    iframe.style.width = '';
    iframe.style.height = '';
    return;
  }
  const pane = iframe.parentElement?.getBoundingClientRect();
  const box = frameBox(pane, size, iframe.ownerDocument.defaultView?.devicePixelRatio ?? 1);
  iframe.style.width = `${box.width}px`;
  iframe.style.height = `${box.height}px`;
}
