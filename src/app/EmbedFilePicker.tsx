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
import type { ProjectStore } from '../project/store';
import { useStore } from './useStore';

/** The embed has no file tree: this picks which of the project's files the editor shows. */
export function EmbedFilePicker({ store }: { store: ProjectStore }) {
  const { project, activePath } = useStore(store);
  const paths = Object.keys(project.files).sort();
  return (
    <Select
      className="pp-embed-file"
      selectedKey={activePath}
      onSelectionChange={(key) => {
        if (key !== null) store.setActive(String(key));
      }}
    >
      <Label className="pp-embed-file-label">File</Label>
      <Button className="pp-button">
        <SelectValue />
        <ChevronDown size={14} aria-hidden="true" />
      </Button>
      <Popover className="pp-popover">
        <ListBox className="pp-menu" items={paths.map((id) => ({ id }))}>
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
