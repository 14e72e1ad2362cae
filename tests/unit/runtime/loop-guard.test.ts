import { describe, expect, it } from 'vitest';
import { createLoopGuard, type LoopCheck } from '../../../src/runtime/loop-guard';

/** One guarded iteration, as the bundler writes it at the top of each loop body. */
const iterate = (check: LoopCheck, site: string) => {
  if (--check.c < 0) check(site);
};

/** A guard on a fake clock and a microtask queue the test drains by hand. */
const setup = (budgetMs = 1000, every = 4) => {
  let t = 0;
  const microtasks: (() => void)[] = [];
  const guard = createLoopGuard({
    now: () => t,
    queueMicrotask: (fn) => microtasks.push(fn),
    budgetMs,
    every,
  });
  const advance = (ms: number) => (t += ms);
  const endTask = () => microtasks.splice(0).forEach((fn) => fn());
  const step = (site = 'src/main.ts:2') => iterate(guard.check, site);
  /** Runs `n` iterations, `msEach` apart; returns the error thrown, if any. */
  const loop = (n: number, msEach = 0, site = 'src/main.ts:2') => {
    try {
      for (let i = 0; i < n; i++) {
        step(site);
        advance(msEach);
      }
    } catch (error) {
      return error as Error;
    }
    return undefined;
  };
  return { guard, loop, step, advance, endTask, microtasks };
};

describe('createLoopGuard', () => {
  it('throws "Possible infinite loop at <site>" once a tick runs past the budget', () => {
    const { loop } = setup(1000, 4);
    const error = loop(10_000, 1);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('Possible infinite loop at src/main.ts:2');
  });

  it('reads the clock only every N iterations', () => {
    let reads = 0;
    const guard = createLoopGuard({
      now: () => ++reads,
      queueMicrotask: () => {},
      every: 1024,
    });
    for (let i = 0; i < 1024 * 10; i++) iterate(guard.check, 's');
    expect(reads).toBe(10);
    // The countdown is inline: the guard function itself runs only when it reads the clock.
    expect(guard.check.c).toBe(1023);
  });

  it('gives each task a fresh budget: the budget ends with the synchronous run', () => {
    const { loop, endTask } = setup(1000, 4);
    // 900 ms in each of three tasks: 2.7 s in all, never 1 s in one.
    for (let task = 0; task < 3; task++) {
      expect(loop(900, 1)).toBeUndefined();
      endTask();
    }
    expect(loop(2000, 1)?.message).toMatch(/Possible infinite loop/);
  });

  it('shares one budget between nested loops of one tick', () => {
    const { step, advance } = setup(1000, 4);
    const run = () => {
      for (let outer = 0; outer < 10_000; outer++) {
        step('src/main.ts:1');
        for (let inner = 0; inner < 3; inner++) {
          step('src/main.ts:2');
          advance(1);
        }
      }
    };
    expect(run).toThrow(/Possible infinite loop at src\/main\.ts:[12]/);
  });

  it('resetLoopBudget starts a new tick (the virtual clock calls it per tick)', () => {
    const { guard, loop } = setup(1000, 4);
    expect(loop(900, 1)).toBeUndefined();
    guard.resetLoopBudget();
    expect(loop(900, 1)).toBeUndefined();
    expect(loop(200, 1)).toBeDefined();
  });

  it('keeps throwing in a tick whose budget is spent, at the next iteration', () => {
    const { loop, step } = setup(1000, 64);
    expect(loop(5000, 1)).toBeDefined();
    // A catch around the loop that loops on meets the error at once.
    expect(() => step('src/main.ts:9')).toThrow('Possible infinite loop at src/main.ts:9');
  });

  it('a budget of 0 turns the guard off; setBudget changes it; bad values get the default', () => {
    const { guard, loop } = setup(0, 4);
    expect(loop(100_000, 1)).toBeUndefined();
    guard.setBudget(50);
    expect(loop(1000, 1)).toBeDefined();
    guard.resetLoopBudget();
    guard.setBudget(Number.NaN);
    expect(loop(900, 1)).toBeUndefined();
    expect(loop(200, 1)).toBeDefined();
  });
});
