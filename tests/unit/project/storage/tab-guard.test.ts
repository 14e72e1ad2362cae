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

  it('switching to another project lifts the other tab’s warning about the one left', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    expect(b.last()).toBe('open-elsewhere');
    a.guard.announce('p2');
    expect(b.last()).toBe('none');
    expect(a.last()).toBe('none');
    // Back to p1: now a is the second tab and is warned, b is not.
    a.guard.announce('p1');
    expect(a.last()).toBe('open-elsewhere');
    expect(b.last()).toBe('none');
  });

  it('closing the project (none open) lifts the other tab’s warning', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    a.guard.announce(null);
    expect(b.last()).toBe('none');
  });

  it('a warned tab that switches away does not lift anything in the saving tab', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    const c = tab(channel(), 'c');
    a.guard.announce('p1');
    b.guard.announce('p1');
    c.guard.announce('p1');
    expect([b.last(), c.last()]).toEqual(['open-elsewhere', 'open-elsewhere']);
    b.guard.announce('p2');
    expect(c.last()).toBe('open-elsewhere');
    expect(a.last()).toBe('none');
  });

  it('the tab taken over can take the project back and keep editing there', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    b.guard.takeOver();
    expect(a.last()).toBe('taken-over');
    a.guard.takeOver();
    expect(a.last()).toBe('none');
    expect(b.last()).toBe('taken-over');
    // Only the tab saving now answers a third tab.
    const c = tab(channel(), 'c');
    c.guard.announce('p1');
    expect(c.last()).toBe('open-elsewhere');
    expect(b.seen.filter((x) => x === 'open-elsewhere')).toHaveLength(1);
  });
});
