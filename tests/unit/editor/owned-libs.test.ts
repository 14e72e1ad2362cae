import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnedLibs } from '../../../src/editor/package-types/owned-libs';
import { acquirePackageTypes } from '../../../workers/types/acquire';
import { createTextFetcher } from '../../../workers/types/text-fetcher';
import type { TypeFile } from '../../../src/protocol/package-types';
import { startNodeModulesServer, type NodeModulesServer } from '../../e2e/node-modules-server';

// Real packages' type files from the local node_modules server, handed to the libs as the
// editor does: fflate ships its own, picomatch's come from @types/picomatch.
let server: NodeModulesServer;
beforeAll(async () => {
  server = await startNodeModulesServer();
});
afterAll(() => server.close());

async function filesOf(name: string): Promise<TypeFile[]> {
  const map = new Map<string, string | null>();
  const { fetchText } = createTextFetcher({
    fetch: (url, init) => fetch(url, init),
    cache: { get: async (url) => map.get(url), put: async (url, text) => void map.set(url, text) },
    retryDelayMs: () => 0,
  });
  const result = await acquirePackageTypes(
    { name, subpaths: [''], base: server.base, dependencies: {} },
    fetchText,
  );
  if (!result.ok) throw new Error(result.message);
  return result.files;
}

/** Monaco's extra libs as a map uri → text, with every add and removal counted. */
function fakeMonaco() {
  const libs = new Map<string, string>();
  let removals = 0;
  const setLib = (text: string, uri: string) => {
    libs.set(uri, text);
    return () => {
      removals++;
      if (libs.get(uri) === text) libs.delete(uri);
    };
  };
  return { libs, setLib, removals: () => removals };
}

describe('createOwnedLibs', () => {
  it("removes a package's files once no file imports it, keeping the others'", async () => {
    const monaco = fakeMonaco();
    const onFiles = createOwnedLibs(monaco.setLib);
    const [fflate, picomatch] = await Promise.all([filesOf('fflate'), filesOf('picomatch')]);
    onFiles(fflate, 'fflate');
    onFiles(picomatch, 'picomatch');
    expect(monaco.libs.has('file:///node_modules/fflate/lib/index.d.ts')).toBe(true);
    expect(monaco.libs.has('file:///node_modules/@types/picomatch/index.d.ts')).toBe(true);
    const both = monaco.libs.size;
    expect(both).toBe(fflate.length + picomatch.length);

    onFiles([], 'fflate');
    expect([...monaco.libs.keys()].filter((uri) => uri.includes('/fflate/'))).toEqual([]);
    expect(monaco.libs.size).toBe(picomatch.length);
    expect(monaco.removals()).toBe(fflate.length);

    // Imported again: added again.
    onFiles(fflate, 'fflate');
    expect(monaco.libs.size).toBe(both);
  });

  it('keeps a file two packages brought until both are gone; a new version replaces the old', () => {
    const monaco = fakeMonaco();
    const onFiles = createOwnedLibs(monaco.setLib);
    const shared = { path: 'dep/index.d.ts', text: 'export declare const d: 1;' };
    onFiles([{ path: 'a/index.d.ts', text: 'export {}' }, shared], 'a');
    onFiles([{ path: 'b/index.d.ts', text: 'export {}' }, shared], 'b');
    onFiles([], 'a');
    expect([...monaco.libs.keys()]).toEqual([
      'file:///node_modules/dep/index.d.ts',
      'file:///node_modules/b/index.d.ts',
    ]);
    onFiles([{ path: 'b/v2.d.ts', text: 'export {}' }], 'b');
    expect([...monaco.libs.keys()]).toEqual(['file:///node_modules/b/v2.d.ts']);
  });
});
