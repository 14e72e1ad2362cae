import { describe, expect, it } from 'vitest';
import {
  createAnimationSync,
  type SyncedAnimation,
} from '../../../../src/runtime/clock/animations.ts';

/** An Animation as the compositor runs it: real time moves it until it is paused. */
class FakeAnimation {
  currentTime: number | null;
  playbackRate = 1;
  playState: AnimationPlayState = 'running';
  effect = null;
  pauses = 0;
  constructor(realElapsed: number) {
    this.currentTime = realElapsed;
  }
  pause() {
    this.pauses++;
    this.playState = 'paused';
  }
}

/** One as Chromium keeps it: in seconds, so reading currentTime back can be off by rounding. */
class SecondsAnimation {
  seconds = 0;
  playbackRate = 1;
  playState: AnimationPlayState = 'running';
  effect = null;
  get currentTime() {
    return this.seconds * 1000;
  }
  set currentTime(ms: number | null) {
    this.seconds = (ms ?? 0) / 1000;
  }
  pause() {
    this.playState = 'paused';
  }
}

function fakeDocument() {
  const animations: FakeAnimation[] = [];
  let flushes = 0;
  /** Style changes the browser has not applied yet: they become animations at the flush. */
  const pending: FakeAnimation[] = [];
  return {
    animations,
    pending,
    flushes: () => flushes,
    doc: {
      getAnimations: () =>
        animations.filter((a) => a.playState !== 'idle') as unknown as SyncedAnimation[],
      flushStyle: () => {
        flushes++;
        animations.push(...pending.splice(0));
      },
    },
  };
}

describe('animation sync', () => {
  it('births a new animation at the tick it was first seen, whatever real time it ran', () => {
    const { doc, animations } = fakeDocument();
    const sync = createAnimationSync(doc);
    animations.push(new FakeAnimation(37)); // 37 ms of real time before the sync saw it
    sync(1000);
    expect(animations[0]!.currentTime).toBe(0);
    expect(animations[0]!.playState).toBe('paused');
    sync(1250);
    expect(animations[0]!.currentTime).toBe(250);
  });

  it('flushes style so a transition a tick started is born in that tick', () => {
    const { doc, pending, animations, flushes } = fakeDocument();
    const sync = createAnimationSync(doc);
    pending.push(new FakeAnimation(5));
    sync(400);
    expect(flushes()).toBe(1);
    expect(animations[0]!.currentTime).toBe(0);
    sync(500);
    expect(animations[0]!.currentTime).toBe(100);
  });

  it('moves known animations to the time before the flush that may retarget them', () => {
    const { doc, animations } = fakeDocument();
    const order: string[] = [];
    const sync = createAnimationSync({
      ...doc,
      flushStyle: () => void order.push(`flush at ${animations[0]?.currentTime ?? '-'}`),
    });
    animations.push(new FakeAnimation(0));
    sync(0);
    sync(300);
    expect(order).toEqual(['flush at 0', 'flush at 300']);
  });

  it('without discovery moves only the known animations: no style flush, no new ones', () => {
    const { doc, pending, animations, flushes } = fakeDocument();
    const sync = createAnimationSync(doc);
    animations.push(new FakeAnimation(0));
    sync(0);
    pending.push(new FakeAnimation(9)); // a style change not yet applied
    expect(sync(200, false)).toHaveLength(1);
    expect(flushes()).toBe(1);
    expect(animations).toHaveLength(1);
    expect(animations[0]!.currentTime).toBe(200);
    sync(200); // the tick's end finds the new one and births it at the same time
    expect(flushes()).toBe(2);
    expect(animations[1]!.currentTime).toBe(0);
  });

  it('keeps a seek the program made and follows playbackRate', () => {
    const { doc, animations } = fakeDocument();
    const sync = createAnimationSync(doc);
    const a = new FakeAnimation(0);
    animations.push(a);
    sync(0);
    a.currentTime = 800; // the program scrubs to 800 ms
    sync(100);
    expect(a.currentTime).toBe(800);
    sync(200);
    expect(a.currentTime).toBe(900);
    a.playbackRate = 2;
    sync(300);
    expect(a.currentTime).toBe(1100); // 900, then 100 ms at twice the speed
  });

  it('does not restart a cancelled animation (pause() would)', () => {
    const { doc, animations } = fakeDocument();
    const sync = createAnimationSync(doc);
    const a = new FakeAnimation(0);
    animations.push(a);
    sync(0);
    a.playState = 'idle';
    const pauses = a.pauses;
    sync(100);
    expect(a.pauses).toBe(pauses);
  });

  it('gives the same time however many syncs came between (a replay syncs at other moments)', () => {
    const place = (syncs: number[]) => {
      const { doc, animations } = fakeDocument();
      const sync = createAnimationSync(doc);
      const a = new SecondsAnimation();
      animations.push(a as unknown as FakeAnimation);
      for (const at of syncs) sync(at);
      return a.seconds;
    };
    const everyMs = Array.from({ length: 1024 }, (_, i) => i);
    expect(place(everyMs)).toBe(place([0, 500, 1023]));
    expect(place(everyMs)).toBe(1023 / 1000);
  });
});
