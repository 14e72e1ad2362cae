import { Button } from 'react-aria-components';
import type { ProjectLibrary } from '../project/storage/library';
import { useStore } from '../ui/useStore';

export interface UndoDeleteProps {
  library: ProjectLibrary;
  /** Shown at the bottom of the window (the Projects dialog is closed). */
  floating?: boolean;
}

/** "Deleted “name”. Undo" for a few seconds after a project is deleted. */
export function UndoDelete({ library, floating = false }: UndoDeleteProps) {
  const { deleted } = useStore(library);
  return (
    <div role="status" className={floating ? 'pp-toast' : 'pp-projects-undo'} hidden={!deleted}>
      {deleted && (
        <>
          <span>Deleted “{deleted.name}”.</span>
          <Button className="pp-button" onPress={() => void library.undoRemove()}>
            Undo
          </Button>
        </>
      )}
    </div>
  );
}
