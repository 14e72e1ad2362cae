import { FileSelect } from '../files/FileSelect';
import type { ProjectStore } from '../project/store';
import { useStore } from './useStore';

/** The embed has no file tree: this picks which of the project's files the editor shows. */
export function EmbedFilePicker({ store }: { store: ProjectStore }) {
  const { project, activePath } = useStore(store);
  return (
    <FileSelect
      label="File"
      className="pp-embed-file"
      labelClassName="pp-embed-file-label"
      paths={Object.keys(project.files)}
      selected={activePath}
      onSelect={(path) => store.setActive(path)}
    />
  );
}
