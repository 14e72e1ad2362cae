import { FileSelect } from '../files/FileSelect';
import type { ProjectStore } from '../project/model/store';
import { useStore } from '../ui/useStore';

/** The embed has no file tree: this picks which of the project's files the editor shows. */
export function EmbedFilePicker({ store }: { store: ProjectStore }) {
  const paths = useStore(store, (s) => s.paths);
  const activePath = useStore(store, (s) => s.activePath);
  return (
    <FileSelect
      label="File"
      className="pp-embed-file"
      labelClassName="pp-embed-file-label"
      paths={paths}
      selected={activePath}
      onSelect={(path) => store.setActive(path)}
    />
  );
}
