import type { DirectoryDropItem, DropItem, FileDropItem } from 'react-aria-components';
import { isClutter } from '../project/import/import-limits';
import { fileItem, type UploadItem } from '../project/import/upload-read';

/**
 * Dropped files and folders (walked recursively) as upload items. Folders like node_modules
 * are not walked at all; the walk stops past `maxItems` (the reader then reports the count).
 */
export async function dropToItems(items: DropItem[], maxItems: number): Promise<UploadItem[]> {
  const out: UploadItem[] = [];
  const walk = async (item: FileDropItem | DirectoryDropItem, prefix: string) => {
    if (out.length > maxItems) return;
    const path = prefix + item.name;
    if (isClutter(path)) return;
    if (item.kind === 'file') out.push(fileItem(await item.getFile(), path));
    else for await (const child of item.getEntries()) await walk(child, path + '/');
  };
  for (const item of items)
    if (item.kind === 'file' || item.kind === 'directory') await walk(item, '');
  return out;
}
