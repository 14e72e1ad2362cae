import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { PreviewPane } from '../run/PreviewPane';
import { RuntimeErrorOverlay } from '../problems/RuntimeErrorOverlay';
import type { OpenLocation } from '../problems/open-location';

/**
 * The preview pane with the run's state read here, so a change of run state re-renders the
 * pane alone, not the layout around it (the file tree, the editor).
 */
export function LivePreviewPane({
  session,
  attach,
  onOpenLocation,
}: {
  session: Session;
  attach(container: HTMLElement): () => void;
  /** Opens an error's place in the editor (absent: the place shows as text). */
  onOpenLocation?: OpenLocation;
}) {
  const hung = useStore(session.controller, (s) => s.status === 'not-responding');
  return (
    <PreviewPane attach={attach} hung={hung} timeline={session.timeline}>
      <RuntimeErrorOverlay problems={session.problems} onOpenLocation={onOpenLocation} />
    </PreviewPane>
  );
}
