import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from './IconButton';

export interface AppDialogProps {
  /** What the toolbar button shows (icon and text). */
  trigger: ReactNode;
  /** Accessible name of a button that shows only an icon. */
  triggerLabel?: string;
  /** The dialog's heading and accessible name (docs/architecture.md, "UI names"). */
  title: string;
  /** Sizes the modal for its content (e.g. a wide Share dialog). */
  modalClassName?: string;
  /** Text of the closing button at the bottom ("Close", "Done"). */
  closeLabel: string;
  /** Controlled open state, for dialogs that load data when opened. */
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The dialog's body; `close` closes it (e.g. after opening a project). */
  children: (close: () => void) => ReactNode;
}

/** A toolbar button that opens a modal dialog: the one shell of Settings, Projects and Share. */
export function AppDialog(props: AppDialogProps) {
  return (
    <DialogTrigger isOpen={props.isOpen} onOpenChange={props.onOpenChange}>
      {props.triggerLabel ? (
        <IconButton className="pp-button" label={props.triggerLabel}>
          {props.trigger}
        </IconButton>
      ) : (
        <Button className="pp-button">{props.trigger}</Button>
      )}
      <ModalOverlay className="pp-modal-overlay" isDismissable>
        <Modal className={`pp-modal ${props.modalClassName ?? ''}`}>
          <Dialog className="pp-dialog" aria-label={props.title}>
            {({ close }) => (
              <>
                <Heading slot="title">{props.title}</Heading>
                {props.children(close)}
                <div className="pp-dialog-actions">
                  <Button className="pp-button pp-button--primary" onPress={close}>
                    {props.closeLabel}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
