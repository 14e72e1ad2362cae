import type { ProjectBackend, ProjectRecord, RecordPatch } from './types';

/** Every write the memory backend took, so tests can tell a whole-project write from a patch. */
export type MemoryWrite =
  | { kind: 'put'; id: string; paths: string[] }
  | { kind: 'patch'; id: string; paths: string[]; removed: string[] };

/** Keeps records in a Map (unit tests; a fallback). Copies on the way in and out, like IndexedDB. */
export function createMemoryBackend(): ProjectBackend & {
  records: Map<string, ProjectRecord>;
  writes: MemoryWrite[];
} {
  const records = new Map<string, ProjectRecord>();
  const writes: MemoryWrite[] = [];
  const copy = <T>(r: T): T => structuredClone(r);
  return {
    records,
    writes,
    get: (id) => Promise.resolve(records.has(id) ? copy(records.get(id)!) : undefined),
    put(record) {
      records.set(record.id, copy(record));
      writes.push({ kind: 'put', id: record.id, paths: Object.keys(record.files) });
      return Promise.resolve();
    },
    patch({ meta, files, removed }: RecordPatch) {
      const stored = records.get(meta.id);
      if (!stored) return Promise.reject(new Error(`project ${meta.id} is not stored`));
      const next = new Map(Object.entries(stored.files));
      for (const path of removed) next.delete(path);
      for (const [path, file] of Object.entries(files)) next.set(path, copy(file));
      records.set(meta.id, { ...copy(meta), files: Object.fromEntries(next) });
      writes.push({ kind: 'patch', id: meta.id, paths: Object.keys(files), removed: [...removed] });
      return Promise.resolve();
    },
    delete(id) {
      records.delete(id);
      return Promise.resolve();
    },
    list: () =>
      Promise.resolve(
        [...records.values()]
          .map(({ id, name, updatedAt }) => ({ id, name, updatedAt }))
          .sort((a, b) => b.updatedAt - a.updatedAt),
      ),
  };
}
