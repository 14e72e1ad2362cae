import { describe, expect, it } from 'vitest';
import { serveHost, type EmbedApi } from '../../../src/embed/bridge';
import type { EmbedMessage } from '../../../src/protocol/embed';

const noop = () => null;
const api: EmbedApi = {
  run: () => ({ ok: true, diagnostics: [] }),
  play: () => ({ tick: 1, lastTick: 1, paused: false }),
  pause: () => Promise.resolve({ tick: 1, lastTick: 1, paused: true }),
  stepForward: () => Promise.reject(new Error('Nothing to step to.')),
  stepBack: () => {
    throw new Error('Already at tick 0.');
  },
  seek: ({ tick }) => ({ tick, lastTick: 9, paused: true }),
  getFiles: () => ({ 'a.ts': '1' }),
  setFiles: noop,
  updateFile: noop,
  openFile: noop,
  format: noop,
  getShareUrl: () => 'https://x/#code/1',
  reset: noop,
};

function connected() {
  const channel = new MessageChannel();
  const bridge = serveHost(channel.port1, api);
  const heard: EmbedMessage[] = [];
  channel.port2.onmessage = (e: MessageEvent<EmbedMessage>) => heard.push(e.data);
  const next = (count: number) =>
    new Promise<EmbedMessage[]>((resolve) => {
      const check = () =>
        heard.length >= count ? resolve(heard.slice(0, count)) : setTimeout(check, 1);
      check();
    });
  return { host: channel.port2, bridge, next, close: () => channel.port2.close() };
}

describe('the bridge', () => {
  it('answers each call by its id, with the result or the error’s sentence', async () => {
    const { host, next, close } = connected();
    host.postMessage({ type: 'call', id: 1, method: 'seek', tick: 4 });
    host.postMessage({ type: 'call', id: 2, method: 'stepForward' });
    host.postMessage({ type: 'call', id: 3, method: 'stepBack' });
    host.postMessage({ type: 'call', id: 4, method: 'setFiles', files: { 'a.ts': '' } });
    const replies = await next(4);
    expect(replies).toContainEqual({
      type: 'reply',
      id: 1,
      ok: true,
      value: { tick: 4, lastTick: 9, paused: true },
    });
    expect(replies).toContainEqual({
      type: 'reply',
      id: 2,
      ok: false,
      error: 'Nothing to step to.',
    });
    expect(replies).toContainEqual({
      type: 'reply',
      id: 3,
      ok: false,
      error: 'Already at tick 0.',
    });
    expect(replies).toContainEqual({ type: 'reply', id: 4, ok: true, value: null });
    close();
  });

  it('refuses malformed messages with why, and goes on answering', async () => {
    const { host, next, close } = connected();
    host.postMessage('rm -rf');
    host.postMessage({ type: 'call', id: 7, method: 'constructor' });
    host.postMessage({ type: 'call', id: 8, method: 'seek', tick: 'x' });
    host.postMessage({ type: 'call', id: 9, method: 'getFiles' });
    const replies = await next(4);
    expect(replies[0]).toEqual({
      type: 'refused',
      error: 'A message to the embed must be an object.',
    });
    expect(replies[1]).toEqual({
      type: 'reply',
      id: 7,
      ok: false,
      error: 'Unknown method "constructor".',
    });
    expect(replies[2]).toMatchObject({ type: 'reply', id: 8, ok: false });
    expect(replies[3]).toEqual({ type: 'reply', id: 9, ok: true, value: { 'a.ts': '1' } });
    close();
  });

  it('sends events, and nothing once closed', async () => {
    const { bridge, next, close } = connected();
    bridge.emit('run', { run: 2 });
    expect(await next(1)).toEqual([{ type: 'event', name: 'run', data: { run: 2 } }]);
    bridge.close();
    expect(() => bridge.emit('run', { run: 3 })).not.toThrow();
    close();
  });
});
