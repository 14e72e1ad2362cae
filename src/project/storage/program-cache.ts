import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ProgramBuild } from './program-json';

interface Entry {
  /** programKey() of what was built. */
  key: string;
  /** What the bundler gave for it. */
  build: ProgramBuild;
  /** When it was stored (ms since epoch): the oldest go first. */
  savedAt: number;
}

interface Schema extends DBSchema {
  /** Programs by the key of what they were built from. */
  programs: { key: string; value: Entry; indexes: { savedAt: number } };
}

/**
 * Programs built before, by the key of their inputs (program-key.ts), so a reload runs its
 * first program at once instead of after esbuild's start. A cache only: every failure reads as
 * a miss. Its own database, so the projects' schema never migrates for it.
 */
export interface ProgramCache {
  /** The program built from `key`'s inputs, if kept. */
  get(key: string): Promise<ProgramBuild | undefined>;
  /** Keeps `build` under `key`, dropping the oldest past the limit. */
  put(key: string, build: ProgramBuild): Promise<void>;
  /** Forgets `key` (its program turned out not to be what the bundler gives). */
  delete(key: string): Promise<void>;
}

export interface ProgramCacheOptions {
  /** Opens the database; default IndexedDB "playpen-programs". */
  open?: () => Promise<IDBPDatabase<Schema>>;
  /** Programs kept (one per recently opened project, roughly). */
  keep?: number;
  /** Injected so tests order entries. */
  now?: () => number;
}

const openDefault = () =>
  openDB<Schema>('playpen-programs', 1, {
    upgrade(db) {
      db.createObjectStore('programs', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
    },
  });

export function createProgramCache({
  open = openDefault,
  keep = 8,
  now = Date.now,
}: ProgramCacheOptions = {}): ProgramCache {
  let db: Promise<IDBPDatabase<Schema>> | undefined;
  const database = () => {
    db ??= open();
    db.catch(() => (db = undefined));
    return db;
  };
  return {
    async get(key) {
      try {
        return (await (await database()).get('programs', key))?.build;
      } catch {
        return undefined;
      }
    },
    async put(key, build) {
      try {
        const tx = (await database()).transaction('programs', 'readwrite');
        await tx.store.put({ key, build, savedAt: now() });
        const extra = (await tx.store.count()) - keep;
        if (extra > 0) {
          const oldest = await tx.store.index('savedAt').getAllKeys(undefined, extra);
          await Promise.all(oldest.map((k) => tx.store.delete(k)));
        }
        await tx.done;
      } catch {
        // A cache that cannot write only costs the next reload esbuild's start.
      }
    },
    async delete(key) {
      try {
        await (await database()).delete('programs', key);
      } catch {
        // As above.
      }
    },
  };
}
