import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { throttledStore, type ThrottleClock } from '../../../src/ui/throttled-store';

/** A clock whose time and timers the test moves. */
function fakeClock() {
  let time = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let next = 0;
  const clock: ThrottleClock = {
    now: () => time,
    set(run, ms) {
      timers.push({ at: time + ms, run, id: ++next });
      return next;
    },
    clear(id) {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    time += ms;
    for (const t of timers.filter((t) => t.at <= time)) {
      timers = timers.filter((x) => x !== t);
      t.run();
    }
  };
  return { clock, advance, pending: () => timers.length };
}

const setup = () => {
  const store = createStore<{ playing: boolean; tick: number }>()(() => ({
    playing: true,
    tick: 0,
  }));
  const time = fakeClock();
  const view = throttledStore(store, 100, (s) => s.playing, time.clock);
  const heard: number[] = [];
  const stop = view.subscribe(() => heard.push(view.getState().tick));
  return { store, time, heard, stop };
};

describe('throttledStore', () => {
  it('tells a busy store’s changes at most once per interval, the last one always', () => {
    const { store, time, heard } = setup();
    store.setState({ tick: 1 });
    for (let tick = 2; tick <= 6; tick++) {
      time.advance(16);
      store.setState({ tick });
    }
    expect(heard).toEqual([1]);
    time.advance(20);
    expect(heard).toEqual([1, 6]);
    time.advance(500);
    expect(heard).toEqual([1, 6]);
  });

  it('tells at once when not busy, and the change that ends a busy spell', () => {
    const { store, time, heard } = setup();
    store.setState({ tick: 1 });
    time.advance(10);
    store.setState({ tick: 2 });
    store.setState({ tick: 3, playing: false });
    expect(heard).toEqual([1, 3]);
    store.setState({ tick: 4 });
    expect(heard).toEqual([1, 3, 4]);
    time.advance(200);
    expect(heard).toEqual([1, 3, 4]);
  });

  it('leaves no timer behind an unsubscribe', () => {
    const { store, time, heard, stop } = setup();
    store.setState({ tick: 1 });
    store.setState({ tick: 2 });
    expect(time.pending()).toBe(1);
    stop();
    expect(time.pending()).toBe(0);
    time.advance(200);
    expect(heard).toEqual([1]);
  });
});
