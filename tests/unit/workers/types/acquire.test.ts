import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acquirePackageTypes } from '../../../../workers/types/acquire';
import { createTextFetcher, type TextCache } from '../../../../workers/types/text-fetcher';
import type { PackageTypesRequest } from '../../../../src/protocol/package-types';
import { startNodeModulesServer, type NodeModulesServer } from '../../../e2e/node-modules-server';

// The type source is a local server with the real files of packages in node_modules:
// fflate ships its types (with an exports map), comlink's types import each other,
// picomatch has none and needs @types/picomatch, ms has none anywhere.

let server: NodeModulesServer;
beforeAll(async () => {
  server = await startNodeModulesServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setDown(false);
});

const memoryCache = (): TextCache => {
  const map = new Map<string, string | null>();
  return {
    get: async (url) => map.get(url),
    put: async (url, text) => void map.set(url, text),
  };
};
const fetcher = (cache: TextCache = memoryCache()) =>
  createTextFetcher({ fetch: (url, init) => fetch(url, init), cache, retryDelayMs: () => 0 });
const request = (name: string, dependencies: Record<string, string> = {}): PackageTypesRequest => ({
  name,
  subpaths: [''],
  base: server.base,
  dependencies,
});
const paths = (result: Awaited<ReturnType<typeof acquirePackageTypes>>) =>
  result.ok ? result.files.map((file) => file.path) : [];

describe('acquirePackageTypes', () => {
  it("fetches a package's own types at the version range of the project's package.json", async () => {
    const result = await acquirePackageTypes(
      request('fflate', { fflate: '^0.8.0' }),
      fetcher().fetchText,
    );
    expect(result).toMatchObject({ ok: true, source: 'fflate', version: '0.8.3' });
    expect(paths(result)).toEqual(
      expect.arrayContaining([
        'fflate/package.json',
        'fflate/lib/index.d.ts',
        'fflate/esm/browser.d.ts',
      ]),
    );
    // The range is asked once; every file after it at the exact version it resolved to.
    expect(server.requests[0]).toBe('/fflate@^0.8.0/package.json');
    expect(server.requests.slice(1).every((path) => path.startsWith('/fflate@0.8.3/'))).toBe(true);
  });

  it('follows relative imports between declaration files', async () => {
    const result = await acquirePackageTypes(request('comlink'), fetcher().fetchText);
    expect(paths(result)).toEqual(
      expect.arrayContaining(['comlink/dist/umd/comlink.d.ts', 'comlink/dist/umd/protocol.d.ts']),
    );
  });

  it('falls back to the @types package when the package has no types', async () => {
    const result = await acquirePackageTypes(request('picomatch'), fetcher().fetchText);
    expect(result).toMatchObject({ ok: true, source: '@types/picomatch' });
    expect(paths(result)).toEqual(
      expect.arrayContaining([
        '@types/picomatch/package.json',
        '@types/picomatch/index.d.ts',
        '@types/picomatch/lib/picomatch.d.ts',
        '@types/picomatch/lib/scan.d.ts',
      ]),
    );
  });

  it('says so when neither the package nor @types has types', async () => {
    const result = await acquirePackageTypes(request('ms'), fetcher().fetchText);
    expect(result).toEqual({
      ok: false,
      name: 'ms',
      message:
        'ms has no types (none in the package or in @types/ms). It still runs, without type checking.',
    });
  });

  it('says so when the source has no such version', async () => {
    const result = await acquirePackageTypes(
      request('fflate', { fflate: '^1.0.0' }),
      fetcher().fetchText,
    );
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringContaining('no package fflate@^1.0.0'),
    });
  });

  it('retries a source that is down, then gives a message', async () => {
    server.setDown(true);
    const result = await acquirePackageTypes(request('fflate'), fetcher().fetchText);
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringContaining('could not be fetched (the type source answered 503)'),
    });
    expect(server.requests.filter((path) => path === '/fflate@latest/package.json')).toHaveLength(
      3,
    );
  });

  it('keeps types for an offline session from the cache', async () => {
    const cache = memoryCache();
    const online = await acquirePackageTypes(request('picomatch'), fetcher(cache).fetchText);
    server.setDown(true);
    server.requests.length = 0;
    const offline = await acquirePackageTypes(request('picomatch'), fetcher(cache).fetchText);
    expect(offline).toEqual(online);
  });

  it('reads pinned files from the cache without asking the source again', async () => {
    const cache = memoryCache();
    await acquirePackageTypes(request('comlink'), fetcher(cache).fetchText);
    server.requests.length = 0;
    await acquirePackageTypes(request('comlink'), fetcher(cache).fetchText);
    expect(server.requests).toEqual(['/comlink@latest/package.json']);
  });

  it('asks once for a file that two acquisitions want at the same time', async () => {
    const { fetchText } = fetcher();
    const [a, b] = await Promise.all([
      acquirePackageTypes(request('comlink'), fetchText),
      acquirePackageTypes(request('comlink'), fetchText),
    ]);
    expect(a).toEqual(b);
    expect(new Set(server.requests).size).toBe(server.requests.length);
  });

  it('ends with a message when cancelled', async () => {
    const { fetchText, cancel } = fetcher();
    const pending = acquirePackageTypes(request('fflate'), fetchText);
    await cancel();
    expect(await pending).toMatchObject({ ok: false, message: expect.stringContaining('fflate') });
  });
});
