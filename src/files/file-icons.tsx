import { createElement } from 'react';
import {
  File,
  FileBraces,
  FileCode,
  FileImage,
  FileText,
  FileType,
  Folder,
  FolderOpen,
  Globe,
  Palette,
  type LucideIcon,
} from 'lucide-react';
import { extname, mimeOf } from '../project/paths';

const BY_EXTENSION: Record<string, LucideIcon> = {
  '.ts': FileCode,
  '.tsx': FileCode,
  '.mts': FileCode,
  '.js': FileCode,
  '.jsx': FileCode,
  '.mjs': FileCode,
  '.cjs': FileCode,
  '.json': FileBraces,
  '.css': Palette,
  '.html': Globe,
  '.htm': Globe,
  '.md': FileText,
  '.txt': FileText,
};

/** The icon for a tree row: by extension for files, open or closed for folders. */
export function iconFor(path: string, kind: 'file' | 'folder', isExpanded = false): LucideIcon {
  if (kind === 'folder') return isExpanded ? FolderOpen : Folder;
  const mime = mimeOf(path);
  if (mime.startsWith('image/')) return FileImage;
  if (mime.startsWith('font/')) return FileType;
  return BY_EXTENSION[extname(path)] ?? File;
}

/** The row icon, decorative (the row's name says what it is). */
export function FileIcon(props: { path: string; kind: 'file' | 'folder'; isExpanded: boolean }) {
  return createElement(iconFor(props.path, props.kind, props.isExpanded), {
    'aria-hidden': true,
    size: 15,
    className: 'pp-tree-icon',
  });
}
