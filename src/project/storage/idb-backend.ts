import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ProjectBackend, ProjectRecord } from './types';

interface Schema extends DBSchema {
  projects: { key: string; value: ProjectRecord; indexes: { updatedAt: number } };
}

/**
 * Records in IndexedDB ("playpen" database, "projects" store). Opening is lazy and retried
 * after a failure; a missing IndexedDB (some private modes) rejects every call with a clear error.
 */
export function createIdbBackend(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): ProjectBackend {
  let db: Promise<IDBPDatabase<Schema>> | null = null;
  const open = () => {
    if (!factory) return Promise.reject(new Error('IndexedDB is not available'));
    db ??= openDB<Schema>('playpen', 1, {
      upgrade(database) {
        const store = database.createObjectStore('projects', { keyPath: 'id' });
        store.createIndex('updatedAt', 'updatedAt');
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
      await (await open()).put('projects', record);
    },
    async delete(id) {
      await (await open()).delete('projects', id);
    },
    async list() {
      const all = await (await open()).getAllFromIndex('projects', 'updatedAt');
      return all.reverse().map(({ id, name, updatedAt }) => ({ id, name, updatedAt }));
    },
  };
}
