import { useState } from 'react';
import { FolderPlus } from 'lucide-react';
import {
  Button,
  Dialog,
  Heading,
  Menu,
  MenuItem,
  MenuTrigger,
  Modal,
  ModalOverlay,
  Popover,
} from 'react-aria-components';
import type { Project } from '../protocol';
import { TEMPLATES } from '../project/templates';

export interface NewProjectMenuProps {
  /** Opens the new project (after the user confirmed). */
  onCreate(project: Project): void;
  /** The open project stays saved in Projects, so nothing is lost (no "replaces" warning). */
  keepsOpenProject?: boolean;
}

/** "New project" menu of templates; asks before replacing the open project. */
export function NewProjectMenu({ onCreate, keepsOpenProject = false }: NewProjectMenuProps) {
  const [chosen, setChosen] = useState<(typeof TEMPLATES)[number] | null>(null);
  return (
    <>
      <MenuTrigger>
        <Button className="pp-button">
          <FolderPlus size={16} aria-hidden="true" />
          New project
        </Button>
        <Popover className="pp-popover" placement="bottom start">
          <Menu
            className="pp-menu"
            aria-label="Templates"
            onAction={(key) => setChosen(TEMPLATES.find((t) => t.id === key) ?? null)}
          >
            {TEMPLATES.map((t) => (
              <MenuItem key={t.id} id={t.id} className="pp-template-item" textValue={t.name}>
                <span className="pp-template-item-title">{t.name}</span>
                <span className="pp-template-item-desc">{t.description}</span>
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <ModalOverlay
        className="pp-modal-overlay"
        isDismissable
        isOpen={chosen !== null}
        onOpenChange={(open) => !open && setChosen(null)}
      >
        <Modal className="pp-modal">
          <Dialog role="alertdialog" className="pp-dialog">
            {({ close }) => (
              <>
                <Heading slot="title">Start a new “{chosen?.name}” project?</Heading>
                <p>
                  {keepsOpenProject
                    ? 'The project open now stays saved in Projects.'
                    : 'This replaces the files that are open now. Download them first to keep them.'}
                </p>
                <div className="pp-dialog-actions">
                  <Button className="pp-button" onPress={close}>
                    Cancel
                  </Button>
                  <Button
                    className="pp-button pp-button--primary"
                    autoFocus
                    onPress={() => {
                      if (chosen) onCreate(chosen.create());
                      close();
                    }}
                  >
                    {keepsOpenProject ? 'Create project' : 'Replace project'}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
