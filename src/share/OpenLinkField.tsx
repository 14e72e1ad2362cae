import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import type { Project } from '../protocol';
import { decodeLink } from '../project/open-link';

export interface OpenLinkFieldProps {
  /** Replaces the open project with the link's; `open` is the file to show. */
  onOpen(project: Project, open?: string): void;
}

/** Paste a Playpen or TypeScript Playground link and open its project. */
export function OpenLinkField({ onOpen }: OpenLinkFieldProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    const result = decodeLink(value);
    if (!result.ok) return setError(result.error);
    setError(null);
    onOpen(result.project, result.options.open);
  };
  return (
    <div className="pp-share-section">
      <div className="pp-share-row">
        <TextField className="pp-share-field" value={value} onChange={setValue}>
          <Label>Open link</Label>
          <Input
            className="pp-share-input"
            placeholder="https://…#code/…"
            onKeyDown={(e) => e.key === 'Enter' && open()}
          />
        </TextField>
        <Button className="pp-button" onPress={open}>
          Open link
        </Button>
      </div>
      <p className="pp-share-hint">
        A Playpen link or a TypeScript Playground link. It replaces the open project.
      </p>
      {error && (
        <p role="alert" className="pp-share-error">
          {error}
        </p>
      )}
    </div>
  );
}
