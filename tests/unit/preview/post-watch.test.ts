import { describe, expect, it } from 'vitest';
import type { MessageGate } from '../../../src/preview/message-gate';
import { comesFrom, MAX_POSTS_PER_SECOND, watchPosts } from '../../../src/preview/post-watch';

/** A window as another origin's WindowProxy shows it: parent and opener only. */
const windowIn = (parent: unknown, opener: unknown = null) => {
  const w: { parent: unknown; opener: unknown } = { parent, opener };
  if (parent === null) w.parent = w;
  return w;
};

/** A gate the test makes stop messages from a source, at a time it sets. */
function setup() {
  const listeners = new Set<(source: unknown) => void>();
  const gate: MessageGate = {
    admit: () => () => {},
    onStopped(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const app = windowIn(null);
  const preview = windowIn(app);
  const clock = { now: 0 };
  let shown: { runId: number; frame: { iframe: { contentWindow: unknown } } } | null = null;
  const show = (runId: number | null) => {
    shown = runId === null ? null : { runId, frame: { iframe: { contentWindow: preview } } };
  };
  const events: string[] = [];
  const stop = watchPosts(
    gate,
    () => shown,
    {
      posted: (runId) => events.push(`posted ${runId}`),
      flooded: (runId) => events.push(`flooded ${runId}`),
    },
    () => clock.now,
  );
  const post = (source: unknown, times = 1) => {
    for (let i = 0; i < times; i++) for (const listener of listeners) listener(source);
  };
  return { app, preview, clock, show, events, stop, post };
}

describe('posts from the preview to the app', () => {
  it('are told once per run when the shown preview, its frames or its popups posted', () => {
    const t = setup();
    const inner = windowIn(windowIn(t.preview));
    const popup = windowIn(null, t.preview);
    t.show(1);
    t.post(windowIn(t.app)); // a standby frame, not the shown preview
    t.post(inner);
    t.post(popup);
    t.post(t.preview);
    expect(t.events).toEqual(['posted 1']);
    t.show(2);
    t.post(popup);
    t.show(null);
    t.post(t.preview);
    t.stop();
    t.show(3);
    t.post(t.preview);
    expect(t.events).toEqual(['posted 1', 'posted 2']);
  });

  it('stop the run once past the rate a second, not for the same number spread over seconds', () => {
    const t = setup();
    t.show(1);
    for (let s = 0; s < 5; s++) {
      t.clock.now = s * 1000;
      t.post(t.preview, MAX_POSTS_PER_SECOND);
    }
    expect(t.events).toEqual(['posted 1']);
    t.clock.now = 5500;
    t.post(t.preview, MAX_POSTS_PER_SECOND + 5);
    expect(t.events).toEqual(['posted 1', 'flooded 1']);
    // The next run starts counting afresh.
    t.show(2);
    t.post(t.preview, MAX_POSTS_PER_SECOND + 1);
    expect(t.events).toEqual(['posted 1', 'flooded 1', 'posted 2', 'flooded 2']);
  });

  it('comesFrom follows parent and opener a few steps, and stops at a closed chain', () => {
    const top = windowIn(null);
    expect(comesFrom(top, top)).toBe(true);
    expect(comesFrom(windowIn(top), top)).toBe(true);
    expect(comesFrom(windowIn(null, windowIn(top)), top)).toBe(true);
    expect(comesFrom(windowIn(null), top)).toBe(false);
    expect(comesFrom(null, top)).toBe(false);
    const cycle: { parent: unknown; opener: unknown } = windowIn(null);
    cycle.opener = windowIn(null, cycle);
    expect(comesFrom(cycle, top)).toBe(false);
    const throwing = {
      get parent(): unknown {
        throw new Error('cross-origin');
      },
    };
    expect(comesFrom(throwing, top)).toBe(false);
  });
});
