import { Share2 } from 'lucide-react';
import { Button, DialogTrigger, Modal, ModalOverlay } from 'react-aria-components';
import type { Session } from '../app/session';
import { ShareDialog } from './ShareDialog';
import './share.css';

/** Toolbar button "Share" opening the share dialog. */
export function ShareButton({ session }: { session: Session }) {
  return (
    <DialogTrigger>
      <Button className="pp-button">
        <Share2 size={16} aria-hidden="true" />
        Share
      </Button>
      <ModalOverlay className="pp-share-overlay" isDismissable>
        <Modal className="pp-share-modal">
          <ShareDialog session={session} />
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
