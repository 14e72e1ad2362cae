import type { ProjectFile } from '../../protocol';
import type { ProjectState } from '../model/store';
import type { Autosave, AutosaveDeps } from './autosave-types';
import { keepOpenFiles, readNewest } from './newest-record';
import { recordPatch } from './record-patch';
import { describeStorageError, type ProjectRecord } from './types';
import { LAST_PROJECT_KEY, clearWriteAhead, writeAhead } from './write-ahead';
import { validLogpoints } from '../model/logpoints';

export type { Autosave, AutosaveDeps } from './autosave-types';

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
    const { project, openPaths, activePath, logpoints } = store.getState();
    return {
      id: current,
      ...project,
      openPaths: [...openPaths],
      activePath,
      updatedAt,
      logpoints: [...logpoints],
    };
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
      store.setLogpoints(validLogpoints(record.logpoints));
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
      const { found } = await readNewest(backend, local, id, deps.onError);
      if (abandoned() || !found) return;
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
      const { found, readFailed } = await readNewest(backend, local, id, deps.onError);
      if (current !== id) return;
      if (!found) {
        // Deleted meanwhile: what this tab shows is saved again (not when storage failed).
        written = null;
        dirty = !readFailed;
        return;
      }
      load(keepOpenFiles(found.record, store.getState()));
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
