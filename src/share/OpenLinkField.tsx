import { useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import type { Project } from '../protocol';
import { decodeLink } from '../project/share/open-link';

export interface OpenLinkFieldProps {
  /** Replaces the open project with the link's; `open` is the file to show. */
  onOpen(project: Project, open?: string): void;
}

/** Paste a Playpen or TypeScript Playground link and open its project. */
export function OpenLinkField({ onOpen }: OpenLinkFieldProps) {
  // Folded by default, so the dialog's only textbox named like "Link" is the link itself.
  const [expanded, setExpanded] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    const result = decodeLink(value);
    if (!result.ok) return setError(result.error);
    setError(null);
    onOpen(result.project, result.options.open);
  };
  const Chevron = expanded ? ChevronDown : ChevronRight;
  const toggle = (
    <Button
      className="pp-button pp-share-disclosure"
      aria-expanded={expanded}
      onPress={() => setExpanded(!expanded)}
    >
      <Chevron size={14} aria-hidden="true" />
      Import a project from a link…
    </Button>
  );
  if (!expanded) return <div className="pp-share-section">{toggle}</div>;
  return (
    <div className="pp-share-section">
      {toggle}
      <div className="pp-share-row">
        <TextField className="pp-share-field" value={value} onChange={setValue}>
          <Label>Open link</Label>
          <Input
            autoFocus
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
        A Playpen link or a TypeScript Playground link. It opens as a new project; the one open now
        stays in Projects.
      </p>
      {error && (
        <p role="alert" className="pp-share-error">
          {error}
        </p>
      )}
    </div>
  );
}
