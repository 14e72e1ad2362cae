import { Button } from 'react-aria-components';
import type { Persistence } from '../project/storage/persistence';
import { useStore } from '../ui/useStore';
import { OTHER_TAB_BANNER } from './other-tab-messages';
import './projects.css';

/** Storage failures and the two-tabs notice (this tab is read-only), above the workspace. */
export function PersistenceBanners({ persistence }: { persistence: Persistence }) {
  const { error, conflict } = useStore(persistence.library);
  return (
    <>
      {conflict !== 'none' && (
        <div role="alert" className="pp-banner">
          <p>{OTHER_TAB_BANNER[conflict]}</p>
          <Button
            className="pp-button pp-button--primary"
            isDisabled={conflict === 'taking-over'}
            onPress={() => void persistence.takeOver()}
          >
            Edit here
          </Button>
        </div>
      )}
      {error && (
        <div role="alert" className="pp-banner pp-banner--error">
          <p>{error}</p>
        </div>
      )}
    </>
  );
}
