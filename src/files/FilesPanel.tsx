import { X } from 'lucide-react';
import { Button } from 'react-aria-components';
import { DropArea } from './DropArea';
import type { ProjectStore } from '../project/model/store';
import { ClashDialog } from './ClashDialog';
import { dropToItems } from './drop-items';
import { FileTree, type FileTreeProps } from './FileTree';
import { UploadButtons } from './UploadButtons';
import { useUpload } from './useUpload';
import { DEFAULT_LIMITS } from '../project/import/import-limits';
import './upload.css';

/** The file tree with uploads: toolbar buttons, drag-and-drop onto the tree, and messages. */
export function FilesPanel(props: FileTreeProps & { store: ProjectStore }) {
  const upload = useUpload(props.store);
  const tree = (
    <FileTree
      {...props}
      toolbarExtra={
        <UploadButtons onItems={(i) => void upload.start(i)} isDisabled={upload.busy} />
      }
    />
  );
  return (
    <div className="pp-files-panel">
      {upload.errors ? (
        <div className="pp-notice pp-upload-errors" role="alert">
          <div>
            <strong>Nothing was uploaded:</strong>
            <ul>
              {upload.errors.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          </div>
          <Button className="pp-icon-button" aria-label="Dismiss" onPress={upload.dismiss}>
            <X aria-hidden size={14} />
          </Button>
        </div>
      ) : null}
      {upload.done ? (
        <div className="pp-notice pp-upload-done" role="status">
          <span>{upload.done}</span>
          <Button className="pp-icon-button" aria-label="Dismiss" onPress={upload.dismiss}>
            <X aria-hidden size={14} />
          </Button>
        </div>
      ) : null}
      {props.readOnly ? (
        tree
      ) : (
        <DropArea onDrop={(e) => void upload.start(dropToItems(e.items, DEFAULT_LIMITS.maxFiles))}>
          {tree}
          <div className="pp-drop-hint" aria-hidden>
            Drop files, folders or a zip to upload
          </div>
        </DropArea>
      )}
      <ClashDialog paths={upload.clashes} onChoose={upload.choose} />
    </div>
  );
}
