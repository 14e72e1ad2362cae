import type { ConnectMessage, HelloMessage } from '../protocol/index.ts';

/**
 * Announces the runtime to the parent window and waits for the one `playpen:connect`
 * message that carries the MessagePort. Only a message whose source is the parent counts;
 * the listener is removed after it, so nothing can connect a second time.
 */
export function startHandshake(win: Window, onConnect: (port: MessagePort) => void): void {
  const parent = win.parent;
  const listener = (event: MessageEvent) => {
    if (event.source !== parent) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) return;
    if ((data as Partial<ConnectMessage>).type !== 'playpen:connect') return;
    const port = event.ports[0];
    if (!port) return;
    win.removeEventListener('message', listener);
    onConnect(port);
  };
  win.addEventListener('message', listener);
  const hello: HelloMessage = { type: 'playpen:hello' };
  parent.postMessage(hello, '*');
}
