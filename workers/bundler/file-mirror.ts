import type { ProjectFile } from '../../src/protocol';

/** What a request changed in the mirror. */
export interface MirrorUpdate {
  /** Paths whose file was replaced, added or deleted. */
  changed: string[];
  /** A path was added or deleted: any import may now resolve differently. */
  pathsChanged: boolean;
}

const has = (files: Record<string, ProjectFile>, path: string) => Object.hasOwn(files, path);

/**
 * The project's files as the worker knows them. The client sends only the files that changed
 * since its previous request (by object identity; the project store keeps unchanged files
 * identical), so an edit costs one file's structured clone, not the project's. Updated in
 * place: a build still running on an older state is stale and stops at its next step.
 */
export const createFileMirror = () => {
  // No prototype: a file named `__proto__` is stored as a file, not as the object's prototype.
  const files: Record<string, ProjectFile> = Object.create(null) as Record<string, ProjectFile>;

  const apply = (changes: Record<string, ProjectFile | null>, reset: boolean): MirrorUpdate => {
    const changed: string[] = [];
    let pathsChanged = false;
    if (reset) {
      for (const path of Object.keys(files)) {
        if (Object.hasOwn(changes, path) && changes[path]) continue;
        delete files[path];
        changed.push(path);
        pathsChanged = true;
      }
    }
    for (const [path, file] of Object.entries(changes)) {
      const known = has(files, path);
      if (file === null) {
        if (!known) continue;
        delete files[path];
        pathsChanged = true;
      } else {
        if (known && files[path] === file) continue;
        files[path] = file;
        pathsChanged ||= !known;
      }
      changed.push(path);
    }
    return { changed, pathsChanged };
  };

  return { files, apply };
};

export type FileMirror = ReturnType<typeof createFileMirror>;
