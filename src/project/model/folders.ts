/**
 * Folders in a project whose files are a flat map of paths: a folder exists through the files
 * under it, or as a listed empty folder. Pure functions over paths.
 */
import type { ProjectFile } from '../../protocol';
import { hasFile } from './file-lookup';

/** Whether `path` is `folder` itself or lies inside it. */
export const isUnder = (path: string, folder: string) =>
  path === folder || path.startsWith(folder + '/');

/** Where `path` ends up when `from` (a file or a folder) is renamed to `to`. */
export const movedPath = (path: string, from: string, to: string) =>
  isUnder(path, from) ? to + path.slice(from.length) : path;

/** Whether any file or listed folder lies inside `folder`. */
function hasContents(folder: string, files: Record<string, ProjectFile>, folders: string[]) {
  const prefix = folder + '/';
  return (
    Object.keys(files).some((p) => p.startsWith(prefix)) ||
    folders.some((p) => p.startsWith(prefix))
  );
}

/** Keeps only folders that would otherwise be invisible (no files or folders inside). */
export function emptyFolders(candidates: string[], files: Record<string, ProjectFile>): string[] {
  const set = [...new Set(candidates)].filter((f) => f !== '');
  return set.filter((f) => !hasContents(f, files, set) && !hasFile(files, f)).sort();
}
