/**
 * The project store: plain data and operations on it, no React, no Monaco. Every state is an
 * immutable snapshot (a new object per change, the same object while nothing changes), so
 * React can read it with useSyncExternalStore and undo/autosave can keep old ones.
 */
import { createStore } from 'zustand/vanilla';
import type { Logpoint, Project, ProjectFile } from '../../protocol';
import { fileAt, hasFile } from './file-lookup';
import { emptyFolders, isUnder, movedPath } from './folders';
import { isScriptPath, SCRIPT_EXTENSIONS } from './file-types';
import { createPathIndex, dirname, validatePath } from './paths';
import { logpointsAfterMove, logpointsAfterRemove } from './logpoints';

export interface ProjectState {
  project: Project;
  /**
   * Every file's path, in the file map's order. The same array while no file is added,
   * renamed or removed, so an edit leaves it as it was: the file list reads it instead of
   * scanning the files at every keystroke.
   */
  paths: readonly string[];
  /** Folders with nothing in them, which the file list alone can't show; sorted. */
  folders: string[];
  /** The file shown in the editor. */
  activePath: string | null;
  /** Files open in the editor, in the order they were opened. */
  openPaths: string[];
  /** Counts replace() calls, so autosave can tell a newly loaded project from an edit. */
  loads: number;
  /** Logpoints set in the project's files (saved with it, never part of its code). */
  logpoints: readonly Logpoint[];
}

export type Result = { ok: true } | { ok: false; error: string };

export interface ProjectStore {
  getState(): ProjectState;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(fn: () => void): () => void;
  /** Replaces a text file's contents; ignored for missing or binary files. */
  setText(path: string, text: string): void;
  /** Adds a file (empty text by default). Does not open it: call setActive for that. */
  createFile(path: string, file?: ProjectFile): Result;
  createFolder(path: string): Result;
  /** Renames or moves a file or a folder with everything in it; entry and tabs follow. */
  rename(from: string, to: string): Result;
  /** Deletes a file or a folder with everything in it. Refused for (a folder holding) the entry. */
  remove(path: string): Result;
  /** Whether remove(path) would succeed, without doing it (to ask before, not after). */
  checkRemove(path: string): Result;
  /** Shows a file in the editor (opening it if needed); null shows none. Ignores non-files. */
  setActive(path: string | null): void;
  /** Closes an open file; the neighbouring open file becomes active. */
  close(path: string): void;
  /** Loads another project (template, permalink, zip): tabs reset to its entry. */
  replace(project: Project): void;
  /**
   * Adds or overwrites many files in one change (uploads): files at existing paths get the
   * new contents; every other path must be valid. All are written, or on any error none.
   */
  addFiles(files: Record<string, ProjectFile>): Result;
  /** Makes a script file the module evaluated first. */
  setEntry(path: string): Result;
  /** Renames the project itself (zip folder name, title). */
  setName(name: string): Result;
  /** Replaces the logpoints (logpoints.ts has the edits: add, move with their line, remove). */
  setLogpoints(logpoints: readonly Logpoint[]): void;
}

const ok: Result = { ok: true };
const fail = (error: string): Result => ({ ok: false, error });
const q = (path: string) => `“${path}”`;

/** Freezes a new state; `files` are the file objects it adds (all of them by default). */
function freeze(state: ProjectState, files = Object.values(state.project.files)): ProjectState {
  for (const file of files) if (file.kind === 'text') Object.freeze(file);
  Object.freeze(state.project.files);
  Object.freeze(state.project);
  Object.freeze(state.paths);
  Object.freeze(state.folders);
  Object.freeze(state.openPaths);
  Object.freeze(state.logpoints);
  return Object.freeze(state);
}

function initialState(project: Project, loads = 0): ProjectState {
  const files = { ...project.files };
  const paths = Object.keys(files);
  const first = hasFile(files, project.entry) ? project.entry : ([...paths].sort()[0] ?? null);
  return freeze({
    project: { ...project, files },
    paths,
    folders: [],
    activePath: first,
    openPaths: first === null ? [] : [first],
    loads,
    logpoints: [],
  });
}

export function createProjectStore(initial: Project): ProjectStore {
  // Replaced whole (`set(…, true)`): each state is a frozen snapshot, never merged into.
  const {
    getState: get,
    setState: set,
    subscribe,
  } = createStore<ProjectState>()(() => initialState(initial));
  /**
   * For changes that add, move or remove no file or folder (an edit, a tab, the entry): no
   * scan of the project; only the objects in `added` are new and need freezing.
   */
  const commitInPlace = (next: ProjectState, added: ProjectFile[] = []) => {
    set(freeze(next, added), true);
  };
  /** For changes that may add, move or remove files or folders: recomputes paths and folders. */
  const commit = (
    next: Omit<ProjectState, 'folders' | 'loads' | 'paths' | 'logpoints'> & {
      folders: string[];
      logpoints?: readonly Logpoint[];
    },
  ) => {
    const state = get();
    const paths = Object.keys(next.project.files);
    const same = paths.length === state.paths.length && paths.every((p, i) => p === state.paths[i]);
    const folders = emptyFolders(next.folders, next.project.files);
    const sameFolders =
      folders.length === state.folders.length && folders.every((f, i) => f === state.folders[i]);
    const frozen = freeze({
      ...next,
      paths: same ? state.paths : paths,
      folders: sameFolders ? state.folders : folders,
      loads: state.loads,
      logpoints: next.logpoints ?? state.logpoints,
    });
    set(frozen, true);
  };
  const files = () => get().project.files;
  const folderExists = (path: string) =>
    get().folders.some((f) => isUnder(f, path)) ||
    Object.keys(files()).some((p) => p.startsWith(path + '/'));

  function checkRemove(path: string): Result {
    const isFile = hasFile(files(), path);
    if (!isFile && !folderExists(path)) return fail(`${q(path)} doesn’t exist.`);
    const entry = get().project.entry;
    if (!isUnder(entry, path)) return ok;
    return fail(
      isFile
        ? `${q(path)} is the entry file, which runs first. Make another file the entry before deleting it.`
        : `${q(path)} holds the entry file ${q(entry)}. Make a file outside it the entry before deleting it.`,
    );
  }

  return {
    getState: get,
    subscribe,

    setText(path, text) {
      const state = get();
      const file = fileAt(files(), path);
      if (!file || file.kind !== 'text' || file.text === text) return;
      // The hot path (every keystroke): one file changes, so paths and folders stay as they
      // are and only the new objects are frozen. The map copy is shallow.
      const edited = { kind: 'text' as const, text };
      const project = { ...state.project, files: { ...files(), [path]: edited } };
      commitInPlace({ ...state, project }, [edited]);
    },

    createFile(path, file = { kind: 'text', text: '' }) {
      const state = get();
      const error = validatePath(path, Object.keys(files()), { folders: state.folders });
      if (error) return fail(error);
      const project = { ...state.project, files: { ...files(), [path]: file } };
      commit({ ...state, project });
      return ok;
    },

    createFolder(path) {
      const state = get();
      const error = validatePath(path, Object.keys(files()), { folders: state.folders });
      if (error) return fail(error);
      commit({ ...state, folders: [...state.folders, path] });
      return ok;
    },

    rename(from, to) {
      const state = get();
      const isFile = hasFile(files(), from);
      if (!isFile && !folderExists(from)) return fail(`${q(from)} doesn’t exist.`);
      if (from === to) return ok;
      const error = validatePath(to, Object.keys(files()), { folders: state.folders, self: from });
      if (error) return fail(error);
      const entry = movedPath(state.project.entry, from, to);
      if (entry !== state.project.entry && !isScriptPath(entry))
        return fail(
          `${q(state.project.entry)} is the entry file, so it must stay a script (${SCRIPT_EXTENSIONS.join(', ')}).`,
        );
      // fromEntries, not assignment: a file moved to `__proto__` stays a plain key.
      const nextFiles = Object.fromEntries(
        Object.entries(files()).map(([p, f]) => [movedPath(p, from, to), f] as const),
      );
      const { project, activePath, openPaths } = state;
      commit({
        project: { ...project, files: nextFiles, entry },
        // The old parent stays visible even when the move empties it, as in a file manager.
        folders: [...state.folders.map((f) => movedPath(f, from, to)), dirname(from)],
        activePath: activePath === null ? null : movedPath(activePath, from, to),
        openPaths: openPaths.map((p) => movedPath(p, from, to)),
        logpoints: logpointsAfterMove(state.logpoints, (p) => movedPath(p, from, to)),
      });
      return ok;
    },

    checkRemove,

    remove(path) {
      const state = get();
      const check = checkRemove(path);
      if (!check.ok) return check;
      const nextFiles = Object.fromEntries(
        Object.entries(files()).filter(([p]) => !isUnder(p, path)),
      );
      const openPaths = state.openPaths.filter((p) => !isUnder(p, path));
      let activePath = state.activePath;
      if (activePath !== null && isUnder(activePath, path))
        activePath = neighbour(state.openPaths, openPaths, activePath);
      commit({
        project: { ...state.project, files: nextFiles },
        folders: [...state.folders.filter((f) => !isUnder(f, path)), dirname(path)],
        activePath,
        openPaths,
        logpoints: logpointsAfterRemove(state.logpoints, (p) => isUnder(p, path)),
      });
      return ok;
    },

    setActive(path) {
      const state = get();
      if (path === state.activePath) return;
      if (path !== null && !hasFile(files(), path)) return;
      const openPaths =
        path === null || state.openPaths.includes(path)
          ? state.openPaths
          : [...state.openPaths, path];
      commitInPlace({ ...state, activePath: path, openPaths });
    },

    close(path) {
      const state = get();
      if (!state.openPaths.includes(path)) return;
      const openPaths = state.openPaths.filter((p) => p !== path);
      const activePath =
        state.activePath === path ? neighbour(state.openPaths, openPaths, path) : state.activePath;
      commitInPlace({ ...state, activePath, openPaths });
    },

    replace(project) {
      set(initialState(project, get().loads + 1), true);
    },

    addFiles(incoming) {
      const state = get();
      const paths = Object.keys(incoming);
      if (paths.length === 0) return ok;
      const next = new Map(Object.entries(files()));
      const index = createPathIndex(next.keys(), { folders: state.folders });
      for (const path of paths) {
        if (!next.has(path)) {
          const error = index.check(path);
          if (error) return fail(`${q(path)}: ${error}`);
          index.add(path);
        }
        next.set(path, incoming[path] as ProjectFile);
      }
      // fromEntries, not assignment: a file named `__proto__` stays a plain key.
      commit({ ...state, project: { ...state.project, files: Object.fromEntries(next) } });
      return ok;
    },

    setEntry(path) {
      const state = get();
      const file = fileAt(files(), path);
      if (!file) return fail(`${q(path)} doesn’t exist.`);
      if (file.kind !== 'text' || !isScriptPath(path))
        return fail(`Only a script (${SCRIPT_EXTENSIONS.join(', ')}) can be the entry file.`);
      if (path === state.project.entry) return ok;
      commitInPlace({ ...state, project: { ...state.project, entry: path } });
      return ok;
    },

    setName(name) {
      const state = get();
      const trimmed = name.trim();
      if (trimmed === '') return fail('Enter a project name.');
      if (trimmed === state.project.name) return ok;
      commitInPlace({ ...state, project: { ...state.project, name: trimmed } });
      return ok;
    },

    setLogpoints(logpoints) {
      const state = get();
      if (logpoints === state.logpoints) return;
      commitInPlace({ ...state, logpoints: [...logpoints] });
    },
  };
}

/** The tab that takes over when `closed` goes: the one after it, else the one before. */
function neighbour(before: string[], after: string[], closed: string): string | null {
  const i = before.indexOf(closed);
  if (i < 0) return after[after.length - 1] ?? null;
  return after[i] ?? after[i - 1] ?? null;
}
