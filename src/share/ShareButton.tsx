import { Share2 } from 'lucide-react';
import type { Session } from '../app/session';
import { AppDialog } from '../app/AppDialog';
import { ShareDialog } from './ShareDialog';
import './share.css';

/** Toolbar button "Share" opening the share dialog. */
export function ShareButton({ session }: { session: Session }) {
  return (
    <AppDialog
      trigger={
        <>
          <Share2 size={16} aria-hidden="true" />
          Share
        </>
      }
      title="Share"
      modalClassName="pp-share-modal"
      closeLabel="Close"
    >
      {(close) => <ShareDialog session={session} close={close} />}
    </AppDialog>
  );
}
