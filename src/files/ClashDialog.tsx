import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ClashChoice } from '../project/import/import-plan';
import './overlays.css';

export interface ClashDialogProps {
  /** Existing paths the upload would overwrite; null keeps the dialog closed. */
  paths: string[] | null;
  onChoose(choice: ClashChoice | 'cancel'): void;
}

const SHOWN = 8;

/** Asks what to do when uploaded files have the names of files already in the project. */
export function ClashDialog({ paths, onChoose }: ClashDialogProps) {
  return (
    <ModalOverlay
      isOpen={paths !== null}
      onOpenChange={(open) => !open && onChoose('cancel')}
      isDismissable
      className="pp-modal-overlay"
    >
      <Modal className="pp-modal">
        <Dialog role="alertdialog" className="pp-dialog">
          {paths ? (
            <>
              <Heading slot="title">
                {paths.length === 1
                  ? '1 file already exists'
                  : `${paths.length} files already exist`}
              </Heading>
              <ul className="pp-clash-list">
                {paths.slice(0, SHOWN).map((p) => (
                  <li key={p}>{p}</li>
                ))}
                {paths.length > SHOWN ? <li>…and {paths.length - SHOWN} more</li> : null}
              </ul>
              <p>
                Replace them with the uploaded files, or keep both (uploaded ones get “ (1)” added)?
              </p>
              <div className="pp-dialog-actions">
                <Button className="pp-button" onPress={() => onChoose('cancel')}>
                  Cancel
                </Button>
                {/* Focus starts on the choice that loses nothing, not on Replace. */}
                <Button className="pp-button" onPress={() => onChoose('keep-both')} autoFocus>
                  Keep both
                </Button>
                <Button className="pp-button pp-danger" onPress={() => onChoose('replace')}>
                  Replace
                </Button>
              </div>
            </>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
