import { Button } from 'react-aria-components';
import { X } from 'lucide-react';
import { useStore } from '../../ui/useStore';
import type { PackageTypes } from './package-types-client';

const list = (names: string[]) =>
  names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Progress of type acquisition ("Fetching types for fflate…") and, for a package without
 * types, why: a notice that blocks nothing (the package still runs) and can be dismissed.
 */
export function PackageTypesNotice({ packageTypes }: { packageTypes: PackageTypes }) {
  const fetching = useStore(packageTypes.status, (s) => s.fetching);
  const failed = useStore(packageTypes.status, (s) => s.failed);
  return (
    <>
      <div className="pp-types-progress" role="status" aria-label="Package types">
        {fetching.length ? `Fetching types for ${list(fetching)}…` : ''}
      </div>
      {Object.entries(failed).map(([name, message]) => (
        <div key={name} className="pp-notice pp-types-failed" role="status">
          <span>{message}</span>
          <Button
            className="pp-icon-button"
            aria-label={`Dismiss the message about ${name}`}
            onPress={() => packageTypes.dismiss(name)}
          >
            <X aria-hidden size={14} />
          </Button>
        </div>
      ))}
    </>
  );
}
