import { ChevronDown } from 'lucide-react';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';

export interface FileSelectProps {
  /** The visible label (also the select's accessible name). */
  label: string;
  /** Class of the select, for where it sits (toolbar, dialog). */
  className: string;
  /** Class of the label, when it is styled apart. */
  labelClassName?: string;
  /** The project's file paths, in any order (listed sorted). */
  paths: readonly string[];
  /** The file shown as chosen (none while null). */
  selected: string | null;
  /** A file was chosen. */
  onSelect(path: string): void;
}

/** A drop-down of the project's files (the embed's file switch, the share link's file to open). */
export function FileSelect({
  label,
  className,
  labelClassName,
  paths,
  selected,
  onSelect,
}: FileSelectProps) {
  return (
    <Select
      className={className}
      selectedKey={selected}
      onSelectionChange={(key) => {
        if (key !== null) onSelect(String(key));
      }}
    >
      <Label className={labelClassName}>{label}</Label>
      <Button className="pp-button">
        <SelectValue />
        <ChevronDown size={14} aria-hidden="true" />
      </Button>
      <Popover className="pp-popover">
        <ListBox className="pp-menu" items={[...paths].sort().map((id) => ({ id }))}>
          {(item) => (
            <ListBoxItem className="pp-menu-item" id={item.id}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
