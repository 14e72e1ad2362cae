/** What autosave needs (injected, so tests drive it with memory storage and fake timers) and what it offers. */
import type { Project } from '../../protocol';
import type { ProjectStore } from '../model/store';
import type { ProjectBackend, ProjectRecord } from './types';
import type { LocalStore } from './write-ahead';

export interface AutosaveDeps {
  /** The open project. */
  store: ProjectStore;
  /** IndexedDB (app) or memory (tests). */
  backend: ProjectBackend;
  /** localStorage for the write-ahead copy and the last open project's id; null when off. */
  local: LocalStore | null;
  /** sessionStorage: this tab's open project, so a reload reopens it even if another tab opened another since. */
  tab?: LocalStore | null;
  /** The page was opened with a permalink: restore nothing, overwrite nothing. */
  openedFromLink: boolean;
  /** Quiet time after the last change before saving, in ms. */
  delayMs?: number;
  /** Saving failed (message) or works again (null). */
  onError(message: string | null): void;
  /** The open project's record changed (another id, or none). */
  onCurrentChange?(id: string | null): void;
  now?: () => number;
  newId?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface Autosave {
  /**
   * Restores the last open project (unless opened from a link). Never rejects. `abandoned`
   * says the app gave up waiting and went on: a late answer must not swap the project then.
   */
  start(abandoned?: () => boolean): Promise<void>;
  /**
   * Saves pending changes now; resolves when written (or failed, reported via onError).
   * With `withinMs`, resolves after at most that long even if storage never answers: the
   * write goes on, a localStorage copy is kept and onError says storage is not answering.
   */
  flush(withinMs?: number): Promise<void>;
  /** The page is going away: write the synchronous copy, start the IndexedDB write. */
  flushOnHide(): void;
  /** Loads a saved project into the store and makes it the one saved to. */
  load(record: ProjectRecord): void;
  /** Loads a new project and saves it at once as a new record. */
  create(project: Project): Promise<string>;
  /** Stop saving (another tab edits the project) or resume (this tab edits it again). */
  setSuspended(suspended: boolean): void;
  /**
   * Another tab takes the project over: saves what this tab has and stops saving. A
   * localStorage copy is written first, so the other tab reads this tab's last edits even
   * if IndexedDB is slow or fails; resolves once written, or after `withinMs` at most.
   */
  release(withinMs: number): Promise<void>;
  /**
   * This tab takes the project over: loads the newest saved state (IndexedDB or the other
   * tab's localStorage copy), keeping this tab's open files. Never rejects.
   */
  reload(): Promise<void>;
  /** Renames the open project (through the store, so it is saved like any edit). */
  rename(name: string): void;
  /** Forget the record (it was deleted): later edits save as a new project. */
  detach(): void;
  /** Re-attach to a restored record, if nothing changed since detach. */
  reattach(id: string): void;
  currentId(): string | null;
  dispose(): void;
}
