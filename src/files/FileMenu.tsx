import { FilePlus, FolderPlus, Pencil, Play, Trash } from 'lucide-react';
import type { RefObject } from 'react';
import { Menu, MenuItem, Popover, Text } from 'react-aria-components';
import './overlays.css';

export type FileMenuAction = 'rename' | 'delete' | 'new-file' | 'new-folder' | 'set-entry';

export interface FileMenuProps {
  /** The item the menu acts on; null keeps it closed. */
  target: { path: string; kind: 'file' | 'folder'; canBeEntry: boolean } | null;
  /** The row the menu opens next to. */
  anchor: RefObject<Element | null>;
  onAction(action: FileMenuAction): void;
  onClose(): void;
}

/** The context menu of a tree row (right click, Shift+F10 or the context-menu key). */
export function FileMenu({ target, anchor, onAction, onClose }: FileMenuProps) {
  return (
    <Popover
      triggerRef={anchor}
      isOpen={target !== null}
      onOpenChange={(open) => !open && onClose()}
      placement="bottom start"
      className="pp-popover"
      aria-label={target ? `Actions for ${target.path}` : undefined}
    >
      {target ? (
        <Menu
          aria-label={`Actions for ${target.path}`}
          autoFocus="first"
          className="pp-menu"
          onAction={(key) => onAction(key as FileMenuAction)}
          disabledKeys={target.canBeEntry ? [] : ['set-entry']}
        >
          <MenuItem id="new-file" textValue="New file here" className="pp-menu-item">
            <FilePlus aria-hidden size={15} />
            <Text slot="label">New file here</Text>
          </MenuItem>
          <MenuItem id="new-folder" textValue="New folder here" className="pp-menu-item">
            <FolderPlus aria-hidden size={15} />
            <Text slot="label">New folder here</Text>
          </MenuItem>
          <MenuItem id="rename" textValue="Rename" className="pp-menu-item">
            <Pencil aria-hidden size={15} />
            <Text slot="label">Rename</Text>
            <KeyHint keys="F2" />
          </MenuItem>
          <MenuItem id="delete" textValue="Delete" className="pp-menu-item">
            <Trash aria-hidden size={15} />
            <Text slot="label">Delete</Text>
            <KeyHint keys="Del" />
          </MenuItem>
          {target.kind === 'file' ? (
            <MenuItem id="set-entry" textValue="Set as entry" className="pp-menu-item">
              <Play aria-hidden size={15} />
              <Text slot="label">Set as entry</Text>
            </MenuItem>
          ) : null}
        </Menu>
      ) : null}
    </Popover>
  );
}

/**
 * The key shown at the end of a menu item, drawn by CSS: as text it would make the item's
 * visible label ("Rename F2") differ from its name ("Rename"), which fails WCAG 2.5.3.
 */
function KeyHint({ keys }: { keys: string }) {
  return <kbd className="pp-menu-key" data-keys={keys} aria-hidden />;
}
