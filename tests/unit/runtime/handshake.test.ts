import { describe, expect, it } from 'vitest';
import { startHandshake } from '../../../src/runtime/handshake.ts';

/** A window with a parent that records posts, and a way to deliver message events. */
function fakeWindow() {
  const posted: [unknown, string][] = [];
  const listeners = new Set<(e: MessageEvent) => void>();
  const parent = { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) };
  const win = {
    parent,
    addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.delete(l),
  };
  const deliver = (source: unknown, data: unknown, ports: unknown[] = []) => {
    for (const l of [...listeners]) l({ source, data, ports } as unknown as MessageEvent);
  };
  return { win: win as unknown as Window, parent, posted, deliver, listeners };
}

describe('handshake', () => {
  it('says hello to the parent and takes the port from its one connect message', () => {
    const { win, parent, posted, deliver, listeners } = fakeWindow();
    const connected: unknown[] = [];
    startHandshake(win, (port) => connected.push(port));
    expect(posted).toEqual([[{ type: 'playpen:hello' }, '*']]);

    const port = { name: 'port' };
    deliver({ other: true }, { type: 'playpen:connect' }, [{ name: 'forged' }]);
    deliver(parent, { type: 'something-else' }, [{ name: 'wrong type' }]);
    deliver(parent, { type: 'playpen:connect' }, []);
    deliver(parent, 'playpen:connect', [{ name: 'not an object' }]);
    expect(connected).toEqual([]);

    deliver(parent, { type: 'playpen:connect' }, [port]);
    deliver(parent, { type: 'playpen:connect' }, [{ name: 'second' }]);
    expect(connected).toEqual([port]);
    expect(listeners.size).toBe(0);
  });
});
