import { describe, expect, it } from 'vitest';
import type { SwapTarget } from '../../../src/protocol';
import type { RunInfo } from '../../../src/run/controller';
import { createHotSwap } from '../../../src/run/hot-swap';
import type { SwapLanding } from '../../../src/run/swap-landing';

const target: SwapTarget = { until: 5000, untilCount: 1, inputs: [], later: [], errorsAt: [] };
const landing: SwapLanding = {
  target,
  old: null,
  viewport: { width: 640, height: 480 },
};
const run: RunInfo = { runId: 3, seed: 11, startTime: 1000 };

function setup(opts: { enabled?: boolean; source?: SwapLanding | null; loads?: number } = {}) {
  return createHotSwap({
    timeline: { swapSource: () => (opts.source === undefined ? landing : opts.source) },
    current: () => ({ run, loads: opts.loads ?? 2 }),
    enabled: () => opts.enabled ?? true,
  });
}

describe('hot swap', () => {
  it('a build while paused starts the same seed and start, landing by the swap target', () => {
    const swap = setup();
    const start = swap.take(false, 2);
    expect(start).toEqual({
      seed: 11,
      startTime: 1000,
      replay: { tick: 0, inputs: [], viewport: { width: 640, height: 480 }, swap: target },
    });
    expect(swap.started({ runId: 4, ...start! })).toBe(landing);
    // Asked once: the next run is its own.
    expect(swap.started({ runId: 5, ...start! })).toBeUndefined();
  });

  it('starts fresh from tick 0 when asked to, when the setting is off, or nothing is paused', () => {
    expect(setup().take(true, 2)).toBeUndefined();
    expect(setup({ enabled: false }).take(false, 2)).toBeUndefined();
    expect(setup({ source: null }).take(false, 2)).toBeUndefined();
  });

  it('another project (a new load) never swaps into the old one’s moment', () => {
    expect(setup({ loads: 2 }).take(false, 3)).toBeUndefined();
  });

  it('a run that is not the swap it gave lands nowhere', () => {
    const swap = setup();
    swap.take(false, 2);
    expect(swap.started(run)).toBeUndefined();
  });
});
