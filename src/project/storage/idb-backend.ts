import {
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPObjectStore,
  type IDBPTransaction,
} from 'idb';
import type { ProjectFile } from '../../protocol';
import type { ProjectBackend, ProjectMeta, ProjectRecord, ProjectSummary } from './types';

/** One file of one project: a save writes only the files that changed. */
interface StoredFile {
  /** The project's record id. */
  id: string;
  /** The file's path in the project. */
  path: string;
  /** Its contents. */
  file: ProjectFile;
}

interface Schema extends DBSchema {
  /** A project's metadata; version 1 kept its files here too (migrated on upgrade). */
  projects: { key: string; value: ProjectMeta & { files?: Record<string, ProjectFile> } };
  /** Name and time per project, so listing never reads every project's files. */
  summaries: { key: string; value: ProjectSummary; indexes: { updatedAt: number } };
  /** Every project's files, keyed by [project id, path] (version 2). */
  files: { key: [string, string]; value: StoredFile };
}

const VERSION = 2;

/** All files of one project: arrays sort after strings, so [id, []] bounds every [id, path]. */
const filesOf = (id: string) => IDBKeyRange.bound([id], [id, []]);

const metaOf = ({ files: _files, ...meta }: ProjectRecord | Schema['projects']['value']) => {
  void _files;
  return meta;
};

type Database = IDBPDatabase<Schema>;

/**
 * Files written per burst (a whole project, or a patch of many files, e.g. an upload). A put
 * clones its file at once, so a 1,000-file project's first save was one ~50 ms task; in
 * bursts, each is a short task of its own. The transaction stays open: each burst is issued from the last one's success.
 */
const FILES_PER_BURST = 100;

async function putInBursts(
  files: IDBPObjectStore<Schema, ('projects' | 'summaries' | 'files')[], 'files', 'readwrite'>,
  rows: StoredFile[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += FILES_PER_BURST)
    await Promise.all(rows.slice(i, i + FILES_PER_BURST).map((row) => files.put(row)));
}

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
  // One transaction per call: a project, its files and its list entry change together or not at all.
  // Relaxed: done once the OS has the data (it outlives the tab and the browser), without waiting
  // for the disk; the save before each run waits for it (idb's advice for quickly changing records).
  const writing = async () =>
    (await open()).transaction(['projects', 'summaries', 'files'], 'readwrite', {
      durability: 'relaxed',
    });
  return {
    async get(id) {
      const tx = (await open()).transaction(['projects', 'files'], 'readonly');
      const [stored, rows] = await Promise.all([
        tx.objectStore('projects').get(id),
        tx.objectStore('files').getAll(filesOf(id)),
      ]);
      if (!stored) return undefined;
      const files = Object.fromEntries(rows.map((row) => [row.path, row.file]));
      return { ...metaOf(stored), files: stored.files ?? files };
    },
    async put(record) {
      const tx = await writing();
      const { id, name, updatedAt } = record;
      const files = tx.objectStore('files');
      const rows = Object.entries(record.files).map(([path, file]) => ({ id, path, file }));
      await Promise.all([
        files.delete(filesOf(id)).then(() => putInBursts(files, rows)),
        tx.objectStore('projects').put(metaOf(record)),
        tx.objectStore('summaries').put({ id, name, updatedAt }),
        tx.done,
      ]);
    },
    async patch({ meta, files: changed, removed }) {
      const tx = await writing();
      const { id, name, updatedAt } = meta;
      if ((await tx.objectStore('projects').getKey(id)) === undefined) {
        tx.abort();
        await tx.done.catch(() => {});
        throw new Error(`project ${id} is not stored`);
      }
      const files = tx.objectStore('files');
      const rows = Object.entries(changed).map(([path, file]) => ({ id, path, file }));
      await Promise.all([
        ...removed.map((path) => files.delete([id, path])),
        putInBursts(files, rows),
        tx.objectStore('projects').put(meta),
        tx.objectStore('summaries').put({ id, name, updatedAt }),
        tx.done,
      ]);
    },
    async delete(id) {
      const tx = await writing();
      await Promise.all([
        tx.objectStore('projects').delete(id),
        tx.objectStore('summaries').delete(id),
        tx.objectStore('files').delete(filesOf(id)),
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
  const opening = openDB<Schema>('playpen', VERSION, {
    async upgrade(database, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        database.createObjectStore('projects', { keyPath: 'id' });
        database
          .createObjectStore('summaries', { keyPath: 'id' })
          .createIndex('updatedAt', 'updatedAt');
      }
      if (oldVersion < 2) {
        database.createObjectStore('files', { keyPath: ['id', 'path'] });
        await splitFiles(tx);
      }
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

/** Version 1 → 2: each project's files move to their own records (in the upgrade's transaction). */
async function splitFiles(
  tx: IDBPTransaction<Schema, ('projects' | 'summaries' | 'files')[], 'versionchange'>,
) {
  const projects = tx.objectStore('projects');
  const files = tx.objectStore('files');
  for (const stored of await projects.getAll()) {
    if (!stored.files) continue;
    const { id } = stored;
    await Promise.all([
      ...Object.entries(stored.files).map(([path, file]) => files.put({ id, path, file })),
      projects.put(metaOf(stored)),
    ]);
  }
}

/** Some private modes throw on merely reading `indexedDB`. */
function safeIndexedDB(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB;
  } catch {
    return undefined;
  }
}
