import type { ConnectMessage, HostMessage } from '../protocol';

/**
 * Sandbox flags of the preview. Never `allow-same-origin`: the preview would then share the
 * app's origin (storage, cookies, the app's DOM through `parent`).
 * - allow-scripts: the program has to run.
 * - allow-modals: alert/confirm/prompt are common in beginners' code.
 * - allow-forms: a form's submit event and submission behave as users expect.
 * - allow-popups: links with target=_blank and window.open open a tab.
 * - allow-pointer-lock: games and canvas sketches lock the pointer.
 * - allow-downloads: programs that generate files (a canvas PNG, a CSV) can save them.
 */
export const PREVIEW_SANDBOX =
  'allow-scripts allow-modals allow-forms allow-popups allow-pointer-lock allow-downloads';

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
  // Not "Preview", not even in part: that title names the one live preview (DESIGN.md §6),
  // and a title match is by substring.
  iframe.title = 'Standby frame';
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.className = 'pp-preview-frame pp-preview-frame--standby';
  iframe.src = previewUrl;

  return new Promise<ConnectedFrame>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      iframe.remove();
      reject(new Error('The preview did not start (its runtime never answered).'));
    }, timeoutMs);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      if ((data as { type?: unknown }).type !== 'playpen:hello') return;
      cleanup();
      const channel = new MessageChannel();
      const connect: ConnectMessage = { type: 'playpen:connect' };
      // The preview's origin is opaque, so '*' is the only target origin that reaches it;
      // the recipient is pinned by posting to this iframe's own contentWindow.
      iframe.contentWindow!.postMessage(connect, '*', [channel.port2]);
      const port = channel.port1;
      resolve({ iframe, port, send: (message) => port.postMessage(message) });
    };
    const cleanup = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
    window.addEventListener('message', onMessage);
    container.appendChild(iframe);
  });
}
