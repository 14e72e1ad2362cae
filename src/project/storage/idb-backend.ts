import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ProjectBackend, ProjectRecord, ProjectSummary } from './types';

interface Schema extends DBSchema {
  projects: { key: string; value: ProjectRecord };
  /** Name and time per project, so listing never reads every project's files. */
  summaries: { key: string; value: ProjectSummary; indexes: { updatedAt: number } };
}

type Database = IDBPDatabase<Schema>;

export interface IdbBackendOptions {
  /** Opens the database (tests inject one that hangs); default: IndexedDB "playpen". */
  open?: (handlers: OpenHandlers) => Promise<Database>;
  /** An open not answered by then fails (so callers report it) and is retried on the next call. */
  openTimeoutMs?: number;
}

/** Connection events the opener reports back. */
export interface OpenHandlers {
  /** Another tab holds an older version open: this open would wait indefinitely. */
  blocked(): void;
  /** The connection went away (another tab upgrades, or the browser closed it). */
  lost(): void;
}

const NOT_ANSWERING = 'the browser’s storage is not answering';
const BLOCKED = 'another Playpen tab is holding the storage; close it and reload';

/**
 * Records in IndexedDB ("playpen" database). Opening is lazy, bounded in time and retried
 * after a failure; a missing IndexedDB (some private modes) rejects every call with a clear error.
 */
export function createIdbBackend(
  factory: IDBFactory | undefined = safeIndexedDB(),
  options: IdbBackendOptions = {},
): ProjectBackend {
  const openDatabase = options.open ?? openPlaypen;
  const timeoutMs = options.openTimeoutMs ?? 5000;
  let db: Promise<Database> | null = null;
  // Which open a lost connection belongs to: only the current one is forgotten.
  let generation = 0;
  const open = () => {
    if (!factory) return Promise.reject(new Error('IndexedDB is not available'));
    db ??= new Promise<Database>((resolve, reject) => {
      const mine = ++generation;
      let gaveUp = false;
      const giveUp = (message: string) => {
        gaveUp = true;
        clearTimeout(timer);
        reject(new Error(message));
      };
      const timer = setTimeout(() => giveUp(NOT_ANSWERING), timeoutMs);
      openDatabase({
        blocked: () => giveUp(BLOCKED),
        lost: () => {
          if (mine === generation) db = null;
        },
      }).then(
        (database) => {
          clearTimeout(timer);
          // Answered after we reported failure: a later call opens afresh.
          if (gaveUp) database.close();
          else resolve(database);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error as Error);
        },
      );
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

function openPlaypen(handlers: OpenHandlers): Promise<Database> {
  let connection: Database | null = null;
  const opening = openDB<Schema>('playpen', 1, {
    upgrade(database) {
      database.createObjectStore('projects', { keyPath: 'id' });
      database
        .createObjectStore('summaries', { keyPath: 'id' })
        .createIndex('updatedAt', 'updatedAt');
    },
    blocked: () => handlers.blocked(),
    // Another tab wants a newer version: let it, and reopen on the next call.
    blocking: () => {
      connection?.close();
      handlers.lost();
    },
    terminated: () => handlers.lost(),
  });
  void opening.then((database) => (connection = database)).catch(() => {});
  return opening;
}

/** Some private modes throw on merely reading `indexedDB`. */
function safeIndexedDB(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB;
  } catch {
    return undefined;
  }
}
