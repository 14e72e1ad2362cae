import { createStore } from 'zustand/vanilla';
import type { Project } from '../../protocol';
import type { Autosave } from './autosave';
import type { TabConflict } from './tab-guard';
import {
  describeStorageError,
  type ProjectBackend,
  type ProjectRecord,
  type ProjectSummary,
} from './types';

export interface LibraryState {
  /** Saved projects, most recently changed first (refreshed on refresh() and after each action). */
  projects: ProjectSummary[];
  /** Record of the open project; null until its first edit (new or link-opened project). */
  currentId: string | null;
  /** The last storage failure, shown in a banner; null when storage works. */
  error: string | null;
  /** A just-deleted project that Undo can bring back. */
  deleted: ProjectSummary | null;
  /** Whether another tab edits the open project (this tab is then read-only and does not save). */
  conflict: TabConflict;
}

export interface LibraryDeps {
  backend: ProjectBackend;
  autosave: Autosave;
  /** Undo stays offered this long after a delete, in ms. */
  undoMs?: number;
  now?: () => number;
  newId?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** The Projects list's actions over saved records; plain TS, React subscribes. */
export interface ProjectLibrary {
  getState(): LibraryState;
  subscribe(fn: () => void): () => void;
  refresh(): Promise<void>;
  open(id: string): Promise<void>;
  rename(id: string, name: string): Promise<string | null>;
  duplicate(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  undoRemove(): Promise<void>;
  /** Starts a new saved project (the open one stays saved). */
  create(project: Project): Promise<void>;
  /** Autosave reports through these. */
  reportError(message: string | null): void;
  setCurrent(id: string | null): void;
  setConflict(conflict: TabConflict): void;
}

export function createLibrary(deps: LibraryDeps): ProjectLibrary {
  const { backend, autosave } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => globalThis.crypto.randomUUID());
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const {
    getState,
    setState: set,
    subscribe,
  } = createStore<LibraryState>()(() => ({
    projects: [],
    currentId: null,
    error: null,
    deleted: null,
    conflict: 'none',
  }));
  let trash: { record: ProjectRecord; wasOpen: boolean; timer: unknown } | null = null;

  /** Runs a storage action; a failure goes to the banner instead of rejecting. */
  async function attempt<T>(action: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await action();
      await refresh();
      return result;
    } catch (error) {
      set({ error: describeStorageError(error) });
      return undefined;
    }
  }

  async function refresh() {
    try {
      set({ projects: await backend.list() });
    } catch (error) {
      set({ error: describeStorageError(error) });
    }
  }

  const dropTrash = () => {
    if (trash) clearTimer(trash.timer);
    trash = null;
  };

  return {
    getState,
    subscribe,
    refresh,
    async open(id) {
      if (id === autosave.currentId()) return;
      await autosave.flush();
      await attempt(async () => {
        const record = await backend.get(id);
        if (!record) throw new Error('that project no longer exists');
        autosave.load(record);
      });
    },
    async rename(id, name) {
      const trimmed = name.trim();
      if (trimmed === '') return 'Enter a project name.';
      if (id === autosave.currentId()) {
        if (getState().conflict !== 'none')
          return 'This project is being edited in another tab: use Edit here first to rename it here.';
        // Through the store, so the title and the next autosave carry the new name.
        autosave.rename(trimmed);
        await attempt(() => autosave.flush());
        return null;
      }
      await attempt(async () => {
        const record = await backend.get(id);
        if (!record) throw new Error('that project no longer exists');
        await backend.put({ ...record, name: trimmed });
      });
      return null;
    },
    async duplicate(id) {
      if (id === autosave.currentId()) await autosave.flush();
      await attempt(async () => {
        const record = await backend.get(id);
        if (!record) throw new Error('that project no longer exists');
        await backend.put({
          ...record,
          id: newId(),
          name: `${record.name} (copy)`,
          updatedAt: now(),
        });
      });
    },
    async remove(id) {
      if (id === autosave.currentId()) await autosave.flush();
      await attempt(async () => {
        const record = await backend.get(id);
        if (!record) return;
        await backend.delete(id);
        dropTrash();
        const wasOpen = id === autosave.currentId();
        if (wasOpen) autosave.detach();
        trash = {
          record,
          wasOpen,
          timer: setTimer(() => {
            trash = null;
            set({ deleted: null });
          }, deps.undoMs ?? 10_000),
        };
        set({ deleted: { id, name: record.name, updatedAt: record.updatedAt } });
      });
    },
    async undoRemove() {
      const kept = trash;
      if (!kept) return;
      dropTrash();
      set({ deleted: null });
      await attempt(async () => {
        await backend.put(kept.record);
        if (kept.wasOpen) autosave.reattach(kept.record.id);
      });
    },
    async create(project) {
      await attempt(() => autosave.create(project));
    },
    reportError: (error) => {
      if (error !== getState().error) set({ error });
    },
    setCurrent: (currentId) => set({ currentId }),
    setConflict: (conflict) => set({ conflict }),
  };
}
