import { describe, expect, it } from 'vitest';
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
