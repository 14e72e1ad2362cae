import { useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';

/** Renames the open project: through the library once it is saved (so Projects lists the new name), else in the store, which the first save carries. */
async function renameOpenProject(session: Session, name: string): Promise<string | null> {
  const id = session.persistence.library.getState().currentId;
  if (id !== null) return session.persistence.library.rename(id, name);
  const result = session.project.setName(name);
  if (!result.ok) return result.error;
  // Naming it is a deliberate act: saved now, so Projects lists it under that name at once.
  await session.persistence.autosave.flush();
  return null;
}

/**
 * The open project's name in the header, renameable in place: Enter or leaving the field
 * saves, Escape puts the name back. A refused name stays in the field with the reason.
 */
export function ProjectName({ session, readOnly }: { session: Session; readOnly: boolean }) {
  const name = useStore(session.project, (s) => s.project.name);
  // What is being typed; null when not editing, so the field follows the store (another
  // project opened, a rename in the Projects dialog).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = draft ?? name;

  const commit = async () => {
    if (draft === null) return;
    if (draft.trim() === name) {
      setDraft(null);
      return setError(null);
    }
    const refused = await renameOpenProject(session, draft);
    setError(refused);
    // A refused name stays in the field with the reason, so nothing typed is lost.
    if (!refused) setDraft(null);
  };
  return (
    <div className="pp-project-name">
      <TextField
        value={shown}
        isReadOnly={readOnly}
        isInvalid={error !== null}
        onChange={setDraft}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void commit();
          if (e.key === 'Escape') {
            setDraft(null);
            setError(null);
          }
        }}
      >
        <Label className="pp-visually-hidden">Project name</Label>
        <Input className="pp-project-name-input" size={Math.max(6, shown.length)} />
      </TextField>
      {error && (
        <span role="alert" className="pp-project-name-error">
          {error}
        </span>
      )}
    </div>
  );
}
