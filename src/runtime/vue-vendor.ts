/**
 * The prebuilt Vue runtime (runtime-dom, development build: its warnings are what a playground
 * user needs), as a lazy factory: nothing of Vue is evaluated when this bundle loads, only on
 * the first require, after the virtual clock is in place. Vue is an ES module; `require` makes
 * the bundler wrap it in a lazy initialiser, as React's CommonJS is (react-vendor.ts).
 */
import type { VENDOR_BUNDLES } from '../protocol/index.ts';

declare const require: (id: string) => unknown;

let vue: unknown;

export const factories: Record<(typeof VENDOR_BUNDLES)['vue'][number], () => unknown> = {
  // By its file: `require('vue')` would pick the CommonJS build, which carries the template
  // compiler (components are compiled in the bundler worker, never in the preview).
  vue: () => (vue ??= require('vue/dist/vue.runtime.esm-bundler.js')),
};
