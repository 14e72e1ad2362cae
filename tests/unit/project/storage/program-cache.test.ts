import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  createProgramCache,
  openProgramDatabase,
} from '../../../../src/project/storage/program-cache';
import type { ProgramBuild } from '../../../../src/project/storage/program-json';

const build = (code: string): ProgramBuild => ({
  program: {
    entry: 'src/main.ts',
    modules: {
      'src/main.ts': { kind: 'js', code, url: 'u', map: '{}', deps: {} },
      'a.png': { kind: 'asset', bytes: new Uint8Array([1, 2]), mime: 'image/png' },
    },
    vendor: [],
    cdn: [],
  },
  diagnostics: [{ severity: 'warning', text: 'w', file: 'src/main.ts', line: 1 }],
});

let clock = 0;
/** A cache over its own fresh database; the database is returned so a test can inspect it. */
const fresh = (keep?: number) => {
  const name = `programs-${Math.random()}`;
  return createProgramCache({ keep, now: () => ++clock, open: () => openProgramDatabase(name) });
};

describe('the program cache', () => {
  it('gives back a stored build as it was (bytes included), and forgets a deleted one', async () => {
    const cache = fresh();
    await cache.put('p', 'k1', build('a'));
    expect(await cache.get('p', 'k1')).toEqual(build('a'));
    expect(await cache.get('p', 'k2')).toBeUndefined();
    expect(await cache.get('q', 'k1')).toBeUndefined();
    await cache.delete('p');
    expect(await cache.get('p', 'k1')).toBeUndefined();
  });

  it("keeps one build per project, the newest `keep` projects'", async () => {
    const cache = fresh(2);
    await cache.put('p1', 'k1', build('1'));
    await cache.put('p2', 'k2', build('2'));
    await cache.put('p2', 'k2b', build('2b'));
    expect(await cache.get('p2', 'k2')).toBeUndefined();
    expect(await cache.get('p2', 'k2b')).toEqual(build('2b'));
    await cache.put('p3', 'k3', build('3'));
    expect(await cache.get('p1', 'k1')).toBeUndefined();
    expect(await cache.get('p3', 'k3')).toEqual(build('3'));
    expect(await cache.get('p2', 'k2b')).toEqual(build('2b'));
  });

  it('writes only the modules that are not the objects it wrote last time', async () => {
    const name = `programs-${Math.random()}`;
    const db = await openProgramDatabase(name);
    const puts: unknown[] = [];
    const store = IDBObjectStore.prototype;
    const put = store.put;
    store.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (this.name === 'modules') puts.push(args[1]);
      return put.apply(this, args);
    };
    try {
      const cache = createProgramCache({ open: async () => db });
      const first = build('a');
      const modules = first.program!.modules;
      await cache.put('p', 'k1', first);
      expect(puts).toHaveLength(2);
      puts.length = 0;
      const edited = {
        ...modules,
        'src/main.ts': { ...modules['src/main.ts']!, code: 'b' },
      } as typeof modules;
      const { 'a.png': _png, ...withoutPng } = edited;
      await cache.put('p', 'k2', { ...first, program: { ...first.program!, modules: withoutPng } });
      expect(puts).toEqual([['p', 'src/main.ts']]);
      expect(await cache.get('p', 'k2')).toEqual({
        ...first,
        program: { ...first.program!, modules: { 'src/main.ts': edited['src/main.ts'] } },
      });
    } finally {
      store.put = put;
    }
  });

  it('reads as a miss, and writes nothing, when storage fails to open', async () => {
    const cache = createProgramCache({ open: () => Promise.reject(new Error('denied')) });
    await expect(cache.put('p', 'k', build('a'))).resolves.toBeUndefined();
    expect(await cache.get('p', 'k')).toBeUndefined();
  });
});
