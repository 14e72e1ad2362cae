import { describe, expect, it } from 'vitest';
import { createVendorLoader, SOURCE_GLOBAL } from '../../../src/runtime/document-env.ts';

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
