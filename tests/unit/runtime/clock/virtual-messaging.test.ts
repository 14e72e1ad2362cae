import { describe, expect, it } from 'vitest';
import { installVirtualMessaging } from '../../../../src/runtime/clock/virtual-messaging.ts';

/** A window-like EventTarget whose scheduled deliveries run only when a test says so. */
function setup() {
  const target = new EventTarget();
  const realPosts: unknown[] = [];
  const win = Object.assign(target, {
    structuredClone,
    origin: 'null',
    postMessage: (m: unknown) => realPosts.push(m),
    MessageChannel,
    // Node's MessageEvent takes only a MessagePort as source; the browser's takes a window.
    MessageEvent: class extends Event {
      readonly data: unknown;
      readonly origin: string;
      readonly source: unknown;
      readonly ports: readonly unknown[] = [];
      constructor(type: string, init: MessageEventInit) {
        super(type);
        this.data = init.data;
        this.origin = init.origin ?? '';
        this.source = init.source ?? null;
      }
    },
  }) as unknown as Window & typeof globalThis;
  Object.assign(win, { window: win });
  const due: (() => void)[] = [];
  installVirtualMessaging(win, (fn) => due.push(fn));
  /** Runs one scheduled delivery (one tick); false when none is pending. */
  const tick = () => {
    const fn = due.shift();
    fn?.();
    return fn !== undefined;
  };
  return { win, due, tick, realPosts };
}

describe('virtual messaging', () => {
  it('delivers a MessageChannel message only when its tick runs, as a structured clone', () => {
    const { win, due, tick } = setup();
    const channel = new win.MessageChannel();
    const got: unknown[] = [];
    channel.port1.onmessage = (e) => got.push(e.data);
    const sent = { n: 1 };
    channel.port2.postMessage(sent);
    channel.port2.postMessage('second');
    expect(got).toEqual([]);
    expect(due).toHaveLength(2);
    expect(tick()).toBe(true);
    expect(got).toEqual([{ n: 1 }]);
    expect(got[0]).not.toBe(sent);
    tick();
    expect(got).toEqual([{ n: 1 }, 'second']);
    expect(tick()).toBe(false);
  });

  it('holds messages for a port with only a listener until start(), then one tick each', () => {
    const { win, tick } = setup();
    const { port1, port2 } = new win.MessageChannel();
    const got: unknown[] = [];
    port1.addEventListener('message', (e) => got.push(e.data));
    port2.postMessage('a');
    port2.postMessage('b');
    while (tick());
    expect(got).toEqual([]);
    port1.start();
    tick();
    expect(got).toEqual(['a']);
    tick();
    expect(got).toEqual(['a', 'b']);
  });

  it('drops messages to a closed port and passes transferred ports on the event', () => {
    const { win, tick } = setup();
    const a = new win.MessageChannel();
    const b = new win.MessageChannel();
    let ports: readonly MessagePort[] = [];
    a.port1.onmessage = (e) => (ports = e.ports);
    a.port2.postMessage('port', [b.port1]);
    tick();
    expect(ports).toEqual([b.port1]);
    a.port1.close();
    a.port2.postMessage('lost');
    ports = [];
    tick();
    expect(ports).toEqual([]);
  });

  it("posts to the window itself through the clock, with the window's origin and source", () => {
    const { win, tick, realPosts } = setup();
    const got: MessageEvent[] = [];
    win.addEventListener('message', (e) => got.push(e as MessageEvent));
    win.postMessage({ x: 1 }, '*');
    win.postMessage('slash', { targetOrigin: '/' });
    win.postMessage('elsewhere', 'https://example.com');
    expect(got).toEqual([]);
    while (tick());
    expect(got.map((e) => e.data)).toEqual([{ x: 1 }, 'slash']);
    expect(got[0]!.source).toBe(win);
    expect(got[0]!.origin).toBe('null');
    expect(realPosts).toEqual([]);
  });
});
