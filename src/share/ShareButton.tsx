import { Share2 } from 'lucide-react';
import { AppDialog } from '../ui/AppDialog';
import { ShareDialog, type ShareDialogProps } from './ShareDialog';
import './share.css';

/** Toolbar button "Share" opening the share dialog. */
export function ShareButton({ store, library, getRun }: Omit<ShareDialogProps, 'close'>) {
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
      {(close) => <ShareDialog store={store} library={library} close={close} getRun={getRun} />}
    </AppDialog>
  );
}
