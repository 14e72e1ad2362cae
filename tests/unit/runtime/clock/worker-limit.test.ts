import { describe, expect, it } from 'vitest';
import { installWorkerLimit } from '../../../../src/runtime/clock/worker-limit';

class FakeWorker {
  static started = 0;
  terminated = false;
  constructor(readonly url: string) {
    FakeWorker.started++;
  }
  terminate() {
    this.terminated = true;
  }
}

function setUp(max: number) {
  FakeWorker.started = 0;
  const win = { Worker: FakeWorker, Error } as unknown as Window & {
    Worker: new (url: string) => FakeWorker;
  };
  installWorkerLimit(win, max);
  return win;
}

describe('worker limit', () => {
  it('refuses the Worker past the limit with a clear error, and starts no thread for it', () => {
    const win = setUp(3);
    const made = [new win.Worker('a'), new win.Worker('b'), new win.Worker('c')];
    expect(made[0]).toBeInstanceOf(FakeWorker);
    expect(() => new win.Worker('d')).toThrow(/at most 3 Workers.*terminate one/);
    expect(FakeWorker.started).toBe(3);
  });

  it('counts a terminated Worker out, once however often it is terminated', () => {
    const win = setUp(2);
    const a = new win.Worker('a');
    new win.Worker('b');
    a.terminate();
    a.terminate();
    expect(a.terminated).toBe(true);
    new win.Worker('c');
    expect(() => new win.Worker('d')).toThrow(/at most 2/);
  });

  it('stops a program that starts Workers in a loop at the limit', () => {
    const win = setUp(16);
    let n = 0;
    try {
      for (; n < 2000; n++) new win.Worker(String(n));
    } catch {
      // the program's own catch
    }
    expect(n).toBe(16);
    expect(FakeWorker.started).toBe(16);
  });
});
