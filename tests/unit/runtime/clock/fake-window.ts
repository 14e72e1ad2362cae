/** A minimal window-like global for installing the virtual clock in Node. */
export function fakeWindow(): Window & typeof globalThis {
  class FakeCrypto {
    getRandomValues<T>(a: T): T {
      return a;
    }
    randomUUID(): string {
      return 'real';
    }
  }
  return {
    Date,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    performance: { now: () => performance.now() },
    Math: Object.create(Math) as Math,
    crypto: new FakeCrypto(),
  } as unknown as Window & typeof globalThis;
}
