import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { PreviewPane } from '../run/PreviewPane';

/**
 * The preview pane with the run's state read here, so a change of run state re-renders the
 * pane alone, not the layout around it (the file tree, the editor).
 */
export function LivePreviewPane({
  session,
  attach,
}: {
  session: Session;
  attach(container: HTMLElement): () => void;
}) {
  const state = useStore(session.controller);
  return <PreviewPane attach={attach} state={state} timeline={session.timeline} />;
}
