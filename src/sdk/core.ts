import {
  EMBED_PROTOCOL_VERSION,
  SDK_QUERY_FLAG,
  type EmbedCall,
  type EmbedConnect,
  type EmbedEventName,
  type EmbedEvents,
  type EmbedMessage,
} from '../protocol/embed';
import { loadSlot, viewportDistance } from './load-queue';
import { colorScheme, placeholder } from './placeholder';
import { keptEdits } from './kept-edits';
import type { Playpen, PlaypenOptions } from './types';

/** How far outside the viewport a lazy embed starts loading. */
const NEAR = '300px';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  // A rejection nobody awaited (no call was made) is not an unhandled one.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

const fail = (text: string) => new Error(`Playpen: ${text}`);

/** The page's localStorage, or null where reading it throws (a sandboxed page). */
const storage = () => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

/** The embed's page: `?embed&sdk` in the folder where Playpen is hosted. */
export function embedUrl(baseUrl: string): URL {
  const url = new URL(baseUrl, document.baseURI);
  if (!/\/$|\.html$/.test(url.pathname)) url.pathname += '/';
  url.search = `?embed&${SDK_QUERY_FLAG}`;
  url.hash = '';
  return url;
}

/**
 * Puts a Playpen embed in `element` (as its last child) and returns its handle. The frame
 * talks to this page only after a handshake: its hello must come from the frame's own window
 * at Playpen's origin, and the connect (with the port every later message uses) is posted to
 * that origin only.
 */
export function createEmbed(
  element: HTMLElement,
  options: PlaypenOptions,
  defaultBase?: string,
): Playpen {
  const { baseUrl = defaultBase, height = 480, loading = 'lazy', ...settings } = options;
  if (!baseUrl) throw fail('set `baseUrl` to the address where Playpen is hosted.');
  const src = embedUrl(baseUrl);
  const size = /^[\d.]+$/.test(String(height)) ? `${height}px` : String(height);
  const style = `display:block;width:100%;height:${size};border-radius:8px;color-scheme:${colorScheme(settings.theme)}`;

  const listeners = new Map<EmbedEventName, Set<(data: never) => void>>();
  const pending = new Map<number, Deferred<unknown>>();
  const firstReady = deferred<void>();
  let link = deferred<MessagePort>();
  let port: MessagePort | null = null;
  let frame: HTMLIFrameElement | null = null;
  let seq = 0;
  let gone: Error | null = null;
  let built = false;

  const slot = loadSlot(() => viewportDistance(shown));
  const kept = settings.persist ? keptEdits(settings, storage()) : null;
  const files = settings.files ?? {};
  const code = files[settings.activeFile ?? settings.entry ?? ''] ?? Object.values(files)[0] ?? '';
  const shown = placeholder(code, style, loading === 'click' ? () => start() : null);
  element.append(shown);

  const emit = (name: EmbedEventName, data: unknown) => {
    for (const listener of listeners.get(name) ?? [])
      try {
        (listener as (d: unknown) => void)(data);
      } catch (error) {
        // A listener's bug is the host page's to see, and the other listeners still hear.
        setTimeout(() => {
          throw error;
        });
      }
  };

  const dropCalls = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  const onPortMessage = (event: MessageEvent<EmbedMessage>) => {
    const m = event.data;
    if (m.type === 'reply') {
      const call = pending.get(m.id);
      pending.delete(m.id);
      if (m.ok) call?.resolve(m.value);
      else call?.reject(fail(m.error));
    } else if (m.type === 'event') {
      if (m.name === 'ready') {
        link.resolve(event.target as MessagePort);
        firstReady.resolve();
      }
      if (m.name === 'build' && !built) {
        built = true;
        slot.release();
      }
      emit(m.name, m.data);
    } else if (m.type === 'edits') kept?.save(m.files);
    else if (m.type === 'refused') {
      const error = fail(m.error);
      link.reject(error);
      firstReady.reject(error);
      slot.release();
    }
  };

  const onWindowMessage = (event: MessageEvent) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== src.origin) return;
    const hello = event.data as { type?: unknown; versions?: unknown };
    if (hello?.type !== 'playpen-embed:hello') return;
    // A hello after the first: the embed reloaded; calls sent to its old page get no answer.
    if (port) {
      port.close();
      dropCalls(fail('the embed reloaded before it answered.'));
      link = deferred();
    }
    if (!Array.isArray(hello.versions) || !hello.versions.includes(EMBED_PROTOCOL_VERSION)) {
      const error = fail(
        `this SDK speaks embed protocol ${EMBED_PROTOCOL_VERSION}, the Playpen at ${src.origin} speaks ${String(hello.versions)}: load sdk/playpen.js from that Playpen.`,
      );
      link.reject(error);
      firstReady.reject(error);
      return;
    }
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = onPortMessage;
    // Where the browser tells (Chromium): the embed's page is gone, and its answers with it.
    port.addEventListener('close', () => dropCalls(fail('the embed’s page went away.')));
    const edits = kept?.load();
    const connect: EmbedConnect = {
      type: 'playpen-embed:connect',
      version: EMBED_PROTOCOL_VERSION,
      settings,
      ...(edits ? { edits } : {}),
    };
    frame.contentWindow!.postMessage(connect, src.origin, [channel.port2]);
  };

  function start() {
    if (frame || gone) return;
    slot.request(() => {
      if (gone) return slot.release();
      frame = document.createElement('iframe');
      frame.title = `${settings.title ?? 'Playground'} (Playpen)`;
      frame.allow = 'clipboard-write';
      frame.style.cssText = `${style};border:0`;
      addEventListener('message', onWindowMessage);
      frame.src = src.href;
      shown.replaceWith(frame);
      if (settings.autorun === false) void link.promise.then(() => slot.release(), slot.release);
    });
  }

  let observer: IntersectionObserver | null = null;
  if (loading === 'eager') start();
  else if (loading === 'lazy') {
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer?.disconnect();
        start();
      },
      { rootMargin: NEAR },
    );
    observer.observe(shown);
  }

  const send = async (call: EmbedCall): Promise<unknown> => {
    if (gone) throw gone;
    // A call needs the embed: one not loaded yet (lazy, click) loads now.
    observer?.disconnect();
    start();
    const to = await link.promise;
    if (gone) throw gone;
    if (!frame?.isConnected) throw fail('the embed’s frame was removed from the page.');
    const id = ++seq;
    const answer = deferred<unknown>();
    pending.set(id, answer);
    to.postMessage({ ...call, type: 'call', id });
    return answer.promise;
  };
  const none = async (call: EmbedCall) => {
    await send(call);
  };

  return {
    ready: () => firstReady.promise,
    run: () => send({ method: 'run' }) as ReturnType<Playpen['run']>,
    play: () => send({ method: 'play' }) as ReturnType<Playpen['play']>,
    pause: () => send({ method: 'pause' }) as ReturnType<Playpen['pause']>,
    stepForward: () => send({ method: 'stepForward' }) as ReturnType<Playpen['stepForward']>,
    stepBack: () => send({ method: 'stepBack' }) as ReturnType<Playpen['stepBack']>,
    seek: (tick) => send({ method: 'seek', tick }) as ReturnType<Playpen['seek']>,
    getFiles: () => send({ method: 'getFiles' }) as ReturnType<Playpen['getFiles']>,
    setFiles: (files) => none({ method: 'setFiles', files }),
    updateFile: (path, text) => none({ method: 'updateFile', path, text }),
    openFile: (path) => none({ method: 'openFile', path }),
    format: () => none({ method: 'format' }),
    getShareUrl: (opts) =>
      send({ method: 'getShareUrl', includeRun: !!opts?.includeRun }) as Promise<string>,
    reset: () => none({ method: 'reset' }),
    async destroy() {
      if (gone) return;
      gone = fail('this embed was destroyed.');
      observer?.disconnect();
      removeEventListener('message', onWindowMessage);
      port?.close();
      dropCalls(gone);
      link.reject(gone);
      firstReady.reject(gone);
      slot.release();
      frame?.remove();
      shown.remove();
      listeners.clear();
    },
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

export type { EmbedEvents };
