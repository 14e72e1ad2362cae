import type { ProjectFile } from '../../protocol';

/**
 * What changed from one snapshot of a project's files to another: each added or replaced file
 * (its new object) and each removed path (null). The store keeps an unchanged file's object
 * identical across edits, so identity finds an edit without reading any file's content. The
 * bundler client sends this to the worker's mirror; autosave writes it.
 */
export function fileChanges(
  before: Readonly<Record<string, ProjectFile>>,
  after: Readonly<Record<string, ProjectFile>>,
): Record<string, ProjectFile | null> {
  if (before === after) return {};
  const changes: [string, ProjectFile | null][] = [];
  for (const [path, file] of Object.entries(after))
    if (!Object.hasOwn(before, path) || before[path] !== file) changes.push([path, file]);
  for (const path of Object.keys(before))
    if (!Object.hasOwn(after, path)) changes.push([path, null]);
  // fromEntries, not assignment: a file named `__proto__` stays a plain key.
  return Object.fromEntries(changes);
}
