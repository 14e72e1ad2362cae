import { expose } from 'comlink';
import * as esbuild from 'esbuild-wasm/esm/browser.js';
import wasmURL from 'esbuild-wasm/esbuild.wasm?url';
import { installZeroDelayTimers } from './bundler/fast-timers';
import { createBundlerService } from './bundler/service';
import { compileWasm } from './bundler/compile-wasm';
import { WORKER_BUNDLER_OPTIONS } from './bundler/worker-options';

// Before esbuild starts: its JS↔Go hops use setTimeout(0), clamped in workers (see fast-timers).
installZeroDelayTimers(self);
// Compiled from the first byte, while the app starts; esbuild runs it at the first build.
const startCompile = () => {
  const module = compileWasm(fetch, wasmURL);
  module.catch(() => {}); // reported by the build that awaits it
  return module;
};
let compiled = startCompile();
expose(
  createBundlerService({
    esbuild,
    init: async () => {
      try {
        await esbuild.initialize({ wasmModule: await compiled, worker: false });
      } catch (error) {
        // A failed download is fetched again by the retry (the service calls init again).
        compiled = startCompile();
        throw error;
      }
    },
    ...WORKER_BUNDLER_OPTIONS,
  }),
);
