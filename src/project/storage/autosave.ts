import type { Project } from '../../protocol';
import type { ProjectState, ProjectStore } from '../model/store';
import type { ProjectFile } from '../../protocol';
import { recordPatch } from './record-patch';
import { describeStorageError, type ProjectBackend, type ProjectRecord } from './types';
import {
  LAST_PROJECT_KEY,
  clearWriteAhead,
  reconcile,
  writeAhead,
  type LocalStore,
} from './write-ahead';

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

const randomId = () => globalThis.crypto.randomUUID();

const NOT_ANSWERING =
  'Saving is taking too long: the browser’s storage is not answering, so the program ran without waiting. Your project stays open in this tab and saving goes on in the background — download it to be safe.';

export function createAutosave(deps: AutosaveDeps): Autosave {
  const { store, backend, local } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomId;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const delay = deps.delayMs ?? 500;

  let current: string | null = null;
  let updatedAt = now();
  let seen: ProjectState = store.getState();
  let dirty = false;
  let suspended = false;
  let timer: unknown = null;
  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let loadingOwn = false;
  // The files of the last write handed to the backend, so the next one writes only what
  // changed; null when the stored record may differ from it (failed write, another tab).
  let written: { id: string; files: Readonly<Record<string, ProjectFile>> } | null = null;

  const setCurrent = (id: string | null) => {
    current = id;
    if (id) {
      safely(() => local?.setItem(LAST_PROJECT_KEY, id));
      safely(() => deps.tab?.setItem(LAST_PROJECT_KEY, id));
    }
    deps.onCurrentChange?.(id);
  };
  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  const snapshot = (): ProjectRecord | null => {
    if (!current) return null;
    const { project, openPaths, activePath } = store.getState();
    return { id: current, ...project, openPaths: [...openPaths], activePath, updatedAt };
  };

  function onChange() {
    const state = store.getState();
    const prev = seen;
    seen = state;
    if (state.loads !== prev.loads) {
      // A project loaded by someone else (permalink, import): keep the saved one intact;
      // the first edit of the loaded project saves it as a new project.
      if (!loadingOwn) setCurrent(null);
      dirty = false;
      cancelTimer();
      return;
    }
    const contentChanged = state.project !== prev.project;
    if (!current) {
      if (!contentChanged) return;
      setCurrent(newId());
    }
    if (contentChanged) updatedAt = Math.max(now(), updatedAt + 1);
    dirty = true;
    schedule();
  }

  function schedule() {
    cancelTimer();
    if (suspended) return;
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, delay);
  }

  function flush(withinMs?: number): Promise<void> {
    const saved = save();
    if (withinMs === undefined) return saved;
    let settled = false;
    void saved.then(() => (settled = true));
    return new Promise<void>((resolve) => {
      const timer = setTimer(() => {
        if (settled) return;
        // The write (or a hung earlier one) is still pending: a synchronous copy keeps the
        // work across a reload; the next successful write clears the copy and the warning.
        const record = snapshot();
        if (record) writeAhead(local, record);
        deps.onError(NOT_ANSWERING);
        resolve();
      }, withinMs);
      void saved.then(() => {
        clearTimer(timer);
        resolve();
      });
    });
  }

  function save(): Promise<void> {
    cancelTimer();
    if (!dirty || suspended) return chain;
    const record = snapshot();
    dirty = false;
    if (!record) return chain;
    const base = written?.id === record.id ? written.files : null;
    written = { id: record.id, files: record.files };
    inFlight++;
    chain = chain.then(async () => {
      try {
        if (!base) await backend.put(record);
        // A record gone meanwhile (deleted in another tab) is written whole again.
        else await backend.patch(recordPatch(base, record)).catch(() => backend.put(record));
        clearWriteAhead(local, record.id, record.updatedAt);
        deps.onError(null);
      } catch (error) {
        // The stored record now lags behind `written`: the next save writes it whole.
        written = null;
        if (record.id === current) dirty = true;
        deps.onError(describeStorageError(error));
      } finally {
        inFlight--;
      }
    });
    return chain;
  }

  function load(record: ProjectRecord) {
    cancelTimer();
    loadingOwn = true;
    try {
      setCurrent(record.id);
      updatedAt = record.updatedAt;
      store.replace({ name: record.name, files: record.files, entry: record.entry });
      // The store keeps these file objects, so the first edit's save is a one-file patch.
      written = { id: record.id, files: record.files };
      for (const path of record.openPaths) store.setActive(path);
      store.setActive(record.activePath);
    } finally {
      loadingOwn = false;
    }
    // Re-opening tabs is not an edit worth a write.
    dirty = false;
    cancelTimer();
  }

  const unsubscribe = store.subscribe(onChange);

  return {
    async start(abandoned = () => false) {
      if (deps.openedFromLink) return;
      const id =
        safely(() => deps.tab?.getItem(LAST_PROJECT_KEY)) ??
        safely(() => local?.getItem(LAST_PROJECT_KEY)) ??
        null;
      if (!id) return;
      let saved: ProjectRecord | undefined;
      try {
        saved = await backend.get(id);
      } catch (error) {
        deps.onError(describeStorageError(error));
      }
      if (abandoned()) return;
      const found = reconcile(local, id, saved);
      if (!found) return;
      load(found.record);
      if (found.fromWriteAhead) {
        // The copy differs from the stored record in ways no patch base knows of.
        written = null;
        dirty = true;
        await flush();
      }
    },
    flush,
    flushOnHide() {
      if (suspended) return;
      const record = snapshot();
      if (record && (dirty || inFlight > 0)) writeAhead(local, record);
      void flush();
    },
    load,
    async create(project) {
      await flush();
      loadingOwn = true;
      try {
        setCurrent(newId());
        updatedAt = Math.max(now(), updatedAt + 1);
        store.replace(project);
      } finally {
        loadingOwn = false;
      }
      dirty = true;
      await flush();
      return current!;
    },
    setSuspended(value) {
      suspended = value;
      // Another tab may write the record meanwhile: the next save here writes it whole.
      written = null;
      if (value) cancelTimer();
      else if (dirty) schedule();
    },
    release(withinMs) {
      const record = snapshot();
      if (record && !suspended && (dirty || inFlight > 0)) writeAhead(local, record);
      // save() takes its snapshot now, before suspending: the write goes on regardless.
      const saved = flush(withinMs);
      suspended = true;
      written = null;
      cancelTimer();
      return saved;
    },
    async reload() {
      const id = current;
      if (!id) return;
      let saved: ProjectRecord | undefined;
      let readFailed = false;
      try {
        saved = await backend.get(id);
      } catch (error) {
        readFailed = true;
        deps.onError(describeStorageError(error));
      }
      if (current !== id) return;
      const found = reconcile(local, id, saved);
      if (!found) {
        // Deleted meanwhile: what this tab shows is saved again (not when storage failed).
        written = null;
        dirty = !readFailed;
        return;
      }
      const { openPaths, activePath } = store.getState();
      const has = (path: string) => Object.hasOwn(found.record.files, path);
      const kept = openPaths.filter(has);
      load({
        ...found.record,
        openPaths: kept.length > 0 ? kept : found.record.openPaths,
        activePath: activePath !== null && has(activePath) ? activePath : found.record.activePath,
      });
      if (found.fromWriteAhead) {
        written = null;
        dirty = true;
      }
    },
    rename(name) {
      store.setName(name);
    },
    detach() {
      cancelTimer();
      written = null;
      dirty = false;
      setCurrent(null);
      safely(() => local?.removeItem(LAST_PROJECT_KEY));
      safely(() => deps.tab?.removeItem(LAST_PROJECT_KEY));
    },
    reattach(id) {
      if (current === null) setCurrent(id);
    },
    currentId: () => current,
    dispose() {
      cancelTimer();
      unsubscribe();
    },
  };
}

function safely<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
