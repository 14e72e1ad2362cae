import type { ProjectFile } from '../../protocol';
import type { ProjectRecord } from './types';

/** The localStorage calls the write-ahead copy needs (injected; null when storage is off). */
export type LocalStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A synchronous copy of an open project's unsaved state, written to localStorage when the page
 * hides. IndexedDB writes started in pagehide usually finish, but not always; localStorage is
 * written before the page goes, so typing then reloading at once keeps every character.
 * Binary files are not copied (size): their paths are listed and taken from the saved record.
 */
interface WriteAhead {
  record: Omit<ProjectRecord, 'files'>;
  texts: Record<string, string>;
  binaries: string[];
}

const key = (id: string) => `playpen:wal:${id}`;
export const LAST_PROJECT_KEY = 'playpen:last-project';

export function writeAhead(local: LocalStore | null, record: ProjectRecord): boolean {
  if (!local) return false;
  // Entries, not assignment: a file named `__proto__` must stay a plain key.
  const textEntries: [string, string][] = [];
  const binaries: string[] = [];
  for (const [path, file] of Object.entries(record.files)) {
    if (file.kind === 'text') textEntries.push([path, file.text]);
    else binaries.push(path);
  }
  const texts = Object.fromEntries(textEntries);
  const { files: _files, ...rest } = record;
  void _files;
  try {
    local.setItem(key(record.id), JSON.stringify({ record: rest, texts, binaries }));
    return true;
  } catch {
    return false; // Quota: the IndexedDB write started alongside is all there is.
  }
}

export function clearWriteAhead(local: LocalStore | null, id: string, upTo: number): void {
  try {
    const found = readWriteAhead(local, id);
    if (found && found.record.updatedAt <= upTo) local?.removeItem(key(id));
  } catch {
    // Nothing to clean up.
  }
}

function readWriteAhead(local: LocalStore | null, id: string): WriteAhead | null {
  try {
    const raw = local?.getItem(key(id));
    if (!raw) return null;
    const value = JSON.parse(raw) as WriteAhead;
    if (typeof value?.record?.updatedAt !== 'number' || typeof value.texts !== 'object')
      return null;
    return value;
  } catch {
    return null;
  }
}

/**
 * The newer of the saved record and the write-ahead copy, or undefined when neither exists.
 * `fromWriteAhead` says the copy won, so it must be saved to IndexedDB again.
 */
export function reconcile(
  local: LocalStore | null,
  id: string,
  saved: ProjectRecord | undefined,
): { record: ProjectRecord; fromWriteAhead: boolean } | undefined {
  const wal = readWriteAhead(local, id);
  if (!wal || (saved && saved.updatedAt > wal.record.updatedAt)) {
    return saved && { record: saved, fromWriteAhead: false };
  }
  const entries: [string, ProjectFile][] = Object.entries(wal.texts).map(([path, text]) => [
    path,
    { kind: 'text', text },
  ]);
  for (const path of wal.binaries) {
    const file = saved && Object.hasOwn(saved.files, path) ? saved.files[path] : undefined;
    if (file) entries.push([path, file]);
  }
  // fromEntries: a file named `__proto__` stays a plain key (JSON.parse made it one too).
  const files: Record<string, ProjectFile> = Object.fromEntries(entries);
  return { record: { ...wal.record, id, files }, fromWriteAhead: true };
}
