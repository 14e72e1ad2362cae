import 'fake-indexeddb/auto';
import { IDBDatabase, IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createIdbBackend } from '../../../../src/project/storage/idb-backend';

const record = {
  id: 'a',
  name: 'A',
  files: {},
  entry: 'src/main.ts',
  openPaths: [],
  activePath: null,
  updatedAt: 1,
};
const present = {} as IDBFactory;

describe('IndexedDB backend opening', () => {
  it('an open that never answers fails with a clear error after the timeout, and is retried', async () => {
    let opens = 0;
    const backend = createIdbBackend(present, {
      open: () => {
        opens++;
        return new Promise(() => {});
      },
      openTimeoutMs: 20,
    });
    await expect(backend.put(record)).rejects.toThrow(/storage is not answering/);
    await expect(backend.list()).rejects.toThrow(/storage is not answering/);
    expect(opens).toBe(2);
  });

  it('a blocked open fails at once, naming the other tab', async () => {
    const backend = createIdbBackend(present, {
      open: (handlers) => {
        handlers.blocked();
        return new Promise(() => {});
      },
      openTimeoutMs: 60_000,
    });
    await expect(backend.get('a')).rejects.toThrow(/another Playpen tab/);
  });

  it('a connection that answers after the timeout is closed, not used', async () => {
    let closed = 0;
    let answer!: (db: never) => void;
    const backend = createIdbBackend(present, {
      open: () => new Promise((resolve) => (answer = resolve as (db: never) => void)),
      openTimeoutMs: 10,
    });
    await expect(backend.get('a')).rejects.toThrow(/not answering/);
    answer({ close: () => closed++ } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(closed).toBe(1);
  });
});

describe('IndexedDB backend records (fake-indexeddb: the real IndexedDB API in memory)', () => {
  const file = (text: string) => ({ kind: 'text' as const, text });
  const whole = {
    ...record,
    files: {
      'src/main.ts': file('main'),
      'src/util.ts': file('util'),
      'logo.png': { kind: 'binary' as const, bytes: new Uint8Array([1, 2, 3]), mime: 'image/png' },
    },
  };
  // A new empty IndexedDB per test (the backend opens the global one, as in the app).
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
  const fresh = () => createIdbBackend(globalThis.indexedDB);

  it('a patch writes the changed files and the metadata; get returns the whole project', async () => {
    const backend = fresh();
    await backend.put(whole);
    const { files: _files, ...meta } = whole;
    void _files;
    await backend.patch({
      meta: { ...meta, name: 'Renamed', updatedAt: 5 },
      files: { 'src/util.ts': file('util 2'), 'src/new.ts': file('new') },
      removed: ['src/main.ts'],
    });
    const got = await backend.get('a');
    expect(got).toMatchObject({ name: 'Renamed', updatedAt: 5, entry: 'src/main.ts' });
    expect(got!.files).toEqual({
      'src/util.ts': file('util 2'),
      'src/new.ts': file('new'),
      'logo.png': whole.files['logo.png'],
    });
    expect(await backend.list()).toEqual([{ id: 'a', name: 'Renamed', updatedAt: 5 }]);
  });

  it('saves with relaxed durability: done once the OS has the data, not the disk (the save before a run waits for it)', async () => {
    const seen: (string | undefined)[] = [];
    const original = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<typeof original>
    ) {
      const tx = original.apply(this, args);
      if (args[1] === 'readwrite') seen.push(tx.durability);
      return tx;
    };
    try {
      const backend = fresh();
      await backend.put(whole);
      const { files: _files, ...meta } = whole;
      void _files;
      await backend.patch({ meta, files: { 'src/util.ts': file('util 2') }, removed: [] });
    } finally {
      IDBDatabase.prototype.transaction = original;
    }
    expect(seen).toEqual(['relaxed', 'relaxed']);
  });

  it('put replaces every file, and delete leaves other projects intact', async () => {
    const backend = fresh();
    await backend.put(whole);
    await backend.put({ ...whole, id: 'b', name: 'B', updatedAt: 2 });
    await backend.put({ ...whole, files: { 'src/main.ts': file('only') } });
    expect((await backend.get('a'))!.files).toEqual({ 'src/main.ts': file('only') });
    await backend.delete('a');
    expect(await backend.get('a')).toBeUndefined();
    expect(Object.keys((await backend.get('b'))!.files).sort()).toEqual([
      'logo.png',
      'src/main.ts',
      'src/util.ts',
    ]);
  });

  it('a 1,000-file project written whole keeps every file (it is written in bursts)', async () => {
    const backend = fresh();
    const files = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [`src/f${i}.ts`, file(`export const n = ${i};`)]),
    );
    await backend.put({ ...whole, files });
    const got = (await backend.get('a'))!.files;
    expect(Object.keys(got)).toHaveLength(1000);
    expect(got['src/f999.ts']).toEqual(file('export const n = 999;'));
    expect(await backend.list()).toEqual([
      { id: 'a', name: whole.name, updatedAt: whole.updatedAt },
    ]);
  });

  it('a patch of a record that is not stored is refused and writes nothing', async () => {
    const backend = fresh();
    const { files: _files, ...meta } = whole;
    void _files;
    await expect(
      backend.patch({ meta, files: { 'src/main.ts': file('x') }, removed: [] }),
    ).rejects.toThrow(/not stored/);
    expect(await backend.list()).toEqual([]);
    expect(await backend.get('a')).toBeUndefined();
  });

  it('projects saved by version 1 (files inside the record) open with every file after the upgrade', async () => {
    const v1 = await openDB('playpen', 1, {
      upgrade(database) {
        database.createObjectStore('projects', { keyPath: 'id' });
        database
          .createObjectStore('summaries', { keyPath: 'id' })
          .createIndex('updatedAt', 'updatedAt');
      },
    });
    await v1.put('projects', whole);
    await v1.put('summaries', { id: 'a', name: 'A', updatedAt: 1 });
    v1.close();
    const backend = fresh();
    const got = await backend.get('a');
    expect(got).toEqual(whole);
    // Migrated, not only read: a patch now changes one file and keeps the others.
    const { files: _files, ...meta } = whole;
    void _files;
    await backend.patch({ meta, files: { 'src/util.ts': file('util 2') }, removed: [] });
    expect((await backend.get('a'))!.files).toEqual({
      ...whole.files,
      'src/util.ts': file('util 2'),
    });
    expect(await backend.list()).toEqual([{ id: 'a', name: 'A', updatedAt: 1 }]);
  });
});
