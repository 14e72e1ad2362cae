/**
 * A zip upload → the files in it, after every check that can be made BEFORE inflating:
 * entry count, declared sizes (each and in all) and compression ratio. Inflating then stops
 * at each entry's declared size, so a zip that lies about sizes is caught too.
 */
import { isClutter, messages, q, type ImportLimits } from './import-limits';
import type { RawFile } from './import-plan';
import { extractEntry, readDirectory, TooManyEntries, ZipError, type ZipEntry } from './zip-reader';

export type UnzipResult =
  { ok: true; files: RawFile[]; skipped: number } | { ok: false; errors: string[] };

const isFolder = (e: ZipEntry) => e.name.endsWith('/') || e.name.endsWith('\\');

/**
 * The single folder every entry sits in (`my-project/` in most zips), or ''. Zipping a
 * folder adds it; uploading the zip means its contents.
 */
export function commonTopFolder(names: string[]): string {
  let top: string | undefined;
  for (const name of names) {
    const parts = name.replace(/\\/g, '/').replace(/^\.\//, '').split('/');
    if (parts.length < 2 || parts[0] === '' || parts[0] === '..') return '';
    if (top === undefined) top = parts[0];
    else if (top !== parts[0]) return '';
  }
  return top ?? '';
}

/** Folders that are part of a project, not a wrapper around one: a zip of just `src/` keeps it. */
const PROJECT_FOLDERS = new Set([
  'src',
  'public',
  'assets',
  'lib',
  'components',
  'styles',
  'css',
  'images',
  'img',
  'static',
  'test',
  'tests',
  'utils',
]);

/** The common top folder to strip: one named like the zip, or any that isn't a usual project folder. */
export function wrapperFolder(zipName: string, names: string[]): string {
  const top = commonTopFolder(names);
  const stem = zipName.replace(/\.zip$/i, '').toLowerCase();
  return top && (top.toLowerCase() === stem || !PROJECT_FOLDERS.has(top.toLowerCase())) ? top : '';
}

export function unzipUpload(zipName: string, zip: Uint8Array, limits: ImportLimits): UnzipResult {
  let entries: ZipEntry[];
  try {
    // Folders and clutter count as entries: allow some, then count files below.
    entries = readDirectory(zip, limits.maxFiles * 2 + 100);
  } catch (error) {
    if (error instanceof TooManyEntries)
      return { ok: false, errors: [messages.tooManyFiles(error.count, limits)] };
    if (error instanceof ZipError)
      return { ok: false, errors: [`${q(zipName)}: ${error.message}.`] };
    throw error;
  }
  const files = entries.filter((e) => !isFolder(e) && !isClutter(e.name));
  const skipped = entries.filter((e) => !isFolder(e)).length - files.length;
  if (files.length > limits.maxFiles)
    return { ok: false, errors: [messages.tooManyFiles(files.length, limits)] };

  const errors: string[] = [];
  let total = 0;
  for (const e of files) {
    total += e.size;
    if (e.size > limits.maxFileBytes) errors.push(messages.fileTooBig(e.name, e.size, limits));
    else if (e.size > limits.ratioMinBytes && e.size > e.compressedSize * limits.maxRatio)
      errors.push(
        messages.zipBomb(zipName, e.name, e.size / Math.max(1, e.compressedSize), limits),
      );
  }
  if (total > limits.maxTotalBytes) errors.unshift(messages.totalTooBig(total, limits));
  if (errors.length > 0) return { ok: false, errors };

  const top = wrapperFolder(
    zipName,
    files.map((e) => e.name),
  );
  const out: RawFile[] = [];
  for (const e of files) {
    try {
      const bytes = extractEntry(zip, e);
      const name = e.name.replace(/\\/g, '/').replace(/^\.\//, '');
      out.push({ path: top ? name.slice(top.length + 1) : name, bytes, source: zipName });
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      return { ok: false, errors: [`${q(zipName)}: ${error.message}.`] };
    }
  }
  return { ok: true, files: out, skipped };
}
