import type { ProjectFile } from '../../protocol';
import { fileChanges } from '../model/file-changes';
import type { ProjectRecord, RecordPatch } from './types';

/** The patch that takes a stored record whose files were `base` to `record`. */
export function recordPatch(
  base: Readonly<Record<string, ProjectFile>>,
  record: ProjectRecord,
): RecordPatch {
  const { files, ...meta } = record;
  const entries = Object.entries(fileChanges(base, files));
  return {
    meta,
    files: Object.fromEntries(
      entries.filter((entry): entry is [string, ProjectFile] => entry[1] !== null),
    ),
    removed: entries.filter(([, file]) => file === null).map(([path]) => path),
  };
}
