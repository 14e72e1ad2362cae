import type { ProjectFile } from '../../protocol';
import { RESOLVE_EXTENSIONS } from './file-types';
import { extname } from './paths';

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

/** TypeScript lets `./a.js` name `a.ts` (ESM style); these are the swaps it allows. */
const TS_SWAPS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/**
 * The project file a path names, as an import or a script tag would: exact, with an extension
 * added, swapped, or its index file.
 */
export const findProjectFile = (files: Files, path: string): string | undefined => {
  if (path && hasFile(files, path)) return path;
  const candidates: string[] = [];
  if (path) {
    for (const ext of RESOLVE_EXTENSIONS) candidates.push(path + ext);
    const ext = extname(path);
    for (const swap of TS_SWAPS[ext] ?? []) candidates.push(path.slice(0, -ext.length) + swap);
  }
  const dir = path ? path + '/' : '';
  for (const ext of RESOLVE_EXTENSIONS) candidates.push(dir + 'index' + ext);
  return candidates.find((c) => hasFile(files, c));
};
