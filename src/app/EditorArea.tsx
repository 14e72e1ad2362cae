import { useMemo } from 'react';
import type { Session } from './session';
import { shallowEqual, useStore } from './useStore';
import { CodeEditor, type FileSource } from '../editor/CodeEditor';
import { BinaryPreview } from '../files/BinaryPreview';
import { useEditorSettings } from '../settings/useEditorSettings';
import { editorSlice } from './editor-slice';

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
  /** Refuses edits (a read-only link). */
  readOnly?: boolean;
}

/** Monaco for text files, a preview for binary ones. */
export function EditorArea({ session, reveal, readOnly }: EditorAreaProps) {
  const store = session.project;
  // Not the files: typing changes the active file's object, and must not re-render this.
  const { activePath, binary, isText, loads } = useStore(store, editorSlice, shallowEqual);
  const diagnostics = useStore(session.controller, (s) => s.diagnostics);
  const files = useMemo<FileSource>(
    () => ({ getFiles: () => store.getState().project.files, subscribe: store.subscribe }),
    [store],
  );
  const editorSettings = useEditorSettings(session.settings);
  return (
    <div className="pp-editor-area">
      <div className="pp-editor-tab">{activePath ?? 'No file open'}</div>
      {binary && activePath && <BinaryPreview path={activePath} file={binary} />}
      <div className="pp-editor-host" hidden={binary !== null}>
        <CodeEditor
          files={files}
          activePath={isText ? activePath : null}
          onChange={(path, text) => store.setText(path, text)}
          diagnostics={diagnostics}
          readOnly={readOnly}
          reveal={reveal ?? undefined}
          onRunShortcut={() => void session.controller.run()}
          {...editorSettings}
          // Each loaded project gets fresh models: undo must not step back into another project.
          projectId={String(loads)}
        />
      </div>
    </div>
  );
}
