/** The file list as a tree for display: folders first, then files, in natural order. */
import { ancestorsOf, basename } from '../project/model/paths';

export interface TreeNode {
  /** Full project path; the tree item's id and accessible name. */
  path: string;
  /** Last segment, the visible label. */
  name: string;
  kind: 'file' | 'folder';
  /** Folders only. */
  children: TreeNode[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: TreeNode, b: TreeNode): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Builds the tree from file paths plus empty folders. */
export function buildTree(files: Iterable<string>, folders: Iterable<string> = []): TreeNode[] {
  const root: TreeNode = { path: '', name: '', kind: 'folder', children: [] };
  const nodes = new Map<string, TreeNode>([['', root]]);
  const folderNode = (path: string): TreeNode => {
    let node = nodes.get(path);
    if (!node) {
      node = { path, name: basename(path), kind: 'folder', children: [] };
      nodes.set(path, node);
      const parent = ancestorsOf(path).pop() ?? '';
      folderNode(parent).children.push(node);
    }
    return node;
  };
  for (const folder of folders) folderNode(folder);
  for (const file of files) {
    const parent = folderNode(ancestorsOf(file).pop() ?? '');
    parent.children.push({ path: file, name: basename(file), kind: 'file', children: [] });
  }
  const sort = (node: TreeNode) => {
    node.children.sort(compare);
    node.children.forEach(sort);
  };
  sort(root);
  return root.children;
}

/** Every folder path in the tree (for "expand all"). */
export function folderPaths(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => (n.kind === 'folder' ? [n.path, ...folderPaths(n.children)] : []));
}

/** Selects the name without its extension (`src/[main].ts`), so typing renames, not moves. */
export function stemRange(path: string, kind: 'file' | 'folder'): [number, number] {
  const start = path.length - basename(path).length;
  const dot = kind === 'file' ? path.lastIndexOf('.') : -1;
  return [start, dot > start ? dot : path.length];
}
