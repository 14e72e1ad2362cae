type Timers = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'MessageChannel'>;

/**
 * esbuild-wasm (worker: false) passes every JS↔Go message through `setTimeout(fn, 0)`, which a
 * worker clamps to ~4 ms once nested: a 300-file build spends seconds waiting (notes/bundling.md).
 * This routes zero-delay timeouts through a MessageChannel instead. Install it only in a
 * worker that runs nothing but the bundler; other delays keep the real timer.
 */
/** Returns a function that puts the real timers back and closes the channel. */
export const installZeroDelayTimers = (scope: Timers): (() => void) => {
  const original = { setTimeout: scope.setTimeout, clearTimeout: scope.clearTimeout };
  const realSet = scope.setTimeout.bind(scope);
  const realClear = scope.clearTimeout.bind(scope);
  const channel = new scope.MessageChannel();
  const queue = new Map<number, () => void>();
  let next = 0;
  // Ids count down from -1 so they never collide with the real timer's positive ids.
  channel.port1.onmessage = (event: MessageEvent<number>) => {
    const run = queue.get(event.data);
    queue.delete(event.data);
    run?.();
  };
  const setTimeout = (handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    if ((delay ?? 0) > 0 || typeof handler !== 'function') {
      return realSet(handler, delay, ...args);
    }
    const id = --next;
    queue.set(id, () => (handler as (...a: unknown[]) => void)(...args));
    channel.port2.postMessage(id);
    return id;
  };
  const clearTimeout = (id?: number | ReturnType<typeof realSet>) => {
    if (typeof id === 'number' && id < 0) queue.delete(id);
    else realClear(id);
  };
  Object.assign(scope, { setTimeout, clearTimeout });
  return () => {
    Object.assign(scope, original);
    channel.port1.close();
  };
};
