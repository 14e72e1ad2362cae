import type { Logpoint, ProjectFile } from '../../protocol';

/** One saved project as IndexedDB keeps it (binary files stay Uint8Array, stored natively). */
export interface ProjectRecord {
  /** Random id, stable across renames. */
  id: string;
  /** The project's name, shown in the Projects list. */
  name: string;
  /** Every file, text or binary. */
  files: Record<string, ProjectFile>;
  /** Path of the module evaluated first. */
  entry: string;
  /** Files open in the editor, in opening order. */
  openPaths: string[];
  /** File shown in the editor. */
  activePath: string | null;
  /** Last content change, ms since epoch; the list is sorted by it. */
  updatedAt: number;
  /** The project's logpoints (absent in records saved before logpoints existed). */
  logpoints?: Logpoint[];
}

/** A record's fields other than its files (written on every save, small). */
export type ProjectMeta = Omit<ProjectRecord, 'files'>;

/** A save of an already-stored record: its metadata and only the files that changed. */
export interface RecordPatch {
  /** The record's new metadata (id, name, entry, tabs, time). */
  meta: ProjectMeta;
  /** Files added or changed since the last write of this record. */
  files: Record<string, ProjectFile>;
  /** Paths deleted (or moved away) since the last write of this record. */
  removed: string[];
}

/** What the Projects list shows, without the files. */
export interface ProjectSummary {
  /** Record id. */
  id: string;
  /** Project name. */
  name: string;
  /** Last content change, ms since epoch. */
  updatedAt: number;
}

/** Where records live: IndexedDB in the app, memory in unit tests. Every call may reject. */
export interface ProjectBackend {
  get(id: string): Promise<ProjectRecord | undefined>;
  /** Writes a whole record: afterwards its files are exactly `record.files`. */
  put(record: ProjectRecord): Promise<void>;
  /**
   * Writes a stored record's metadata and the changed files only, so a save costs what
   * changed, not the project; rejects when the record is not stored (write it with put).
   */
  patch(change: RecordPatch): Promise<void>;
  delete(id: string): Promise<void>;
  list(): Promise<ProjectSummary[]>;
}

/** A user-facing sentence for a failed storage call (quota, private mode, missing IndexedDB). */
export function describeStorageError(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'QuotaExceededError')
    return 'Saving failed: the browser’s storage for this site is full. Your project is still open here — delete old projects or download this one to keep it.';
  const detail = error instanceof Error ? error.message : String(error);
  return `Projects can’t be saved in this browser (${detail}). Your work stays open in this tab but will be lost when it closes — download it to keep it.`;
}
