import type { ProjectFile } from '../../protocol';

/**
 * What changed between two snapshots of a project's files. The store keeps an unchanged
 * file's object identical across edits, so identity tells changed files without reading them.
 */
export function changedFiles(
  before: Readonly<Record<string, ProjectFile>>,
  after: Readonly<Record<string, ProjectFile>>,
): { files: Record<string, ProjectFile>; removed: string[] } {
  const files: Record<string, ProjectFile> = {};
  for (const [path, file] of Object.entries(after)) {
    // defineProperty, not assignment: a file named `__proto__` stays a plain key.
    if (!Object.hasOwn(before, path) || before[path] !== file)
      Object.defineProperty(files, path, {
        value: file,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  const removed = Object.keys(before).filter((path) => !Object.hasOwn(after, path));
  return { files, removed };
}
