import { Settings as SettingsIcon } from 'lucide-react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { SettingsStore } from './settings-store';
import { SettingsForm } from './SettingsForm';
import './settings.css';

export interface SettingsButtonProps {
  /** The persisted preferences the dialog edits (every change applies at once). */
  settings: SettingsStore;
}

/** "Settings" button and dialog. */
export function SettingsButton({ settings }: SettingsButtonProps) {
  return (
    <DialogTrigger>
      <Button className="pp-button" aria-label="Settings">
        <SettingsIcon size={16} aria-hidden="true" />
      </Button>
      <ModalOverlay className="pp-modal-overlay" isDismissable>
        <Modal className="pp-modal pp-settings-modal">
          <Dialog className="pp-dialog" aria-label="Settings">
            {({ close }) => (
              <>
                <Heading slot="title">Settings</Heading>
                <SettingsForm store={settings} />
                <div className="pp-dialog-actions">
                  <Button className="pp-button pp-button--primary" onPress={close}>
                    Done
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
