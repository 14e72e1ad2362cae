import { expose } from 'comlink';
import * as esbuild from 'esbuild-wasm/esm/browser.js';
import wasmURL from 'esbuild-wasm/esbuild.wasm?url';
import { installZeroDelayTimers } from './bundler/fast-timers';
import { createBundlerService } from './bundler/service';

// Before esbuild starts: its JS↔Go hops use setTimeout(0), clamped in workers (see fast-timers).
installZeroDelayTimers(self);
expose(
  createBundlerService({
    esbuild,
    init: () => esbuild.initialize({ wasmURL, worker: false }),
    guardLoops: true,
  }),
);
