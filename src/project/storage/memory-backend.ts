import type { ProjectBackend, ProjectRecord } from './types';

/** Keeps records in a Map (unit tests; a fallback). Copies on the way in and out, like IndexedDB. */
export function createMemoryBackend(): ProjectBackend & { records: Map<string, ProjectRecord> } {
  const records = new Map<string, ProjectRecord>();
  const copy = (r: ProjectRecord): ProjectRecord => structuredClone(r);
  return {
    records,
    get: (id) => Promise.resolve(records.has(id) ? copy(records.get(id)!) : undefined),
    put(record) {
      records.set(record.id, copy(record));
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
