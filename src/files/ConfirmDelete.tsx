import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './overlays.css';

export interface ConfirmDeleteProps {
  /** The file or folder to delete; null keeps the dialog closed. */
  target: { path: string; kind: 'file' | 'folder'; count: number } | null;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before deleting: there is no undo for a deleted file. */
export function ConfirmDelete({ target, onConfirm, onCancel }: ConfirmDeleteProps) {
  return (
    <ModalOverlay
      isOpen={target !== null}
      onOpenChange={(open) => !open && onCancel()}
      isDismissable
      className="pp-modal-overlay"
    >
      <Modal className="pp-modal">
        <Dialog role="alertdialog" className="pp-dialog">
          {target ? (
            <>
              <Heading slot="title">Delete {target.path}?</Heading>
              <p>
                {target.kind === 'folder'
                  ? `The folder and the ${target.count} ${target.count === 1 ? 'file' : 'files'} in it will be deleted.`
                  : 'The file will be deleted.'}{' '}
                This can’t be undone.
              </p>
              <div className="pp-dialog-actions">
                <Button className="pp-button" onPress={onCancel}>
                  Cancel
                </Button>
                <Button className="pp-button pp-danger" onPress={onConfirm} autoFocus>
                  Delete
                </Button>
              </div>
            </>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
