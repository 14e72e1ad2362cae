import { Dialog, Heading, Modal, ModalOverlay, Button } from 'react-aria-components';
import { useStore } from '../../ui/useStore';
import type { KeyboardStore } from './keyboard-store';
import { shortcutLines } from './shortcut-list';
import './keyboard.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The "Keyboard shortcuts" dialog (DESIGN.md §4), opened by `?` or its button. */
export function KeyboardShortcutsDialog({ keys }: { keys: KeyboardStore }) {
  const open = useStore(keys, (s) => s.shortcutsOpen);
  return (
    <ModalOverlay
      className="pp-modal-overlay"
      isDismissable
      isOpen={open}
      onOpenChange={keys.setShortcutsOpen}
    >
      <Modal className="pp-modal pp-shortcuts-modal">
        <Dialog className="pp-dialog" aria-label="Keyboard shortcuts">
          {({ close }) => (
            <>
              <Heading slot="title">Keyboard shortcuts</Heading>
              <table className="pp-shortcuts-table">
                <thead>
                  <tr>
                    <th scope="col">Keys</th>
                    <th scope="col">Does</th>
                    <th scope="col">Where</th>
                  </tr>
                </thead>
                <tbody>
                  {shortcutLines(isMac).map((line) => (
                    <tr key={line.keys}>
                      <td>
                        <kbd>{line.keys}</kbd>
                      </td>
                      <td>{line.does}</td>
                      <td>{line.where}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="pp-dialog-actions">
                <Button className="pp-button pp-button--primary" onPress={close}>
                  Close
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
