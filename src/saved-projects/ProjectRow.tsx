import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import type { ProjectLibrary } from '../project/storage/library';
import type { ProjectSummary } from '../project/storage/types';

export interface ProjectRowProps {
  /** The saved project shown. */
  project: ProjectSummary;
  /** It is the project open in the editor. */
  isOpen: boolean;
  library: ProjectLibrary;
  /** Called after Open loaded it (the dialog closes). */
  onOpened(): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One saved project: name, last change, Open / Rename / Duplicate / Delete. */
export function ProjectRow({ project, isOpen, library, onOpened }: ProjectRowProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const message = await library.rename(project.id, name);
    setError(message);
    if (!message) setEditing(false);
  };

  return (
    <li className="pp-projects-row" aria-label={project.name}>
      {editing ? (
        <form
          className="pp-projects-rename"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            value={name}
            onChange={setName}
            autoFocus
            isInvalid={error !== null}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
          >
            <Label className="pp-visually-hidden">Project name</Label>
            <Input className="pp-input" />
          </TextField>
          <Button type="submit" className="pp-button pp-button--primary">
            Save
          </Button>
          <Button className="pp-button" onPress={() => setEditing(false)}>
            Cancel
          </Button>
          {error && (
            <span role="alert" className="pp-field-error">
              {error}
            </span>
          )}
        </form>
      ) : (
        <div className="pp-projects-info">
          <span className="pp-projects-name">{project.name}</span>
          {isOpen && <span className="pp-projects-badge">open</span>}
          <time className="pp-projects-time" dateTime={new Date(project.updatedAt).toISOString()}>
            {timeFormat.format(project.updatedAt)}
          </time>
        </div>
      )}
      {!editing && (
        <div className="pp-projects-actions">
          <Button
            className="pp-button"
            isDisabled={isOpen}
            onPress={() => void library.open(project.id).then(onOpened)}
          >
            Open
          </Button>
          <Button
            className="pp-button"
            onPress={() => {
              setName(project.name);
              setError(null);
              setEditing(true);
            }}
          >
            Rename
          </Button>
          <Button className="pp-button" onPress={() => void library.duplicate(project.id)}>
            Duplicate
          </Button>
          <Button className="pp-button" onPress={() => void library.remove(project.id)}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
