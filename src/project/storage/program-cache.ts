import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Program, ProgramModule } from '../../protocol';
import type { ProgramBuild } from './program-json';

/** A project's cached program without its modules (those are records of their own). */
interface Entry {
  /** Which project: one entry each, replaced as the project changes. */
  slot: string;
  /** programKey() of what was built. */
  key: string;
  /** The program's other fields, and its module ids in order. */
  shell: Omit<Program, 'modules'> & { paths: string[] };
  /** The build's errors and warnings. */
  diagnostics: ProgramBuild['diagnostics'];
  /** When it was stored (ms since epoch): the oldest project goes first. */
  savedAt: number;
}

interface Schema extends DBSchema {
  /** One entry per project, by slot. */
  programs: { key: string; value: Entry; indexes: { savedAt: number } };
  /** The entries' modules, by [slot, module id]. */
  modules: { key: [string, string]; value: ProgramModule };
}

/**
 * The last program built for each recent project, so a reload runs its first program at once
 * instead of after esbuild's start. A cache only: every failure reads as a miss. Its own
 * database, so the projects' schema never migrates for it. A write after an edit stores the
 * modules that are not the objects it stored last time (the bundler keeps an unchanged file's
 * module object), so it costs what changed, not the project.
 */
export interface ProgramCache {
  /** The program `slot` last kept, if it was built from `key`'s inputs. */
  get(slot: string, key: string): Promise<ProgramBuild | undefined>;
  /** Keeps `build` of `key`'s inputs as `slot`'s program, dropping the oldest slots past the limit. */
  put(slot: string, key: string, build: ProgramBuild): Promise<void>;
  /** Forgets `slot`'s program (it turned out not to be what the bundler gives). */
  delete(slot: string): Promise<void>;
}

export interface ProgramCacheOptions {
  /** Opens the database; default IndexedDB "playpen-programs". */
  open?: () => Promise<IDBPDatabase<Schema>>;
  /** Projects kept. */
  keep?: number;
  /** Injected so tests order entries. */
  now?: () => number;
}

export const openProgramDatabase = (name = 'playpen-programs') =>
  openDB<Schema>(name, 2, {
    upgrade(db) {
      // Version 1 kept whole programs by input key: a cache, so it is dropped, not migrated.
      for (const store of [...db.objectStoreNames]) db.deleteObjectStore(store);
      db.createObjectStore('programs', { keyPath: 'slot' }).createIndex('savedAt', 'savedAt');
      db.createObjectStore('modules');
    },
  });

/** A cache's writes need not wait for the disk (idb's advice for caches). */
const RELAXED = { durability: 'relaxed' } as const;

/** Every module record of `slot`: keys [slot, anything]. */
const slotRange = (slot: string) => IDBKeyRange.bound([slot], [slot, []]);

export function createProgramCache({
  open = openProgramDatabase,
  keep = 8,
  now = Date.now,
}: ProgramCacheOptions = {}): ProgramCache {
  let db: Promise<IDBPDatabase<Schema>> | undefined;
  const database = () => {
    db ??= open();
    db.catch(() => (db = undefined));
    return db;
  };
  // What this tab last stored per slot, module id → the object stored: unknown slots are
  // written whole once.
  const stored = new Map<string, Map<string, ProgramModule>>();

  return {
    async get(slot, key) {
      try {
        const tx = (await database()).transaction(['programs', 'modules']);
        const entry = await tx.objectStore('programs').get(slot);
        if (!entry || entry.key !== key) return undefined;
        const range = slotRange(slot);
        const [ids, values] = await Promise.all([
          tx.objectStore('modules').getAllKeys(range),
          tx.objectStore('modules').getAll(range),
        ]);
        const found = new Map(ids.map(([, id], i) => [id, values[i]!]));
        const { paths, ...rest } = entry.shell;
        const modules: Record<string, ProgramModule> = Object.create(null);
        for (const path of paths) {
          const module = found.get(path);
          if (!module) return undefined;
          modules[path] = module;
        }
        return { program: { ...rest, modules }, diagnostics: entry.diagnostics };
      } catch {
        return undefined;
      }
    },
    async put(slot, key, { program, diagnostics }) {
      if (!program) return;
      const { modules, ...rest } = program;
      const paths = Object.keys(modules);
      const before = stored.get(slot);
      stored.delete(slot); // known again only once this write is done
      try {
        const tx = (await database()).transaction(['programs', 'modules'], 'readwrite', RELAXED);
        const moduleStore = tx.objectStore('modules');
        const writes: Promise<unknown>[] = [];
        if (!before) writes.push(moduleStore.delete(slotRange(slot)));
        for (const path of paths) {
          if (before?.get(path) !== modules[path])
            writes.push(moduleStore.put(modules[path]!, [slot, path]));
        }
        for (const path of before?.keys() ?? []) {
          if (!Object.hasOwn(modules, path)) writes.push(moduleStore.delete([slot, path]));
        }
        const programs = tx.objectStore('programs');
        writes.push(
          programs.put({ slot, key, shell: { ...rest, paths }, diagnostics, savedAt: now() }),
        );
        const extra = (await programs.count()) - keep;
        if (extra > 0) {
          for (const old of await programs.index('savedAt').getAllKeys(undefined, extra)) {
            writes.push(programs.delete(old), moduleStore.delete(slotRange(old)));
            stored.delete(old);
          }
        }
        await Promise.all(writes);
        await tx.done;
        stored.set(slot, new Map(paths.map((path) => [path, modules[path]!])));
      } catch {
        // A cache that cannot write only costs the next reload esbuild's start.
      }
    },
    async delete(slot) {
      stored.delete(slot);
      try {
        const tx = (await database()).transaction(['programs', 'modules'], 'readwrite', RELAXED);
        await Promise.all([
          tx.objectStore('programs').delete(slot),
          tx.objectStore('modules').delete(slotRange(slot)),
          tx.done,
        ]);
      } catch {
        // As above.
      }
    },
  };
}
