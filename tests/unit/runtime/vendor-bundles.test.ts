import { describe, expect, it } from 'vitest';
import vm from 'node:vm';
import { build } from 'vite';
import { VENDOR_BUNDLES, type VendorBundle } from '../../../src/protocol';

interface BuildScript {
  bundles: { name: string; entry: string; global?: string }[];
  previewBuildConfig: (bundle: unknown, opts: { write: boolean }) => Parameters<typeof build>[0];
}
interface Output {
  output: { type: string; code?: string }[];
}

/** Builds one real vendor bundle (in memory) and returns its code. */
async function bundleCode(name: string): Promise<string> {
  const script = (await import('../../../scripts/build-preview.mjs' as string)) as BuildScript;
  const bundle = script.bundles.find((b) => b.name === name)!;
  const result = (await build(script.previewBuildConfig(bundle, { write: false }))) as
    Output | Output[];
  return (Array.isArray(result) ? result[0]! : result).output.find((o) => o.type === 'chunk')!
    .code!;
}

/** What a framework captures when it is evaluated: reads of these globals are counted. */
const CAPTURED = ['setTimeout', 'clearTimeout', 'MessageChannel', 'setImmediate', 'performance'];

/** Evaluates a bundle in a fresh realm whose global counts reads of CAPTURED and `window`. */
function loadInSandbox(code: string, name: string) {
  const reads: string[] = [];
  const sandbox: Record<string, unknown> = { console, queueMicrotask };
  for (const global of [...CAPTURED, 'window']) {
    Object.defineProperty(sandbox, global, {
      get: () => {
        reads.push(global);
        return global === 'setTimeout'
          ? setTimeout
          : global === 'performance'
            ? performance
            : undefined;
      },
    });
  }
  sandbox.self = sandbox;
  const context = vm.createContext(sandbox);
  vm.runInContext(code, context);
  const registered = (sandbox.__playpenSource as Record<string, () => unknown>)[name]!;
  const exported = vm.runInContext(`(${registered.toString()})()`, context) as {
    factories: Record<string, () => Record<string, unknown>>;
  };
  return { reads, factories: exported.factories };
}

// Each framework ships prebuilt with the app (no CDN) and is evaluated only on first require:
// it captures timers and clocks when it runs, and the virtual clock must be in place by then.
describe('vendor bundles', () => {
  it('React: lazy factories, development build', async () => {
    const code = await bundleCode('react-vendor');
    // Development React: its warnings are part of what a playground user gets.
    expect(code).toContain('Each child in a list should have a unique');
    const { reads, factories } = loadInSandbox(code, 'react-vendor');
    expect(Object.keys(factories).sort()).toEqual([...VENDOR_BUNDLES.react].sort());
    expect(reads).toEqual([]);

    const react = factories.react!();
    expect(typeof react.createElement).toBe('function');
    expect(factories.react!()).toBe(react);
    const client = factories['react-dom/client']!();
    expect(typeof client.createRoot).toBe('function');
    expect(reads.length).toBeGreaterThan(0);
  });

  it.each([
    ['vue', 'createApp', 'Invalid prop: type check failed'],
    ['svelte', 'mount', 'https://svelte.dev/e/'],
  ] as [VendorBundle, string, string][])(
    '%s: lazy factories for every module, development build',
    async (bundle, api, devText) => {
      const code = await bundleCode(`${bundle}-vendor`);
      expect(code).toContain(devText);
      const { reads, factories } = loadInSandbox(code, `${bundle}-vendor`);
      expect(Object.keys(factories).sort()).toEqual([...VENDOR_BUNDLES[bundle]].sort());
      // Loading the bundle evaluates nothing of the framework.
      expect(reads).toEqual([]);
      const main = factories[bundle]!();
      expect(typeof main[api]).toBe('function');
      expect(factories[bundle]!()).toBe(main);
    },
  );

  it('svelte: the modules share one copy of its internals', async () => {
    const { factories } = loadInSandbox(await bundleCode('svelte-vendor'), 'svelte-vendor');
    const internal = factories['svelte/internal/client']!();
    const svelte = factories.svelte!();
    // The public API and what compiled components call work on the same reactive graph.
    expect(svelte.untrack).toBe(internal.untrack);
    // The browser's build of each module, not the server's.
    expect(String(svelte.mount)).not.toContain('lifecycle_function_unavailable');
  });
});
