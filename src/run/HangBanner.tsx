import { TriangleAlert } from 'lucide-react';
import { Button } from 'react-aria-components';
import { useStore } from '../ui/useStore';
import type { HangWatch } from './hang-watch';
import './hang-banner.css';

export const HANG_BANNER_TEXT =
  'Auto-run is off: the last run stopped responding (possible infinite loop). Check your code, then press Run.';

/** Says why the page opened without running the project, after a run hung (hang-watch.ts). */
export function HangBanner({ watch }: { watch: HangWatch }) {
  const { banner } = useStore(watch);
  if (!banner) return null;
  return (
    <div className="pp-hang-banner" role="alert">
      <TriangleAlert size={16} aria-hidden="true" className="pp-hang-banner-icon" />
      <span className="pp-hang-banner-text">{HANG_BANNER_TEXT}</span>
      <Button className="pp-button" onPress={() => watch.runAnyway()}>
        Run anyway
      </Button>
      <Button className="pp-button" onPress={() => watch.dismiss()}>
        Dismiss
      </Button>
    </div>
  );
}
