import { describe, expect, it } from 'vitest';
import { connectHost, type HostWindow } from '../../../src/embed/host-handshake';

function fakeWindow() {
  const listeners = new Set<(e: MessageEvent) => void>();
  const posted: unknown[] = [];
  const parent = { postMessage: (m: unknown) => posted.push(m) } as unknown as Window;
  const win: HostWindow = {
    parent,
    addEventListener: (_t, l) => listeners.add(l),
    removeEventListener: (_t, l) => listeners.delete(l),
  };
  const deliver = (data: unknown, source: unknown, ports: MessagePort[] = []) => {
    const event = { data, source, ports, origin: 'https://docs.test' } as unknown as MessageEvent;
    for (const l of [...listeners]) l(event);
  };
  const admitted: unknown[] = [];
  const admit = (p: unknown) => {
    admitted.push(p);
    return () => admitted.splice(admitted.indexOf(p), 1);
  };
  return { win, parent, posted, deliver, listeners, admit, admitted };
}

const connect = { type: 'playpen-embed:connect', version: 1, settings: {} };
const answerOn = (port: MessagePort) =>
  new Promise<unknown>((resolve) => {
    port.onmessage = (e) => resolve(e.data);
  });

describe('the embed’s handshake with its host', () => {
  it('says hello to its parent and takes the parent’s connect, with the origin the browser gave', async () => {
    const w = fakeWindow();
    const linking = connectHost(w.win, w.admit, 1000);
    expect(w.posted).toEqual([{ type: 'playpen-embed:hello', versions: [1] }]);
    expect(w.admitted).toEqual([w.parent]);
    const channel = new MessageChannel();
    w.deliver(connect, {}, [channel.port2]); // another window: ignored
    w.deliver(connect, w.parent); // no port: ignored
    w.deliver(connect, w.parent, [channel.port2]);
    const link = await linking;
    expect(link).toMatchObject({ connect, origin: 'https://docs.test', port: channel.port2 });
    expect(w.listeners.size).toBe(0);
    expect(w.admitted).toEqual([]);
    channel.port1.close();
  });

  it('answers a bad connect on its port with why, and waits on for a good one', async () => {
    const w = fakeWindow();
    const linking = connectHost(w.win, w.admit, 1000);
    const bad = new MessageChannel();
    const answer = answerOn(bad.port1);
    w.deliver({ ...connect, settings: { theme: 'neon' } }, w.parent, [bad.port2]);
    expect(await answer).toMatchObject({
      type: 'refused',
      error: expect.stringContaining('theme'),
    });
    const newer = new MessageChannel();
    const refused = answerOn(newer.port1);
    w.deliver({ ...connect, version: 2 }, w.parent, [newer.port2]);
    expect(await refused).toEqual({
      type: 'refused',
      error: 'This Playpen speaks embed protocol 1, not 2: load sdk/playpen.js from this Playpen.',
    });
    const good = new MessageChannel();
    w.deliver(connect, w.parent, [good.port2]);
    expect((await linking)?.port).toBe(good.port2);
    for (const c of [bad, newer, good]) c.port1.close();
  });

  it('gives up when no host connects in time', async () => {
    const w = fakeWindow();
    expect(await connectHost(w.win, w.admit, 5)).toBeNull();
    expect(w.admitted).toEqual([]);
  });
});
