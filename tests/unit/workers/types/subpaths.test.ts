import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acquirePackageTypes } from '../../../../workers/types/acquire';
import { createTextFetcher } from '../../../../workers/types/text-fetcher';
import {
  EDITOR_TS_VERSION,
  inRange,
  mapTypesVersions,
} from '../../../../workers/types/types-versions';
import { startNodeModulesServer, type NodeModulesServer } from '../../../e2e/node-modules-server';

// Deep imports resolved as TypeScript's bundler resolution does, against the real files of
// packages in node_modules: @rolldown/pluginutils/filter is exported as a script only (its
// declaration sits beside it), @babel/types has no exports and sends its `types` elsewhere
// through typesVersions, eslint-plugin-boundaries exports `./config` as a script.

let server: NodeModulesServer;
beforeAll(async () => {
  server = await startNodeModulesServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const fetchText = () => {
  const map = new Map<string, string | null>();
  return createTextFetcher({
    fetch: (url, init) => fetch(url, init),
    cache: { get: async (url) => map.get(url), put: async (url, text) => void map.set(url, text) },
    retryDelayMs: () => 0,
  }).fetchText;
};
const acquire = (name: string, subpaths: string[]) =>
  acquirePackageTypes({ name, subpaths, base: server.base, dependencies: {} }, fetchText());
const paths = (result: Awaited<ReturnType<typeof acquirePackageTypes>>) =>
  result.ok ? result.files.map((file) => file.path) : [];

describe('deep subpath imports', () => {
  it("an exported script's declaration beside it, without guessing (@rolldown/pluginutils/filter)", async () => {
    const result = await acquire('@rolldown/pluginutils', ['/filter']);
    expect(result).toMatchObject({ ok: true, source: '@rolldown/pluginutils' });
    expect(paths(result)).toContain('@rolldown/pluginutils/dist/filter/index.d.mts');
    // Nothing the exports map does not name was asked for (no `filter.d.ts` guess).
    const asked = server.requests.filter((path) => path.includes('/filter'));
    expect(asked).toEqual([expect.stringMatching(/\/dist\/filter\/index\.d\.mts$/)]);
  });

  it('an exports entry per subpath (eslint-plugin-boundaries/config)', async () => {
    const result = await acquire('eslint-plugin-boundaries', ['/config']);
    expect(paths(result)).toContain('eslint-plugin-boundaries/dist/Config/Config.d.ts');
  });

  it("typesVersions sends the package's types where the editor's TypeScript reads them (@babel/types)", async () => {
    const result = await acquire('@babel/types', ['']);
    expect(paths(result)).toContain('@babel/types/lib/index.d.ts');
    expect(paths(result)).not.toContain('@babel/types/lib/index-legacy.d.ts');
  });
});

describe("a folder's own package.json (no exports map)", () => {
  // No installed package has this layout: the fixture has @reduxjs/toolkit 1.9's, where
  // `query/package.json` sends `@reduxjs/toolkit/query`'s types to dist/query/index.d.ts (lib/ here).
  let fixtures: NodeModulesServer;
  beforeAll(async () => {
    fixtures = await startNodeModulesServer(['tests/fixtures/packages']);
  });
  afterAll(() => fixtures.close());
  const acquireFixture = (subpaths: string[]) =>
    acquirePackageTypes(
      { name: 'nested-types-layout', subpaths, base: fixtures.base, dependencies: {} },
      fetchText(),
    );

  it('its types (or typings) field gives the subpath its declarations, and what they import', async () => {
    const result = await acquireFixture(['/query', '/query/react']);
    expect(result).toMatchObject({ ok: true, source: 'nested-types-layout' });
    expect(paths(result)).toEqual([
      'nested-types-layout/lib/query/apiState.d.ts',
      'nested-types-layout/lib/query/index.d.ts',
      'nested-types-layout/lib/query/react/index.d.ts',
      'nested-types-layout/package.json',
      // The editor's TypeScript resolves the folders through these, as on disk.
      'nested-types-layout/query/package.json',
      'nested-types-layout/query/react/package.json',
    ]);
  });

  it('without a package.json the folder gives its index.d.ts, and `sub.d.ts` comes first', async () => {
    expect(paths(await acquireFixture(['/lib']))).toEqual([
      'nested-types-layout/lib/index.d.ts',
      'nested-types-layout/package.json',
    ]);
    expect(paths(await acquireFixture(['/lib/query/apiState']))).toEqual([
      'nested-types-layout/lib/query/apiState.d.ts',
      'nested-types-layout/package.json',
    ]);
    expect(fixtures.requests).not.toContain(
      '/nested-types-layout@1.9.7/lib/query/apiState/package.json',
    );
  });
});

describe('typesVersions', () => {
  it("matches ranges against the editor's TypeScript version", () => {
    expect(inRange('*')).toBe(true);
    expect(inRange('>=4.1')).toBe(true);
    expect(inRange('<=5.6')).toBe(false);
    expect(inRange('>=3.1 <4', '3.9')).toBe(true);
    expect(inRange('>=3.1 <4', '4.0')).toBe(false);
  });

  it('maps a path through the first entry that applies (real package.json files)', () => {
    const read = (name: string) =>
      (
        JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as {
          typesVersions: unknown;
        }
      ).typesVersions;
    expect(mapTypesVersions(read('@babel/types'), 'lib/index-legacy.d.ts')).toEqual([
      'lib/index.d.ts',
    ]);
    expect(mapTypesVersions(read('eslint-plugin-boundaries'), 'strict')).toEqual([
      'dist/Config/Strict.d.ts',
    ]);
    expect(mapTypesVersions(read('@vue/repl'), 'core')).toEqual(['dist/core', 'core']);
    // Only for TypeScript up to 5.6: not the editor's.
    expect(mapTypesVersions(read('@types/node'), 'index.d.ts')).toBeNull();
  });

  it("the version assumed is the TypeScript inside Monaco's worker", () => {
    const services = readFileSync(
      'node_modules/monaco-editor/esm/vs/languages/features/typescript/lib/typescriptServices.js',
      'utf8',
    );
    expect(/versionMajorMinor = "([\d.]+)"/.exec(services)?.[1]).toBe(EDITOR_TS_VERSION);
  });
});
