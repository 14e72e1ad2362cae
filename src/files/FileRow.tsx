import { ChevronRight, EllipsisVertical } from 'lucide-react';
import { memo } from 'react';
import { Button } from 'react-aria-components';
import { FileIcon } from './file-icons';
import { NameField } from './NameField';
import { stemRange, type TreeNode } from './tree-model';

export interface FileRowProps {
  node: TreeNode;
  /** Folders: shows the open folder icon and a turned chevron. */
  isExpanded: boolean;
  /** Marks the entry file with a badge. */
  isEntry: boolean;
  /** Shows the rename field in place of the name. */
  isRenaming: boolean;
  /** Renames to the typed path; returns the message to show, or null once renamed. */
  onRename(to: string): string | null;
  onCancel(): void;
  /** Opens the row's actions menu next to `row`; without it (read-only) no menu button shows. */
  onMenu?: (row: Element) => void;
}

/**
 * The visible content of one tree row: chevron, icon, name (or rename field), entry badge.
 * Memoised: React Aria's tree re-renders every row in view when its own state changes (e.g.
 * the global input modality, switched by a click or the first key typed in the editor), while
 * a row's props change only when the file tree renders again.
 */
export const FileRow = memo(function FileRow({
  node,
  isExpanded,
  isEntry,
  isRenaming,
  onRename,
  onCancel,
  onMenu,
}: FileRowProps) {
  return (
    <div className="pp-tree-row" ref={unwrapGridCell}>
      {node.kind === 'folder' ? (
        <Button slot="chevron" className="pp-chevron">
          <ChevronRight aria-hidden size={14} />
        </Button>
      ) : (
        <span className="pp-chevron-space" />
      )}
      <FileIcon path={node.path} kind={node.kind} isExpanded={isExpanded} />
      {isRenaming ? (
        <NameField
          label={`Rename ${node.path}`}
          hideLabel
          initial={node.path}
          select={stemRange(node.path, node.kind)}
          onCommit={onRename}
          onCancel={onCancel}
        />
      ) : (
        <span className="pp-tree-name" title={node.path}>
          {node.name}
        </span>
      )}
      {isEntry && !isRenaming ? (
        <span
          className="pp-entry-badge"
          data-label="entry"
          title="The entry file runs first"
          aria-hidden
        />
      ) : null}
      {onMenu && !isRenaming ? (
        <Button
          className="pp-icon-button pp-row-menu"
          aria-label={`Actions for ${node.path}`}
          onPress={(e) => {
            const row = e.target.closest('[data-path]');
            if (row) onMenu(row);
          }}
        >
          <EllipsisVertical aria-hidden size={14} />
        </Button>
      ) : null}
    </div>
  );
});

/**
 * React Aria's Tree is a treegrid; the UI contract (and this list) is a tree, so rows are
 * rendered as treeitems and the single cell inside each becomes presentational.
 */
function unwrapGridCell(row: HTMLDivElement | null) {
  const cell = row?.parentElement;
  if (cell?.getAttribute('role') !== 'gridcell') return;
  cell.setAttribute('role', 'none');
  cell.removeAttribute('aria-colindex');
}
