import type { build } from 'esbuild-wasm';

/**
 * The slice of esbuild the bundler uses, injected so the same core runs on esbuild-wasm in the
 * worker and in Node (unit tests).
 */
export interface EsbuildApi {
  build: typeof build;
}
