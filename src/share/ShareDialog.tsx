import { useMemo, useState } from 'react';
import { Button, Checkbox, Input, Label, TextArea, TextField } from 'react-aria-components';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import type { Project } from '../protocol';
import type { ProjectStore } from '../project/model/store';
import type { ProjectLibrary } from '../project/storage/library';
import { useStore } from '../ui/useStore';
import { encodeProject } from '../project/share/share-codec';
import { appBase, embedSnippet, LONG_LINK_CHARS, shareUrl } from '../project/share/share-url';
import { useCopy } from './useCopy';
import { OpenLinkField } from './OpenLinkField';
import { FileSelect } from '../files/FileSelect';
import { hasFile } from '../project/model/file-lookup';
import { cutRun, runLinkProblem, type SharedRun } from '../project/share/run-share';
import { RunOption } from './RunOption';

export interface ShareDialogProps {
  /** The open project: what the link carries. */
  store: ProjectStore;
  /** Saved projects: a pasted link opens as a new one. */
  library: Pick<ProjectLibrary, 'create'>;
  /** Closes the dialog (after opening a pasted link). */
  close: () => void;
  /** The current run as a link carries it, read when the dialog opens; null when none. */
  getRun?: () => SharedRun | null;
}

/** The "Share" dialog: the link and its options, an embed snippet, and opening a pasted link. */
export function ShareDialog({ store, library, close, getRun }: ShareDialogProps) {
  const { project, activePath } = useStore(store);
  const [readOnly, setReadOnly] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const open =
    chosen !== null && hasFile(project.files, chosen) ? chosen : (activePath ?? project.entry);
  // The run as it was when the dialog opened: the link stays the same while it is open.
  const [snapshot] = useState(() => getRun?.() ?? null);
  const [includeRun, setIncludeRun] = useState(false);
  const [cut, setCut] = useState(false);
  const run = useMemo(
    () => (includeRun && snapshot ? (cut ? cutRun(snapshot, snapshot.tick) : snapshot) : undefined),
    [includeRun, snapshot, cut],
  );
  const fragment = useMemo(
    () => encodeProject(project, { open, ...(run ? { run } : {}) }),
    [project, open, run],
  );
  const base = appBase(window.location.href);
  const link = shareUrl(base, fragment, { readOnly });
  const refused = run ? runLinkProblem(run, link.length) : null;
  const embed = embedSnippet(
    shareUrl(base, fragment, { readOnly, embed: true }),
    `${project.name} — Playpen`,
  );
  const { state: copy, copy: copyText } = useCopy();

  // Saved as a new project (pending edits of the open one are saved first), so the open
  // project stays in Projects as it was; read-only ends with the load (read-only-scope.ts).
  const openProject = async (next: Project, path: string | undefined, close: () => void) => {
    close();
    await library.create(next);
    if (path) store.setActive(path);
  };

  return (
    <>
      <p className="pp-share-hint">
        The whole project travels inside the link (after “#”), so it is never sent to a server.
      </p>
      <div className="pp-share-options">
        <Checkbox className="pp-checkbox" isSelected={readOnly} onChange={setReadOnly}>
          <span className="pp-checkbox-box" aria-hidden="true">
            {readOnly && <Check size={12} />}
          </span>
          Read-only link
        </Checkbox>
        <FileSelect
          label="File to open"
          className="pp-share-select"
          paths={Object.keys(project.files)}
          selected={open}
          onSelect={setChosen}
        />
      </div>
      <RunOption
        snapshot={snapshot}
        included={includeRun}
        onInclude={setIncludeRun}
        run={run}
        refused={refused}
        onCut={() => setCut(true)}
      />
      <div className="pp-share-section">
        <TextField className="pp-share-field" value={refused ? '' : link} isReadOnly>
          <Label>Link</Label>
          <Input className="pp-share-input" onFocus={(e) => e.currentTarget.select()} />
        </TextField>
        <div className="pp-share-row">
          <span className="pp-share-length">{link.length.toLocaleString('en')} characters</span>
          <Button
            className="pp-button pp-button--primary"
            isDisabled={refused !== null}
            onPress={() => void copyText(link)}
          >
            <Copy size={14} aria-hidden="true" />
            Copy link
          </Button>
          <span aria-live="polite" className="pp-share-copied">
            {copy.kind === 'copied' ? 'Copied' : ''}
          </span>
        </div>
        {copy.kind === 'failed' && (
          <p role="alert" className="pp-share-error">
            {copy.error}
          </p>
        )}
        {link.length > LONG_LINK_CHARS && (
          <p role="status" className="pp-share-warning">
            <TriangleAlert size={14} aria-hidden="true" />
            This link is over {LONG_LINK_CHARS.toLocaleString('en')} characters: some chat apps and
            mail clients cut long links, which breaks them. Use “Download project” for big projects.
          </p>
        )}
      </div>
      <TextField
        className="pp-share-section pp-share-field"
        value={refused ? '' : embed}
        isReadOnly
      >
        <Label>Embed code</Label>
        <TextArea className="pp-share-input" rows={3} onFocus={(e) => e.currentTarget.select()} />
      </TextField>
      <OpenLinkField onOpen={(next, path) => void openProject(next, path, close)} />
    </>
  );
}
