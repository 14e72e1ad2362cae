import type { Diagnostic } from '../protocol';
import type { Session } from './session';
import { useStore } from './useStore';
import { CodeEditor } from '../editor/CodeEditor';
import { BinaryPreview } from '../files/BinaryPreview';
import { useEditorSettings } from '../settings/useEditorSettings';

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
  /** Build diagnostics shown as markers. */
  diagnostics: Diagnostic[];
  reveal: RevealTarget | null;
  /** Refuses edits (a read-only link). */
  readOnly?: boolean;
}

/** Monaco for text files, a preview for binary ones. */
export function EditorArea({ session, diagnostics, reveal, readOnly }: EditorAreaProps) {
  const { project, activePath, loads } = useStore(session.project);
  const active = activePath ? project.files[activePath] : undefined;
  const editorSettings = useEditorSettings(session.settings);
  return (
    <div className="pp-editor-area">
      <div className="pp-editor-tab">{activePath ?? 'No file open'}</div>
      {active?.kind === 'binary' && activePath && <BinaryPreview path={activePath} file={active} />}
      <div className="pp-editor-host" hidden={active?.kind === 'binary'}>
        <CodeEditor
          files={project.files}
          activePath={active?.kind === 'text' ? activePath : null}
          onChange={(path, text) => session.project.setText(path, text)}
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
