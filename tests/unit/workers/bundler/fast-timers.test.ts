import { afterEach, describe, expect, it } from 'vitest';
import { installZeroDelayTimers } from '../../../../workers/bundler/fast-timers';

describe('installZeroDelayTimers', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('runs zero-delay timeouts through a message channel, in order, with arguments', async () => {
    const scope = {
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
      MessageChannel,
    } as unknown as typeof globalThis;
    const realSet = scope.setTimeout;
    restore = installZeroDelayTimers(scope);
    expect(scope.setTimeout).not.toBe(realSet);
    const seen: string[] = [];
    const id = scope.setTimeout((x: string) => seen.push(x), 0, 'a') as unknown as number;
    expect(id).toBeLessThan(0);
    scope.setTimeout(() => seen.push('b'));
    const cancelled = scope.setTimeout(() => seen.push('never'), 0);
    scope.clearTimeout(cancelled);
    const real = scope.setTimeout(() => seen.push('real'), 5) as unknown as { ref?: unknown };
    expect(typeof real === 'number' ? real > 0 : typeof real.ref === 'function').toBe(true);
    await new Promise((r) => globalThis.setTimeout(r, 30));
    expect(seen).toEqual(['a', 'b', 'real']);
    restore();
    restore = undefined;
    expect(scope.setTimeout).toBe(realSet);
  });
});
