import { Button } from 'react-aria-components';
import type { Persistence } from '../project/storage/persistence';
import { useStore } from '../ui/useStore';
import './projects.css';

const CONFLICT_TEXT = {
  'open-elsewhere':
    'This project is open in another tab. To keep the two from overwriting each other, changes here are not saved.',
  'taken-over':
    'This project is now being edited in another tab. Changes here are no longer saved.',
} as const;

/** Storage failures and the two-tabs warning, above the workspace. */
export function PersistenceBanners({ persistence }: { persistence: Persistence }) {
  const { error, conflict } = useStore(persistence.library);
  return (
    <>
      {conflict !== 'none' && (
        <div role="alert" className="pp-banner">
          <p>{CONFLICT_TEXT[conflict]}</p>
          <Button className="pp-button pp-button--primary" onPress={() => persistence.takeOver()}>
            Use this tab
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
