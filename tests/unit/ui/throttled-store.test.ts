import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { throttledStore } from '../../../src/ui/throttled-store';
import { fakeClock } from '../fake-clock';

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
