import { describe, expect, it } from 'vitest';
import { handshake, type HandshakeEnv } from '../../../src/preview/frame-handshake';

type Listener = (event: MessageEvent) => void;

/** A page with one frame: the test says when messages arrive and when the frame goes. */
function setup() {
  const listeners = new Set<Listener>();
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  let removed: (() => void) | null = null;
  const posted: { message: unknown; ports: unknown[] }[] = [];
  const frameWindow = {
    postMessage: (message: unknown, _origin: string, ports: unknown[] = []) =>
      posted.push({ message, ports }),
  } as unknown as Window;
  const frame = { contentWindow: frameWindow as Pick<Window, 'postMessage'> | null };
  const env: HandshakeEnv = {
    window: {
      addEventListener: (_type: string, fn: Listener) => listeners.add(fn),
      removeEventListener: (_type: string, fn: Listener) => listeners.delete(fn),
    } as unknown as HandshakeEnv['window'],
    watchRemoval(fn) {
      removed = fn;
      return () => (removed = null);
    },
    setTimeout(fn) {
      timers.set(nextTimer, fn);
      return nextTimer++;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
  };
  const send = (source: unknown, data: unknown) => {
    for (const fn of [...listeners]) fn({ source, data } as MessageEvent);
  };
  return {
    frame,
    frameWindow,
    env,
    posted,
    send,
    listeners,
    timers,
    remove() {
      frame.contentWindow = null;
      removed?.();
    },
    fireTimers: () => [...timers.values()].forEach((fn) => fn()),
  };
}

const hello = { type: 'playpen:hello' };
const settled = async (p: Promise<unknown>) => {
  let state = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((r) => setTimeout(r, 0));
  return state;
};

describe('frame handshake', () => {
  it('answers the hello of its own frame with a port', async () => {
    const t = setup();
    const port = handshake(t.frame, t.env, 1000);
    t.send({}, hello); // another window
    t.send(t.frameWindow, { type: 'other' });
    expect(t.posted).toEqual([]);
    t.send(t.frameWindow, hello);
    await expect(port).resolves.toBeInstanceOf(MessagePort);
    expect(t.posted).toHaveLength(1);
    expect(t.posted[0]!.message).toEqual({ type: 'playpen:connect' });
    expect(t.listeners.size).toBe(0);
    expect(t.timers.size).toBe(0);
    (await port).close();
  });

  it('does not take a null source for a removed frame, and rejects instead of hanging', async () => {
    const t = setup();
    const port = handshake(t.frame, t.env, 1000);
    t.frame.contentWindow = null; // removed from the page; its late hello has no source
    expect(() => t.send(null, hello)).not.toThrow();
    await expect(port).rejects.toThrow('removed');
    expect(t.posted).toEqual([]);
    expect(t.listeners.size).toBe(0);
  });

  it('rejects as soon as the frame is removed, before any message', async () => {
    const t = setup();
    const port = handshake(t.frame, t.env, 1000);
    expect(await settled(port)).toBe('pending');
    t.remove();
    await expect(port).rejects.toThrow('removed before it started');
    expect(t.timers.size).toBe(0);
  });

  it('rejects when the connect cannot be posted', async () => {
    const t = setup();
    t.frameWindow.postMessage = () => {
      throw new Error('detached');
    };
    const port = handshake(t.frame, t.env, 1000);
    t.send(t.frameWindow, hello);
    await expect(port).rejects.toThrow('detached');
  });

  it('rejects at the deadline when the runtime never answers', async () => {
    const t = setup();
    const port = handshake(t.frame, t.env, 1000);
    t.fireTimers();
    await expect(port).rejects.toThrow('never answered');
    expect(t.listeners.size).toBe(0);
  });
});
