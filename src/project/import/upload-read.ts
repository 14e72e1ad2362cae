/**
 * Reads an upload (files, a folder, zips) into raw files, checking sizes and counts from the
 * metadata BEFORE reading any bytes, so a 4 GB file is refused without being loaded.
 */
import { isClutter, messages, type ImportLimits } from './import-limits';
import type { RawFile } from './import-plan';
import { extname } from '../model/paths';
import { unzipUpload } from './zip-import';

/** One picked or dropped file; `path` is relative (`folder/a.ts` for files from a folder). */
export interface UploadItem {
  path: string;
  size: number;
  read(): Promise<Uint8Array>;
}

export type ReadResult =
  { ok: true; files: RawFile[]; skipped: number } | { ok: false; errors: string[] };

/** A zip picked by itself (not found inside an uploaded folder) is unpacked. */
const isZip = (item: UploadItem) => !item.path.includes('/') && extname(item.path) === '.zip';

export async function readUploads(items: UploadItem[], limits: ImportLimits): Promise<ReadResult> {
  const kept = items.filter((i) => !isClutter(i.path));
  let skipped = items.length - kept.length;
  if (kept.length === 0) return { ok: false, errors: [messages.empty()] };
  if (kept.length > limits.maxFiles)
    return { ok: false, errors: [messages.tooManyFiles(kept.length, limits)] };
  const errors: string[] = [];
  const total = kept.reduce((n, i) => n + i.size, 0);
  if (total > limits.maxTotalBytes) errors.push(messages.totalTooBig(total, limits));
  for (const item of kept)
    if (!isZip(item) && item.size > limits.maxFileBytes)
      errors.push(messages.fileTooBig(item.path, item.size, limits));
  if (errors.length > 0) return { ok: false, errors };

  const files: RawFile[] = [];
  for (const item of kept) {
    let bytes: Uint8Array;
    try {
      bytes = await item.read();
    } catch {
      return {
        ok: false,
        errors: [`“${item.path}” could not be read (was it moved or deleted?).`],
      };
    }
    if (!isZip(item)) {
      files.push({ path: item.path, bytes });
      continue;
    }
    const unzipped = unzipUpload(item.path, bytes, limits);
    if (!unzipped.ok) return unzipped;
    files.push(...unzipped.files);
    skipped += unzipped.skipped;
  }
  return { ok: true, files, skipped };
}

/** A browser File as an upload item (`webkitRelativePath` is set for folder picks). */
export function fileItem(file: File, path = file.webkitRelativePath || file.name): UploadItem {
  return { path, size: file.size, read: async () => new Uint8Array(await file.arrayBuffer()) };
}
