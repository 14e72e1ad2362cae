import type { ThrottleClock } from '../../src/ui/throttled-store';

/** A clock whose time and timers the test moves. */
export function fakeClock() {
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
