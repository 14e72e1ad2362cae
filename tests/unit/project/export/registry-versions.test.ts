import { describe, expect, it } from 'vitest';
import { latestUrl, resolveVersions } from '../../../../src/project/export/registry-versions';
import { exportPinnedZip, pinningNotice } from '../../../../src/project/export/export-pinned';
import { readKnownVersions, rememberVersions } from '../../../../src/project/export/known-versions';
import { unzipSync } from 'fflate';
import type { Project } from '../../../../src/protocol';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A registry that knows `versions`; every URL asked is recorded. */
function fakeRegistry(versions: Record<string, string>) {
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    const m = /^https:\/\/reg\.test\/(.+)\/latest$/.exec(url);
    const name = m ? decodeURIComponent(m[1]!) : '';
    return name in versions ? json({ name, version: versions[name] }) : json({}, 404);
  };
  return { asked, fetch };
}

const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('registry versions', () => {
  it('asks <registry>/<name>/latest, scopes escaped, trailing slash ignored', () => {
    expect(latestUrl('https://registry.npmjs.org', 'nanoid')).toBe(
      'https://registry.npmjs.org/nanoid/latest',
    );
    expect(latestUrl('https://reg.test/', '@scope/pkg')).toBe(
      'https://reg.test/@scope%2Fpkg/latest',
    );
  });

  it('pins each package to the registry’s current version', async () => {
    const reg = fakeRegistry({ nanoid: '5.1.5', '@scope/pkg': '1.0.0-beta.2' });
    const out = await resolveVersions(['nanoid', '@scope/pkg'], {
      registry: 'https://reg.test',
      fetch: reg.fetch,
    });
    expect(out).toEqual({
      versions: { nanoid: '5.1.5', '@scope/pkg': '1.0.0-beta.2' },
      fromLastKnown: [],
      unpinned: [],
    });
    expect(reg.asked).toEqual([
      'https://reg.test/nanoid/latest',
      'https://reg.test/@scope%2Fpkg/latest',
    ]);
  });

  it('falls back on the last known version, else leaves the package unpinned', async () => {
    const out = await resolveVersions(['nanoid', 'zod'], {
      fetch: offline,
      lastKnown: { zod: '3.25.0' },
    });
    expect(out).toEqual({
      versions: { zod: '3.25.0' },
      fromLastKnown: ['zod'],
      unpinned: ['nanoid'],
    });
  });

  it('does not trust odd answers: a 404, a non-version, a body that is not JSON', async () => {
    const answers: Record<string, () => Response> = {
      a: () => json({}, 404),
      b: () => json({ version: '<script>' }),
      c: () => new Response('not json'),
      d: () => json(null),
    };
    const fetch = async (url: string) => answers[/reg\.test\/(\w)\//.exec(url)![1]!]!();
    const out = await resolveVersions(['a', 'b', 'c', 'd'], {
      registry: 'https://reg.test',
      fetch,
    });
    expect(out.unpinned).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives up on a registry that does not answer', async () => {
    const hanging = (_url: string, init?: { signal?: AbortSignal }) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const out = await resolveVersions(['nanoid'], { fetch: hanging, timeoutMs: 10 });
    expect(out.unpinned).toEqual(['nanoid']);
  });
});

describe('pinned export', () => {
  const project: Project = {
    name: 'pins',
    entry: 'main.js',
    files: {
      'main.js': { kind: 'text', text: "import 'nanoid';\nimport 'zod';\nimport 'dayjs';\n" },
      'package.json': { kind: 'text', text: '{"dependencies":{"dayjs":"^1.11.0"}}' },
    },
  };
  const versions = {
    react: '19.3.1',
    'react-dom': '19.3.1',
    vite: '8.3.8',
    '@vitejs/plugin-react': '6.3.0',
    typescript: '5.9.3',
    vue: '3.5.45',
    '@vitejs/plugin-vue': '6.0.11',
    svelte: '5.57.3',
    '@sveltejs/vite-plugin-svelte': '7.3.1',
  };
  const read = (bytes: Uint8Array, path: string) =>
    new TextDecoder().decode(unzipSync(bytes)[`pins/${path}`]);

  it('writes the registry’s versions for undeclared packages and keeps declared ranges', async () => {
    const reg = fakeRegistry({ nanoid: '5.1.5', zod: '4.0.1', dayjs: '9.9.9' });
    const zip = await exportPinnedZip(project, {
      versions,
      registry: 'https://reg.test',
      fetch: reg.fetch,
    });
    const pkg = JSON.parse(read(zip.bytes, 'package.json'));
    expect(pkg.dependencies).toEqual({ dayjs: '^1.11.0', nanoid: '5.1.5', zod: '4.0.1' });
    expect(reg.asked).toHaveLength(2);
    expect(zip.unpinned).toEqual([]);
    expect(zip.fetched).toEqual({ nanoid: '5.1.5', zod: '4.0.1' });
    expect(pinningNotice(zip)).toBeNull();
    expect(read(zip.bytes, 'README.md')).not.toContain('Versions to check');
  });

  it('offline: last known versions, "latest" for the rest, and a notice naming them', async () => {
    const zip = await exportPinnedZip(project, {
      versions,
      fetch: offline,
      lastKnown: { zod: '3.25.0' },
    });
    const pkg = JSON.parse(read(zip.bytes, 'package.json'));
    expect(pkg.dependencies).toEqual({ dayjs: '^1.11.0', nanoid: 'latest', zod: '3.25.0' });
    expect(zip.fetched).toEqual({});
    const notice = pinningNotice(zip)!;
    expect(notice).toContain('“nanoid” is not pinned');
    expect(notice).toContain('"latest"');
    expect(notice).toContain('“zod” is pinned to the last version Playpen knew');
    expect(read(zip.bytes, 'README.md')).toContain('- `nanoid`');
  });

  it('remembers fetched versions as last known, ignoring bad stored data', () => {
    const map = new Map<string, string>();
    const local = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    expect(readKnownVersions(local)).toEqual({});
    rememberVersions(local, { nanoid: '5.1.5' });
    rememberVersions(local, { zod: '4.0.1' });
    expect(readKnownVersions(local)).toEqual({ nanoid: '5.1.5', zod: '4.0.1' });
    map.set('playpen:export:known-versions', '{"a":1,"b":"2.0.0"');
    expect(readKnownVersions(local)).toEqual({});
    map.set('playpen:export:known-versions', '{"a":1,"b":"2.0.0"}');
    expect(readKnownVersions(local)).toEqual({ b: '2.0.0' });
  });
});
