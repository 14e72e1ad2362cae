import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { settledStore } from '../../../src/ui/settled-store';
import { fakeClock } from '../fake-clock';

type Status = 'idle' | 'building' | 'starting' | 'running' | 'error';

const setup = () => {
  const store = createStore<{ status: Status }>()(() => ({ status: 'running' }));
  const time = fakeClock();
  const view = settledStore(
    store,
    200,
    (s) => s.status === 'building' || s.status === 'starting',
    time.clock,
  );
  const heard: Status[] = [];
  const stop = view.subscribe(() => heard.push(view.getState().status));
  const set = (status: Status) => store.setState({ status });
  return { store, time, view, heard, stop, set };
};

describe('settledStore', () => {
  it('shows nothing of a build and a start that end within the delay', () => {
    const { time, view, heard, set } = setup();
    set('building');
    time.advance(30);
    set('starting');
    time.advance(30);
    expect(view.getState().status).toBe('running');
    expect(heard).toEqual([]);
    // The new run's state (a new object: its build time changed): one change, not three.
    set('running');
    expect(heard).toEqual(['running']);
    expect(time.pending()).toBe(0);
  });

  it('shows a spell that lasts, from the delay after it began, and each change in it at once', () => {
    const { time, heard, set } = setup();
    set('building');
    time.advance(150);
    set('starting'); // the same spell: its delay is not restarted
    time.advance(49);
    expect(heard).toEqual([]);
    time.advance(1);
    expect(heard).toEqual(['starting']);
    set('building');
    expect(heard).toEqual(['starting', 'building']);
    set('running');
    expect(heard).toEqual(['starting', 'building', 'running']);
  });

  it('shows a settled state at once, ending the spell', () => {
    const { time, heard, set } = setup();
    set('building');
    time.advance(100);
    set('error');
    expect(heard).toEqual(['error']);
    set('building');
    time.advance(199);
    expect(heard).toEqual(['error']);
    time.advance(1);
    expect(heard).toEqual(['error', 'building']);
  });

  it('is the store itself while nobody watches, and stops its timer when the last one leaves', () => {
    const { time, view, stop, set } = setup();
    set('building');
    expect(time.pending()).toBe(1);
    stop();
    expect(time.pending()).toBe(0);
    expect(view.getState().status).toBe('building');
    // A new watcher starts from what the store says.
    const heard: Status[] = [];
    view.subscribe(() => heard.push(view.getState().status));
    expect(view.getState().status).toBe('building');
    set('running');
    expect(heard).toEqual(['running']);
  });
});
