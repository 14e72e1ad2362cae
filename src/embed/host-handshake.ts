import { EMBED_PROTOCOL_VERSION, type EmbedConnect, type EmbedHello } from '../protocol/embed';
import { checkConnect } from '../protocol/embed-schema';

/** The protocol versions this embed answers (the hello lists them; a connect must pick one). */
export const SUPPORTED_VERSIONS = [EMBED_PROTOCOL_VERSION];

/** The host page, connected: the port every later message uses, what it asked, who it is. */
export interface HostLink {
  port: MessagePort;
  connect: EmbedConnect;
  /** The host page's origin, as the browser reports it (the host cannot choose it). */
  origin: string;
}

/** What the handshake needs from the embed's window; injected so a test can play the browser. */
export interface HostWindow {
  readonly parent: Pick<Window, 'postMessage'>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Lets the parent's messages past the app's message gate (preview/message-gate.ts) for a while. */
export type AdmitParent = (parent: unknown) => () => void;

/**
 * Says hello to the parent window (the only one this embed answers) and waits for its
 * connect: from the parent itself (`event.source`), with a port, valid, at a version this
 * embed speaks. A connect that fails is answered on its port with why, and the wait goes on.
 * Resolves null when no parent connects within `timeoutMs`.
 */
export function connectHost(
  win: HostWindow,
  admit: AdmitParent,
  timeoutMs: number,
  timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(h: unknown): void } = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
): Promise<HostLink | null> {
  const parent = win.parent;
  return new Promise((resolve) => {
    const unadmit = admit(parent);
    const done = (link: HostLink | null) => {
      unadmit();
      timers.clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(link);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== parent) return;
      const port = event.ports[0];
      const data = event.data as { type?: unknown } | null;
      if (!port || typeof data !== 'object' || data?.type !== 'playpen-embed:connect') return;
      const refuse = (error: string) => {
        port.postMessage({ type: 'refused', error });
        port.close();
      };
      const checked = checkConnect(data);
      if (!checked.ok) return refuse(`The connect message is invalid: ${checked.error}`);
      if (!SUPPORTED_VERSIONS.includes(checked.value.version))
        return refuse(
          `This Playpen speaks embed protocol ${SUPPORTED_VERSIONS.join(', ')}, not ${checked.value.version}: load sdk/playpen.js from this Playpen.`,
        );
      done({ port, connect: checked.value, origin: event.origin });
    };
    const timer = timers.setTimeout(() => done(null), timeoutMs);
    win.addEventListener('message', onMessage);
    const hello: EmbedHello = { type: 'playpen-embed:hello', versions: SUPPORTED_VERSIONS };
    // '*': the embed does not know its host's origin yet, and the hello carries nothing.
    parent.postMessage(hello, '*');
  });
}
