/**
 * The prebuilt Svelte 5 client runtime (development build: its warnings and checks are what a
 * playground user needs), as lazy factories: nothing of Svelte is evaluated when this bundle
 * loads, only on the first require, after the virtual clock is in place. One bundle for every
 * module: compiled components and the program's own imports share Svelte's internal state.
 * `require` makes the bundler wrap each ES module in a lazy initialiser (react-vendor.ts).
 */
import type { VENDOR_BUNDLES } from '../protocol/index.ts';

declare const require: (id: string) => unknown;

/** Runs `load` once: each module's exports keep their identity across requires. */
const once = (load: () => unknown) => {
  let exports: unknown;
  return () => (exports ??= load());
};

export const factories: Record<(typeof VENDOR_BUNDLES)['svelte'][number], () => unknown> = {
  svelte: once(() => require('svelte')),
  'svelte/internal/client': once(() => require('svelte/internal/client')),
  'svelte/internal/disclose-version': once(() => require('svelte/internal/disclose-version')),
  'svelte/internal/flags/async': once(() => require('svelte/internal/flags/async')),
  'svelte/internal/flags/legacy': once(() => require('svelte/internal/flags/legacy')),
  'svelte/internal/flags/tracing': once(() => require('svelte/internal/flags/tracing')),
  'svelte/animate': once(() => require('svelte/animate')),
  'svelte/attachments': once(() => require('svelte/attachments')),
  'svelte/easing': once(() => require('svelte/easing')),
  'svelte/events': once(() => require('svelte/events')),
  'svelte/legacy': once(() => require('svelte/legacy')),
  'svelte/motion': once(() => require('svelte/motion')),
  'svelte/reactivity': once(() => require('svelte/reactivity')),
  'svelte/reactivity/window': once(() => require('svelte/reactivity/window')),
  'svelte/store': once(() => require('svelte/store')),
  'svelte/transition': once(() => require('svelte/transition')),
};
