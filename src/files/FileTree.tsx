import { FilePlus, FolderPlus, X } from 'lucide-react';
import {
  memo,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  Button,
  ListLayout,
  Toolbar,
  Tree,
  TreeItem,
  TreeItemContent,
  Virtualizer,
  type Key,
} from 'react-aria-components';
import { ancestorsOf } from '../project/model/paths';
import type { ProjectStore } from '../project/model/store';
import { shallowEqual, useStore } from '../ui/useStore';
import { ConfirmDelete } from './ConfirmDelete';
import { FileRow } from './FileRow';
import { FileMenu, type FileMenuAction } from './FileMenu';
import { NameField } from './NameField';
import { buildTree, folderPaths, type TreeNode } from './tree-model';
import { treeSlice, type TreeSlice } from './tree-slice';
import { useFileActions } from './useFileActions';
import { IconButton } from '../ui/IconButton';
import './files.css';
import { hasFile } from '../project/model/file-lookup';

export interface FileTreeProps {
  /** The project shown and edited. */
  store: ProjectStore;
  /** Shows the files but offers no create, rename or delete (read-only permalinks). */
  readOnly?: boolean;
  /** Called when the user opens a file from the tree (click, Enter), e.g. to focus the editor. */
  onOpen?: (path: string) => void;
  /** More buttons for the toolbar, after New file and New folder (e.g. uploads). */
  toolbarExtra?: ReactNode;
}

/**
 * The "Files" tree: folders first, then files; each item's accessible name is its full path.
 * Keys (as in VS Code): F2 renames, Delete or Backspace deletes (after a confirmation),
 * Shift+F10 or the context-menu key opens the item's menu, as does a right click.
 *
 * Another project opened (a template, the Projects list, an upload) shows here a moment
 * later, rendered in the background (a deferred value: React renders it in slices between
 * the page's other tasks): its rows are no part of its first output. Changes made here (new,
 * renamed, deleted files) show at once.
 */
export function FileTree(props: FileTreeProps) {
  const live = useStore(props.store, treeSlice, shallowEqual);
  const deferred = useDeferredValue(live);
  return <FileTreeView {...props} slice={live.loads === deferred.loads ? live : deferred} />;
}

const FileTreeView = memo(function FileTreeView({
  store,
  readOnly = false,
  onOpen,
  toolbarExtra,
  slice,
}: FileTreeProps & { slice: TreeSlice }) {
  const { paths, folders, entry, activePath } = slice;
  const tree = useMemo(() => buildTree(paths, folders), [paths, folders]);
  // Folders are open unless the user closed them, so new and loaded folders show their files.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const allFolders = useMemo(() => folderPaths(tree), [tree]);
  const expandedKeys = useMemo(
    () => allFolders.filter((f) => !collapsed.has(f)),
    [allFolders, collapsed],
  );
  const reveal = (path: string) =>
    setCollapsed((prev) => new Set([...prev].filter((f) => !ancestorsOf(path).includes(f))));

  const [selected, setSelected] = useState<string | null>(activePath);
  const [followed, setFollowed] = useState(activePath);
  if (activePath !== followed) {
    // The editor switched files (a tab, a console link): select and reveal it here too.
    setFollowed(activePath);
    if (activePath !== null) {
      setSelected(activePath);
      reveal(activePath);
    }
  }

  const scroller = useRef<HTMLDivElement>(null);
  /** Puts keyboard focus back on a row after a field or dialog closes (or on the tree). */
  const focusRow = (path: string | null) =>
    requestAnimationFrame(() => {
      const root = scroller.current;
      const row =
        (path !== null && root?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)) ||
        root?.querySelector<HTMLElement>('[data-path]');
      // Only when focus is lost or still in the tree: never steal it from the editor.
      const active = document.activeElement;
      if (row && (active === document.body || root?.contains(active))) row.focus();
    });

  const isFile = (path: string) => hasFile(store.getState().project.files, path);
  const kindOf = (path: string) => (isFile(path) ? 'file' : 'folder');
  const actions = useFileActions(store, {
    onCreated(path, kind) {
      setSelected(path);
      reveal(path);
      if (kind === 'file' && onOpen) onOpen(path);
      else focusRow(path);
    },
    onRenamed(from, to) {
      if (selected !== null && (selected === from || selected.startsWith(from + '/')))
        setSelected(to + selected.slice(from.length));
      reveal(to);
      focusRow(to);
    },
    onClosed: focusRow,
  });
  const { editing, notice, setNotice } = actions;

  const menuAnchor = useRef<Element | null>(null);
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const openMenu = (path: string, row: Element) => {
    if (readOnly || editing) return;
    menuAnchor.current = row;
    setSelected(path);
    setMenuPath(path);
  };
  const folderOf = (path: string | null) =>
    path === null ? '' : kindOf(path) === 'folder' ? path : (ancestorsOf(path).pop() ?? '');

  // A menu action runs once the menu has closed and React Aria has put focus back on the row
  // (it does so in an animation frame after unmount, and the tree then re-focuses that row);
  // a field opened any earlier would lose focus at once.
  const [pending, setPending] = useState<{ action: FileMenuAction; path: string } | null>(null);
  useEffect(() => {
    if (!pending || menuPath !== null) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        setPending(null);
        const { action, path } = pending;
        if (action === 'rename') actions.startRename(path);
        else if (action === 'delete') actions.askDelete(path);
        else if (action === 'new-file') actions.startCreate('new-file', folderOf(path));
        else if (action === 'new-folder') actions.startCreate('new-folder', folderOf(path));
        else actions.setEntry(path);
      });
    });
    return () => cancelAnimationFrame(frame);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly || editing) return;
    const row = (e.target as Element).closest('[data-path]');
    const path = row?.getAttribute('data-path');
    if (!row || !path) return;
    if (e.key === 'F2') actions.startRename(path);
    else if (e.key === 'Delete' || e.key === 'Backspace') actions.askDelete(path);
    else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) openMenu(path, row);
    else return;
    e.preventDefault();
  };

  const renderNode = (node: TreeNode) => {
    return (
      <TreeItem
        key={node.path}
        id={node.path}
        textValue={node.name}
        aria-label={node.path}
        data-path={node.path}
        className="pp-tree-item"
        render={(props) => (
          <div
            {...props}
            role="treeitem"
            aria-description={node.path === entry ? 'entry file' : undefined}
          />
        )}
        onPress={() => {
          if (node.kind === 'folder') setCollapsed((prev) => toggle(prev, node.path));
        }}
        onContextMenu={(e) => {
          e.preventDefault();
          openMenu(node.path, e.currentTarget);
        }}
      >
        <TreeItemContent>
          {({ isExpanded }) => (
            <FileRow
              node={node}
              isExpanded={isExpanded}
              isEntry={node.path === entry}
              isRenaming={editing?.mode === 'rename' && editing.path === node.path}
              onRename={(value) => actions.commitRename(node.path, value)}
              onCancel={actions.cancelEdit}
              onMenu={readOnly ? undefined : (row) => openMenu(node.path, row)}
            />
          )}
        </TreeItemContent>
        {node.children.map(renderNode)}
      </TreeItem>
    );
  };

  const target = folderOf(selected);
  const deleting = actions.deleting;
  const menuKind = menuPath === null ? null : kindOf(menuPath);

  return (
    <div className="pp-files">
      {readOnly ? null : (
        // A react-aria Toolbar: the arrow keys move between its buttons, as ARIA expects.
        <Toolbar className="pp-files-toolbar" aria-label="File actions">
          <span className="pp-files-title" aria-hidden>
            Files
          </span>
          <IconButton label="New file" onPress={() => actions.startCreate('new-file', target)}>
            <FilePlus aria-hidden size={16} />
          </IconButton>
          <IconButton label="New folder" onPress={() => actions.startCreate('new-folder', target)}>
            <FolderPlus aria-hidden size={16} />
          </IconButton>
          {toolbarExtra}
        </Toolbar>
      )}
      {editing && editing.mode !== 'rename' ? (
        <div className="pp-create">
          <NameField
            key={editing.mode + editing.parent}
            label={editing.mode === 'new-file' ? 'File name' : 'Folder name'}
            initial={editing.parent === '' ? '' : editing.parent + '/'}
            description="Enter the full path; “/” makes folders."
            onCommit={actions.commitCreate}
            onCancel={actions.cancelEdit}
          />
        </div>
      ) : null}
      {notice ? (
        <div className="pp-notice" role="alert">
          <span>{notice}</span>
          <Button className="pp-icon-button" aria-label="Dismiss" onPress={() => setNotice(null)}>
            <X aria-hidden size={14} />
          </Button>
        </div>
      ) : null}
      <div className="pp-tree-scroll" ref={scroller} onKeyDown={onKeyDown}>
        {/* Only the rows in view are rendered: a change of the tree's state (focus, selection,
            the first key typed after a click) re-renders every rendered row, which at 1,000
            files was a 0.5 s task (issue 10). Every row is 22 px, so none is measured: with an
            estimated size each row in view was measured in a forced layout of its own as it
            rendered (a project's files shown, or another project opened). A rename's error
            floats over the rows below (files.css). */}
        <Virtualizer layout={ListLayout} layoutOptions={ROW_LAYOUT}>
          <Tree
            aria-label="Files"
            className="pp-tree"
            // Row and column counts belong to a grid; on a tree they are not allowed (axe).
            render={(props) => (
              <div {...props} role="tree" aria-rowcount={undefined} aria-colcount={undefined} />
            )}
            selectionMode="single"
            selectionBehavior="replace"
            disallowEmptySelection
            selectedKeys={selected === null ? [] : [selected]}
            onSelectionChange={(keys) => {
              const [key] = keys === 'all' ? [] : [...keys];
              if (typeof key !== 'string') return;
              setSelected(key);
              if (isFile(key)) {
                store.setActive(key);
                onOpen?.(key);
              }
            }}
            expandedKeys={expandedKeys}
            onExpandedChange={(keys: Set<Key>) =>
              setCollapsed(new Set(allFolders.filter((f) => !keys.has(f))))
            }
            onAction={(key) => {
              // Folders toggle on press (above); files open.
              if (typeof key === 'string' && isFile(key)) {
                store.setActive(key);
                onOpen?.(key);
              }
            }}
            renderEmptyState={() => <p className="pp-tree-empty">No files yet.</p>}
          >
            {tree.map(renderNode)}
          </Tree>
        </Virtualizer>
      </div>
      <FileMenu
        anchor={menuAnchor}
        target={
          menuPath === null || menuKind === null
            ? null
            : {
                path: menuPath,
                kind: menuKind,
                canBeEntry: menuKind === 'file' && menuPath !== entry,
              }
        }
        onAction={(action) => {
          if (menuPath !== null) setPending({ action, path: menuPath });
          setMenuPath(null);
        }}
        onClose={() => setMenuPath(null)}
      />
      <ConfirmDelete
        target={deleting}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
});

const ROW_LAYOUT = { rowSize: 22 };

function toggle(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
}
