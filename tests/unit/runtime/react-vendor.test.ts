import { describe, expect, it } from 'vitest';
import vm from 'node:vm';
import { build } from 'vite';

interface BuildScript {
  bundles: { name: string; entry: string; global?: string }[];
  previewBuildConfig: (bundle: unknown, opts: { write: boolean }) => Parameters<typeof build>[0];
}
interface Output {
  output: { type: string; code?: string }[];
}

// Builds the real vendor bundle (in memory) and checks React is not evaluated when it loads.
describe('react-vendor bundle', () => {
  it('defines lazy factories and evaluates React only on first require', async () => {
    const script = (await import('../../../scripts/build-preview.mjs' as string)) as BuildScript;
    const bundle = script.bundles.find((b) => b.name === 'react-vendor')!;
    const result = (await build(script.previewBuildConfig(bundle, { write: false }))) as
      Output | Output[];
    const code = (Array.isArray(result) ? result[0]! : result).output.find(
      (o) => o.type === 'chunk',
    )!.code!;

    // Development React: its warnings are part of what a playground user gets.
    expect(code).toContain('Each child in a list should have a unique');

    // A global object that counts reads of what React captures when it is evaluated.
    const reads: string[] = [];
    const sandbox: Record<string, unknown> = { console };
    for (const name of [
      'setTimeout',
      'clearTimeout',
      'MessageChannel',
      'setImmediate',
      'performance',
      'window',
    ]) {
      Object.defineProperty(sandbox, name, {
        get: () => {
          reads.push(name);
          return name === 'setTimeout'
            ? setTimeout
            : name === 'performance'
              ? performance
              : undefined;
        },
      });
    }
    sandbox.self = sandbox;
    const context = vm.createContext(sandbox);
    vm.runInContext(code, context);
    const registered = (sandbox.__playpenSource as Record<string, () => unknown>)['react-vendor']!;
    const exported = vm.runInContext(`(${registered.toString()})()`, context) as {
      factories: Record<string, () => Record<string, unknown>>;
    };

    expect(Object.keys(exported.factories).sort()).toEqual(
      [
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-dev-runtime',
        'react/jsx-runtime',
      ].sort(),
    );
    expect(reads).toEqual([]);

    const react = exported.factories.react!();
    expect(typeof react.createElement).toBe('function');
    expect(exported.factories.react!()).toBe(react);
    const client = exported.factories['react-dom/client']!();
    expect(typeof client.createRoot).toBe('function');
    expect(reads.length).toBeGreaterThan(0);
  });
});
