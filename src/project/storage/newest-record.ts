/**
 * The newest saved state of a project: its IndexedDB record, or the write-ahead copy in
 * localStorage when that is newer (a reload, or another tab that handed the project over).
 */
import type { ProjectState } from '../model/store';
import { describeStorageError, type ProjectBackend, type ProjectRecord } from './types';
import { reconcile, type LocalStore } from './write-ahead';

export interface NewestRecord {
  /** The newest state, and whether it came from the write-ahead copy; undefined: none saved. */
  found: ReturnType<typeof reconcile>;
  /** IndexedDB could not be read (reported through onError); `found` is then the copy, if any. */
  readFailed: boolean;
}

export async function readNewest(
  backend: ProjectBackend,
  local: LocalStore | null,
  id: string,
  onError: (message: string) => void,
): Promise<NewestRecord> {
  let saved: ProjectRecord | undefined;
  let readFailed = false;
  try {
    saved = await backend.get(id);
  } catch (error) {
    readFailed = true;
    onError(describeStorageError(error));
  }
  return { found: reconcile(local, id, saved), readFailed };
}

/** `record` with the tabs this tab has open, where those files still exist in it. */
export function keepOpenFiles(
  record: ProjectRecord,
  { openPaths, activePath }: Pick<ProjectState, 'openPaths' | 'activePath'>,
): ProjectRecord {
  const has = (path: string) => Object.hasOwn(record.files, path);
  const kept = openPaths.filter(has);
  return {
    ...record,
    openPaths: kept.length > 0 ? kept : record.openPaths,
    activePath: activePath !== null && has(activePath) ? activePath : record.activePath,
  };
}
