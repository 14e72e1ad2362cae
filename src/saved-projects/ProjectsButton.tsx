import { useEffect, useState } from 'react';
import { FolderOpen } from 'lucide-react';
import { AppDialog } from '../ui/AppDialog';
import type { ProjectLibrary } from '../project/storage/library';
import { useStore } from '../ui/useStore';
import { ProjectRow } from './ProjectRow';
import { UndoDelete } from './UndoDelete';
import './projects.css';

export interface ProjectsButtonProps {
  /** Saved projects and their actions. */
  library: ProjectLibrary;
}

/** "Projects" button and dialog: open, rename, duplicate, delete (with undo) saved projects. */
export function ProjectsButton({ library }: ProjectsButtonProps) {
  const [open, setOpen] = useState(false);
  const state = useStore(library);
  useEffect(() => {
    if (open) void library.refresh();
  }, [open, library]);
  return (
    <>
      <AppDialog
        trigger={
          <>
            <FolderOpen size={16} aria-hidden="true" />
            Projects
          </>
        }
        title="Projects"
        modalClassName="pp-projects-modal"
        closeLabel="Close"
        isOpen={open}
        onOpenChange={setOpen}
      >
        {(close) => (
          <>
            {state.projects.length === 0 ? (
              <p className="pp-projects-empty">
                No saved projects yet. Projects are saved here as soon as you edit them.
              </p>
            ) : (
              <ul className="pp-projects-list" aria-label="Saved projects">
                {state.projects.map((p) => (
                  <ProjectRow
                    key={p.id}
                    project={p}
                    isOpen={p.id === state.currentId}
                    library={library}
                    onOpened={close}
                  />
                ))}
              </ul>
            )}
            {/* Inside the dialog while it is open: outside content is hidden from it. */}
            <UndoDelete library={library} />
          </>
        )}
      </AppDialog>
      {!open && <UndoDelete library={library} floating />}
    </>
  );
}
