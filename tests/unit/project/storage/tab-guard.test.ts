import { describe, expect, it } from 'vitest';
import { settle } from './helpers';
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
  const calls = { release: 0, reload: 0 };
  const guard = createTabGuard(channel, name, {
    onConflict: (c) => seen.push(c),
    release: async () => void calls.release++,
    reload: async () => void calls.reload++,
  });
  return { guard, seen, calls, last: () => seen.at(-1) ?? 'none' };
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

  it('"Edit here": the editing tab saves and turns read-only, then this tab loads and edits', async () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    const taking = b.guard.takeOver();
    expect(b.last()).toBe('taking-over');
    expect(a.last()).toBe('taken-over');
    expect(a.calls.release).toBe(1);
    await taking;
    expect(b.last()).toBe('none');
    expect(b.calls.reload).toBe(1);
    expect(a.calls).toEqual({ release: 1, reload: 0 });
  });

  it('when the editing tab closes, the other stays read-only until "Edit here", which loads at once', async () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    a.guard.leave();
    expect(b.last()).toBe('left');
    await b.guard.takeOver();
    expect(b.last()).toBe('none');
    expect(b.calls.reload).toBe(1);
  });

  it('ignores malformed messages and works without BroadcastChannel', async () => {
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
    await alone.guard.takeOver();
    expect(alone.last()).toBe('none');
    expect(alone.calls.reload).toBe(0);
  });

  it('switching to another project frees the one left; reopening it there edits it again', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    expect(b.last()).toBe('open-elsewhere');
    a.guard.announce('p2');
    expect(b.last()).toBe('left');
    expect(a.last()).toBe('none');
    // Back to p1 (loaded from storage, so the newest): nobody edits it, so a does; b follows a.
    a.guard.announce('p1');
    expect(a.last()).toBe('none');
    expect(b.last()).toBe('open-elsewhere');
  });

  it('closing the project (none open) frees it in the other tab', () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    a.guard.announce(null);
    expect(b.last()).toBe('left');
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

  it('the tab taken over can take the project back and keep editing there', async () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    await b.guard.takeOver();
    expect(a.last()).toBe('taken-over');
    await a.guard.takeOver();
    expect(a.last()).toBe('none');
    expect(b.last()).toBe('taken-over');
    expect([a.calls, b.calls]).toEqual([
      { release: 1, reload: 1 },
      { release: 1, reload: 1 },
    ]);
    // Only the tab editing now answers a third tab.
    const c = tab(channel(), 'c');
    c.guard.announce('p1');
    expect(c.last()).toBe('open-elsewhere');
    expect(b.seen.filter((x) => x === 'open-elsewhere')).toHaveLength(1);
  });

  it('a tab back from the back/forward cache is read-only when another tab took the project meanwhile', async () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    a.guard.leave();
    await b.guard.takeOver();
    expect(b.last()).toBe('none');
    a.guard.rejoin();
    expect(a.last()).toBe('open-elsewhere');
    expect(b.last()).toBe('none');
  });

  it('"Edit here" loads only after the editing tab has saved', async () => {
    const channel = bus();
    const a = createTabGuard(channel(), 'a', {
      onConflict: () => {},
      release: () => saving,
      reload: async () => {},
    });
    let saved = () => {};
    const saving = new Promise<void>((resolve) => (saved = resolve));
    const b = tab(channel(), 'b');
    a.announce('p1');
    b.guard.announce('p1');
    const taking = b.guard.takeOver();
    await settle();
    expect(b.calls.reload).toBe(0);
    saved();
    await taking;
    expect(b.calls.reload).toBe(1);
    expect(b.last()).toBe('none');
  });

  it('an editing tab that never answers (frozen, crashed) is waited for only so long', async () => {
    const channel = bus();
    const a = createTabGuard(channel(), 'a', {
      onConflict: () => {},
      release: () => new Promise(() => {}),
      reload: async () => {},
    });
    const timers: (() => void)[] = [];
    const seen: TabConflict[] = [];
    let reloads = 0;
    const b = createTabGuard(channel(), 'b', {
      onConflict: (c) => seen.push(c),
      release: async () => {},
      reload: async () => void reloads++,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    });
    a.announce('p1');
    b.announce('p1');
    const taking = b.takeOver();
    await settle();
    expect(reloads).toBe(0);
    expect(timers).toHaveLength(1);
    timers[0]!();
    await taking;
    expect(reloads).toBe(1);
    expect(seen.at(-1)).toBe('none');
  });

  it('two tabs pressing "Edit here" at once end with exactly one editing', async () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    const c = tab(channel(), 'c');
    a.guard.announce('p1');
    b.guard.announce('p1');
    c.guard.announce('p1');
    await Promise.all([b.guard.takeOver(), c.guard.takeOver()]);
    const states = [a.last(), b.last(), c.last()];
    expect(states.filter((s) => s === 'none')).toHaveLength(1);
    expect(states.filter((s) => s === 'taken-over')).toHaveLength(2);
  });

  it('a tab opened while another is taking over is read-only, not a second editor', async () => {
    const channel = bus();
    const a = tab(channel(), 'a');
    const b = tab(channel(), 'b');
    a.guard.announce('p1');
    b.guard.announce('p1');
    a.guard.leave();
    const taking = b.guard.takeOver();
    const c = tab(channel(), 'c');
    c.guard.announce('p1');
    await taking;
    expect(b.last()).toBe('none');
    expect(c.last()).toBe('open-elsewhere');
  });

  it('opening another project during "Edit here" abandons it', async () => {
    const channel = bus();
    const a = createTabGuard(channel(), 'a', {
      onConflict: () => {},
      release: () => new Promise(() => {}),
      reload: async () => {},
    });
    const b = tab(channel(), 'b');
    a.announce('p1');
    b.guard.announce('p1');
    const taking = b.guard.takeOver();
    b.guard.announce('p2');
    await taking;
    expect(b.calls.reload).toBe(0);
    expect(b.last()).toBe('none');
  });
});
