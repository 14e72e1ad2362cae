import { useState } from 'react';
import { canBeTyped, mimeOf } from '../project/model/file-types';
import type { ProjectStore } from '../project/model/store';
import { hasFile } from '../project/model/file-lookup';

export type Editing =
  { mode: 'new-file' | 'new-folder'; parent: string } | { mode: 'rename'; path: string };

export interface DeleteTarget {
  path: string;
  kind: 'file' | 'folder';
  /** Files that go with it (folders). */
  count: number;
}

export interface FileActionCallbacks {
  /** After a successful create, e.g. to select and open it. */
  onCreated(path: string, kind: 'file' | 'folder'): void;
  /** After a successful rename or move. */
  onRenamed(from: string, to: string): void;
  /** A field was cancelled or a deletion done: where keyboard focus should go back to. */
  onClosed(path: string | null): void;
}

/** The tree's editing state: one inline field, one delete confirmation, one notice at a time. */
export function useFileActions(store: ProjectStore, callbacks: FileActionCallbacks) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const files = () => Object.keys(store.getState().project.files);

  return {
    editing,
    deleting,
    notice,
    setNotice,

    startCreate(mode: 'new-file' | 'new-folder', parent: string) {
      setNotice(null);
      setEditing({ mode, parent });
    },

    /** Returns the message to show in the field, or null once created. */
    commitCreate(path: string): string | null {
      if (!editing || editing.mode === 'rename') return null;
      const kind = editing.mode === 'new-file' ? 'file' : 'folder';
      // Bytes can't be typed: images and fonts come in through upload.
      if (kind === 'file' && !canBeTyped(path))
        return `Images and fonts (${mimeOf(path)}) can’t be typed in: add the file with “Upload files”.`;
      const result = kind === 'file' ? store.createFile(path) : store.createFolder(path);
      if (!result.ok) return result.error;
      setEditing(null);
      if (kind === 'file') store.setActive(path);
      callbacks.onCreated(path, kind);
      return null;
    },

    startRename(path: string) {
      setNotice(null);
      setEditing({ mode: 'rename', path });
    },

    commitRename(from: string, to: string): string | null {
      const result = store.rename(from, to);
      if (!result.ok) return result.error;
      setEditing(null);
      callbacks.onRenamed(from, to);
      return null;
    },

    cancelEdit() {
      if (editing) callbacks.onClosed(editing.mode === 'rename' ? editing.path : null);
      setEditing(null);
    },

    askDelete(path: string) {
      const check = store.checkRemove(path);
      if (!check.ok) {
        setNotice(check.error);
        return;
      }
      setNotice(null);
      const isFile = hasFile(store.getState().project.files, path);
      const count = isFile ? 1 : files().filter((p) => p.startsWith(path + '/')).length;
      setDeleting({ path, kind: isFile ? 'file' : 'folder', count });
    },

    confirmDelete() {
      if (!deleting) return;
      const result = store.remove(deleting.path);
      setNotice(result.ok ? null : result.error);
      setDeleting(null);
      const parent = deleting.path.split('/').slice(0, -1).join('/');
      callbacks.onClosed(parent === '' ? null : parent);
    },

    cancelDelete() {
      setDeleting(null);
    },

    setEntry(path: string) {
      const result = store.setEntry(path);
      setNotice(result.ok ? null : result.error);
    },
  };
}
