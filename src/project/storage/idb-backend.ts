import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ProjectBackend, ProjectRecord, ProjectSummary } from './types';

interface Schema extends DBSchema {
  projects: { key: string; value: ProjectRecord };
  /** Name and time per project, so listing never reads every project's files. */
  summaries: { key: string; value: ProjectSummary; indexes: { updatedAt: number } };
}

/**
 * Records in IndexedDB ("playpen" database). Opening is lazy and retried after a failure;
 * a missing IndexedDB (some private modes) rejects every call with a clear error.
 */
export function createIdbBackend(
  factory: IDBFactory | undefined = safeIndexedDB(),
): ProjectBackend {
  let db: Promise<IDBPDatabase<Schema>> | null = null;
  const open = () => {
    if (!factory) return Promise.reject(new Error('IndexedDB is not available'));
    db ??= openDB<Schema>('playpen', 1, {
      upgrade(database) {
        database.createObjectStore('projects', { keyPath: 'id' });
        database
          .createObjectStore('summaries', { keyPath: 'id' })
          .createIndex('updatedAt', 'updatedAt');
      },
    }).catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  return {
    get: async (id) => (await open()).get('projects', id),
    async put(record) {
      // One transaction: a project and its list entry are written together or not at all.
      const tx = (await open()).transaction(['projects', 'summaries'], 'readwrite');
      const { id, name, updatedAt } = record;
      await Promise.all([
        tx.objectStore('projects').put(record),
        tx.objectStore('summaries').put({ id, name, updatedAt }),
        tx.done,
      ]);
    },
    async delete(id) {
      const tx = (await open()).transaction(['projects', 'summaries'], 'readwrite');
      await Promise.all([
        tx.objectStore('projects').delete(id),
        tx.objectStore('summaries').delete(id),
        tx.done,
      ]);
    },
    async list() {
      const all = await (await open()).getAllFromIndex('summaries', 'updatedAt');
      return all.reverse();
    },
  };
}

/** Some private modes throw on merely reading `indexedDB`. */
function safeIndexedDB(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB;
  } catch {
    return undefined;
  }
}
