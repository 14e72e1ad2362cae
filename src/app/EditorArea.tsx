import { useCallback, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { WandSparkles, X } from 'lucide-react';
import { prettierParserFor } from '../format/parsers';
import { findPrettierConfig } from '../format/prettier-config';
import type { Session } from './session';
import { shallowEqual, useStore } from '../ui/useStore';
import { CodeEditor, type FileSource } from '../editor/CodeEditor';
import { PackageTypesNotice } from '../editor/package-types/PackageTypesNotice';
import { BinaryPreview } from '../files/BinaryPreview';
import { useEditorSettings } from '../settings/useEditorSettings';
import { editorSlice } from './editor-slice';
import { toDiagnostics } from '../problems/problem-list';
import { createEditorSource } from '../probes/editor-source';

/** Where to move the editor's cursor (a console location was clicked). */
export interface RevealTarget {
  path: string;
  line: number;
  column: number;
  /** Changes on every request so revealing the same place twice works. */
  nonce: number;
}

export interface EditorAreaProps {
  session: Session;
  reveal: RevealTarget | null;
  /** Refuses edits (a read-only link, or another tab edits the project). */
  readOnly?: boolean;
  /** Why edits are refused, when not a read-only link (markdown). */
  readOnlyMessage?: string;
  /** Ctrl/Cmd+S in the editor (after format-on-save): saves and says so; a plain flush without it. */
  onSave?: () => void;
}

/** Monaco for text files, a preview for binary ones. */
export function EditorArea({
  session,
  reveal,
  readOnly,
  readOnlyMessage,
  onSave,
}: EditorAreaProps) {
  const store = session.project;
  // Not the files: typing changes the active file's object, and must not re-render this.
  const { activePath, binary, isText, loads } = useStore(store, editorSlice, shallowEqual);
  const diagnostics = useStore(session.controller, (s) => s.diagnostics);
  const runtimeErrors = useStore(session.problems, (s) => s.runtime);
  const runtimeMarks = useMemo(() => toDiagnostics(runtimeErrors), [runtimeErrors]);
  const files = useMemo<FileSource>(
    () => ({
      getFiles: () => store.getState().project.files,
      subscribe: store.subscribe,
      getProjectId: () => String(store.getState().loads),
    }),
    [store],
  );
  const editorSettings = useEditorSettings(session.settings);
  const annotations = useMemo(
    () => createEditorSource(session.askPast, store, session.timeline),
    [session, store],
  );
  const [formatRequest, setFormatRequest] = useState(0);
  const [formatError, setFormatError] = useState<string | null>(null);
  const format = useCallback(
    (path: string, text: string, tabWidth: number, offsets: number[]) => {
      setFormatError(null);
      const config = findPrettierConfig(store.getState().project.files);
      return session.format.format({ path, text, tabWidth, config, offsets });
    },
    [session, store],
  );
  const canFormat = isText && !readOnly && activePath !== null && !!prettierParserFor(activePath);
  return (
    <div className="pp-editor-area">
      <div className="pp-editor-bar">
        <div className="pp-editor-tab">{activePath ?? 'No file open'}</div>
        <Button
          className="pp-button pp-button--small"
          isDisabled={!canFormat}
          onPress={() => setFormatRequest((n) => n + 1)}
        >
          <WandSparkles aria-hidden size={14} />
          Format
        </Button>
      </div>
      {formatError ? (
        <div className="pp-notice pp-format-error" role="alert">
          <span>{formatError}</span>
          <Button
            className="pp-icon-button"
            aria-label="Dismiss"
            onPress={() => setFormatError(null)}
          >
            <X aria-hidden size={14} />
          </Button>
        </div>
      ) : null}
      <PackageTypesNotice packageTypes={session.packageTypes} />
      {binary && activePath && <BinaryPreview path={activePath} file={binary} />}
      <div className="pp-editor-host" hidden={binary !== null}>
        <CodeEditor
          files={files}
          activePath={isText ? activePath : null}
          onChange={(path, text) => store.setText(path, text)}
          diagnostics={diagnostics}
          runtimeErrors={runtimeMarks}
          onTypeProblems={session.problems.setTypes}
          readOnly={readOnly}
          readOnlyMessage={readOnlyMessage}
          reveal={reveal ?? undefined}
          onRunShortcut={() => void session.controller.run()}
          {...editorSettings}
          // Each loaded project gets fresh models: undo must not step back into another project.
          projectId={String(loads)}
          format={format}
          onFormatFailed={(result) => setFormatError(result.error)}
          formatRequest={formatRequest}
          onSave={onSave ?? (() => void session.persistence.autosave.flush())}
          onShown={session.editorShown}
          packageTypes={session.packageTypes}
          annotations={annotations}
        />
      </div>
    </div>
  );
}
