import { createElement } from 'react';
import {
  Component,
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
import { fileTypeOf, type FileIcon } from '../project/model/file-types';

/** One picture per kind of file named in the file-type registry. */
const ICONS: Record<FileIcon, LucideIcon> = {
  code: FileCode,
  component: Component,
  data: FileBraces,
  style: Palette,
  page: Globe,
  text: FileText,
  image: FileImage,
  font: FileType,
};

/** The icon for a tree row: by file type for files, open or closed for folders. */
export function iconFor(path: string, kind: 'file' | 'folder', isExpanded = false): LucideIcon {
  if (kind === 'folder') return isExpanded ? FolderOpen : Folder;
  const icon = fileTypeOf(path).icon;
  return icon ? ICONS[icon] : File;
}

/** The row icon, decorative (the row's name says what it is). */
export function FileIcon(props: { path: string; kind: 'file' | 'folder'; isExpanded: boolean }) {
  return createElement(iconFor(props.path, props.kind, props.isExpanded), {
    'aria-hidden': true,
    size: 15,
    className: 'pp-tree-icon',
  });
}
