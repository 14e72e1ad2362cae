import { Lock, TriangleAlert, X } from 'lucide-react';
import { Button } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import './view.css';

/** The notice (a broken link…) and the read-only banner with "Edit a copy". */
export function ViewBanners({ session }: { session: Session }) {
  const { notice, readOnly } = useStore(session.view);
  return (
    <>
      {notice !== null && (
        <div role="alert" className="pp-banner pp-banner--error">
          <TriangleAlert size={16} aria-hidden="true" />
          <span className="pp-banner-text">{notice}</span>
          <Button
            className="pp-button pp-banner-close"
            aria-label="Dismiss"
            onPress={() => session.view.dismissNotice()}
          >
            <X size={14} aria-hidden="true" />
          </Button>
        </div>
      )}
      {readOnly && (
        <div className="pp-banner pp-banner--readonly">
          <Lock size={16} aria-hidden="true" />
          <span className="pp-banner-text">
            Read-only: this shared project can’t be edited here. Make a copy to change it.
          </span>
          <Button
            className="pp-button pp-button--primary"
            onPress={() => session.view.makeEditable()}
          >
            Edit a copy
          </Button>
        </div>
      )}
    </>
  );
}
