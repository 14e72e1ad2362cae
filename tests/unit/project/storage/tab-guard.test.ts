import { describe, expect, it } from 'vitest';
import {
  createTabGuard,
  type ChannelLike,
  type TabConflict,
} from '../../../../src/project/storage/tab-guard';

/** In-process BroadcastChannel: a message reaches every other member, synchronously. */
function bus() {
  const members: ((data: unknown) => void)[] = [];
  return (): ChannelLike => {
    let self: ((data: unknown) => void) | null = null;
    return {
      postMessage: (data) => {
        for (const m of members) if (m !== self) m(structuredClone(data));
      },
      addEventListener: (_type, fn) => {
        self = (data) => fn({ data });
        members.push(self);
      },
      close: () => {},
    };
  };
}

function tab(channel: ChannelLike, name: string) {
  const seen: TabConflict[] = [];
  const guard = createTabGuard(channel, name, (c) => seen.push(c));
  return { guard, seen, last: () => seen.at(-1) ?? 'none' };
}

describe('tab guard', () => {
  it('warns the second tab that opens the same project, not the first', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    expect(b.last()).toBe('open-elsewhere');
    expect(a.last()).toBe('none');
  });

  it('does not warn for different projects', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p2');
    expect(b.last()).toBe('none');
  });

  it('"Use this tab" moves saving to this tab and warns the other', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    b.guard.takeOver();
    expect(b.last()).toBe('none');
    expect(a.last()).toBe('taken-over');
  });

  it('the warning lifts when the other tab closes', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    a.guard.leave();
    expect(b.last()).toBe('none');
  });

  it('ignores malformed messages and works without BroadcastChannel', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const raw = channel();
    raw.addEventListener('message', () => {});
    raw.postMessage(null);
    raw.postMessage({ type: 'take', id: 42 });
    a.guard.announce('p1');
    raw.postMessage('junk');
    expect(a.last()).toBe('none');
    const alone = tab(null as unknown as ChannelLike, 'c');
    alone.guard.announce('p1');
    alone.guard.takeOver();
    expect(alone.last()).toBe('none');
  });
});
