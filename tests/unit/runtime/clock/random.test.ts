import { describe, expect, it } from 'vitest';
import { createRandom, installRandom } from '../../../../src/runtime/clock/random.ts';
import { fakeWindow } from './fake-window.ts';

describe('seeded random', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const seq = (r: ReturnType<typeof createRandom>) => Array.from({ length: 5 }, () => r.next());
    const sa = seq(a);
    expect(seq(b)).toEqual(sa);
    expect(seq(c)).not.toEqual(sa);
    for (const x of sa) expect(x >= 0 && x < 1).toBe(true);
  });

  it('drives Math.random, getRandomValues and randomUUID, counting draws', () => {
    const run = () => {
      const win = fakeWindow();
      const random = createRandom(7);
      installRandom(win, random);
      const bytes = win.crypto.getRandomValues(new Uint8Array(6));
      return {
        math: [win.Math.random(), win.Math.random()],
        bytes: Array.from(bytes),
        uuid: win.crypto.randomUUID(),
        draws: random.draws,
      };
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.draws).toBe(4);
    expect(first.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(first.bytes.some((b) => b !== 0)).toBe(true);
  });
});
