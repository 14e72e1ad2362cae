import { describe, expect, it } from 'vitest';
import {
  createVendorLoader,
  createVendorLoaders,
  SOURCE_GLOBAL,
} from '../../../src/runtime/document-env.ts';

interface FakeScript {
  src: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  removed: boolean;
  remove(): void;
}

/** A window whose <script> elements load only when the test says so. */
function fakeWindow() {
  const scripts: FakeScript[] = [];
  const win = {
    document: {
      createElement: (): FakeScript => ({
        src: '',
        onload: null,
        onerror: null,
        removed: false,
        remove() {
          this.removed = true;
        },
      }),
      head: { appendChild: (s: FakeScript) => scripts.push(s) },
    },
  } as unknown as Window & Record<string, unknown>;
  return { win, scripts };
}

// What preview/react-vendor.js registers: a function whose source is evaluated.
const bundle = function () {
  return { factories: { react: () => 'react' } };
};

describe('createVendorLoader', () => {
  it('loads once, removes its script, and tries again after a failed load', async () => {
    const { win, scripts } = fakeWindow();
    const load = createVendorLoader(win, 'https://app.test/preview/react-vendor.js', (code) =>
      (0, eval)(code),
    );

    // A spare frame's preload that fails (the host was unreachable for a moment).
    const first = load();
    scripts[0]!.onerror!();
    await expect(first).rejects.toThrow('could not fetch');
    expect(scripts[0]!.removed).toBe(true);

    // The run's own load fetches again and succeeds.
    const second = load();
    expect(scripts).toHaveLength(2);
    (win[SOURCE_GLOBAL] as Record<string, unknown>)['react-vendor'] = bundle;
    scripts[1]!.onload!();
    const factories = await second;
    expect(factories.react!()).toBe('react');
    // The program's <head> keeps no trace of the loader, with or without a preload.
    expect(scripts[1]!.removed).toBe(true);

    // Loaded: later calls share the result without another fetch.
    expect(load()).toBe(second);
    expect(scripts).toHaveLength(2);
  });
});

describe('createVendorLoaders', () => {
  it("loads only the bundles asked for, each once, and merges their modules' factories", async () => {
    const { win, scripts } = fakeWindow();
    const load = createVendorLoaders(
      win,
      {
        react: 'https://app.test/preview/react-vendor.js',
        vue: 'https://app.test/preview/vue-vendor.js',
        svelte: 'https://app.test/preview/svelte-vendor.js',
      },
      (code) => (0, eval)(code),
    );
    const sources = ((win as Record<string, unknown>)[SOURCE_GLOBAL] ??= {}) as Record<
      string,
      unknown
    >;
    const vue = load(['vue']);
    expect(scripts.map((s) => s.src)).toEqual(['https://app.test/preview/vue-vendor.js']);
    sources['vue-vendor'] = function () {
      return { factories: { vue: () => 'vue' } };
    };
    scripts[0]!.onload!();
    expect(Object.keys(await vue)).toEqual(['vue']);

    // React and Vue together: Vue's bundle is not fetched again.
    const both = load(['react', 'vue']);
    expect(scripts).toHaveLength(2);
    sources['react-vendor'] = bundle;
    scripts[1]!.onload!();
    const factories = await both;
    expect(factories.react!()).toBe('react');
    expect(factories.vue!()).toBe('vue');
  });
});
