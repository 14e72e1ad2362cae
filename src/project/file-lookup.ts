import type { ProjectFile } from '../protocol';

type Files = Readonly<Record<string, ProjectFile>>;

/**
 * Whether `files` holds a file at `path`. Own keys only: `path in files` or `files[path]` would
 * find Object.prototype's `valueOf`, `constructor` or `toString`, so a folder with that name
 * would be taken for a file.
 */
export const hasFile = (files: Files, path: string): boolean => Object.hasOwn(files, path);

/** The file at `path`, or undefined; own keys only, as in hasFile. */
export const fileAt = (files: Files, path: string): ProjectFile | undefined =>
  Object.hasOwn(files, path) ? files[path] : undefined;

/** An empty record with no prototype, for maps keyed by paths: `__proto__` stays a plain key. */
export const pathRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
