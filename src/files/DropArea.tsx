import { useRef, type ReactNode } from 'react';
import { useDrop, type DropItem } from 'react-aria-components';

export interface DropAreaProps {
  /** Called with what was dropped. */
  onDrop(event: { items: DropItem[] }): void;
  children: ReactNode;
}

/**
 * Files dropped from the desktop onto the tree. Not react-aria's DropZone: that adds a hidden
 * button named "Drop files to upload", a tab stop that does nothing for keyboard users (the
 * Upload buttons are their way in). Mouse drops only, so no focus stop at all.
 */
export function DropArea({ onDrop, children }: DropAreaProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { dropProps, isDropTarget } = useDrop({ ref, onDrop });
  return (
    <div
      {...dropProps}
      ref={ref}
      className="pp-drop-zone"
      data-drop-target={isDropTarget || undefined}
    >
      {children}
    </div>
  );
}
