import type { ServiceOptions } from './service';

/**
 * The bundler options of the worker (bundler.worker.ts). The program shipped for the first run
 * (first-program.ts) is built with the same ones, so it is the program the worker would give.
 */
export const WORKER_BUNDLER_OPTIONS: Pick<ServiceOptions, 'guardLoops' | 'transform'> = {
  guardLoops: true,
};
