import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createProgramCache } from '../../../../src/project/storage/program-cache';
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
const fresh = (keep?: number) => {
  const name = `programs-${Math.random()}`;
  return createProgramCache({
    keep,
    now: () => ++clock,
    open: async () => {
      const { openDB } = await import('idb');
      return openDB(name, 1, {
        upgrade(db) {
          db.createObjectStore('programs', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
        },
      }) as never;
    },
  });
};

describe('the program cache', () => {
  it('gives back a stored build as it was (bytes included), and forgets a deleted one', async () => {
    const cache = fresh();
    await cache.put('k1', build('a'));
    expect(await cache.get('k1')).toEqual(build('a'));
    expect(await cache.get('k2')).toBeUndefined();
    await cache.delete('k1');
    expect(await cache.get('k1')).toBeUndefined();
  });

  it('keeps the newest `keep` builds', async () => {
    const cache = fresh(2);
    await cache.put('k1', build('1'));
    await cache.put('k2', build('2'));
    await cache.put('k3', build('3'));
    expect(await cache.get('k1')).toBeUndefined();
    expect(await cache.get('k2')).toEqual(build('2'));
    await cache.put('k2', build('2'));
    await cache.put('k4', build('4'));
    expect(await cache.get('k3')).toBeUndefined();
    expect(await cache.get('k2')).toEqual(build('2'));
  });

  it('reads as a miss, and writes nothing, when storage fails to open', async () => {
    const cache = createProgramCache({ open: () => Promise.reject(new Error('denied')) });
    await expect(cache.put('k', build('a'))).resolves.toBeUndefined();
    expect(await cache.get('k')).toBeUndefined();
  });
});
