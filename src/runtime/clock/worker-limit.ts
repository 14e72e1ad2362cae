/**
 * Workers are real threads the run clock cannot pause. A program that creates them in a loop
 * would start thousands and stall the machine; a few are plenty for a playground program, so
 * past the limit `new Worker()` throws a clear error the program can catch.
 */

/** Workers (and SharedWorkers) alive at once in one preview. */
export const MAX_WORKERS = 16;

export function installWorkerLimit(win: Window, max = MAX_WORKERS): void {
  const w = win as unknown as Record<string, unknown>;
  let alive = 0;
  for (const name of ['Worker', 'SharedWorker']) {
    const original = w[name];
    if (typeof original !== 'function') continue;
    const limited: object = new Proxy(original, {
      construct(target, args, newTarget): object {
        if (alive >= max) {
          throw new (win as unknown as typeof globalThis).Error(
            `Playpen: at most ${max} Workers can run at once in the preview; terminate one before starting another.`,
          );
        }
        const worker = Reflect.construct(
          target as new (...a: unknown[]) => object,
          args,
          newTarget === limited ? target : newTarget,
        ) as { terminate?: () => void };
        alive++;
        const terminate = worker.terminate;
        if (typeof terminate === 'function') {
          let ended = false;
          worker.terminate = function (this: unknown) {
            if (!ended) {
              ended = true;
              alive--;
            }
            return Reflect.apply(terminate, worker, []) as void;
          };
        }
        return worker as object;
      },
    });
    w[name] = limited;
  }
}
