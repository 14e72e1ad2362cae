import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import type { WorkspaceProps } from './workspace-props';
import { safeLocalStorage } from '../ui/safe-storage';
import { EditorArea } from './EditorArea';
import { FilesPanel } from '../files/FilesPanel';
import { LivePreviewPane } from './LivePreviewPane';
import { OutputTabs } from './OutputTabs';
import { EditorHints } from './keyboard/EditorHints';
import { TransportBar } from './TransportBar';
import { AfterEditor } from './AfterEditor';

/**
 * Files, editor, and preview over console, side by side and resizable. Each arrangement keeps
 * its own sizes (a laptop's split would squeeze a tablet's Files title). The Files column is at
 * least as wide as its title and buttons.
 */
export function DesktopWorkspace(props: WorkspaceProps) {
  const { session, plan, readOnly } = props;
  const storage = safeLocalStorage() ?? undefined;
  const suffix = plan.kind === 'tablet' ? ':tablet' : '';
  const main = useDefaultLayout({ id: `playpen:layout:main${suffix}`, storage });
  const side = useDefaultLayout({ id: `playpen:layout:side${suffix}`, storage });
  const tablet = plan.kind === 'tablet';
  return (
    <Group
      orientation="horizontal"
      className="pp-main"
      defaultLayout={main.defaultLayout}
      onLayoutChanged={main.onLayoutChanged}
    >
      <Panel id="files" defaultSize={tablet ? '24%' : '16%'} minSize="180px" className="pp-panel">
        <AfterEditor editorFirst={session.editorFirst}>
          <FilesPanel store={session.project} readOnly={readOnly} />
        </AfterEditor>
      </Panel>
      <Separator className="pp-separator" aria-label="Resize the Files panel" />
      <Panel id="editor" defaultSize={tablet ? '38%' : '44%'} minSize="200px" className="pp-panel">
        <EditorArea
          session={session}
          reveal={props.reveal}
          readOnly={readOnly}
          readOnlyMessage={props.readOnlyMessage}
          onSave={props.onSave}
        />
        <EditorHints keys={props.keys} />
      </Panel>
      <Separator className="pp-separator" aria-label="Resize the editor and the preview" />
      <Panel id="output" defaultSize={tablet ? '38%' : '40%'} minSize="240px" className="pp-panel">
        <TransportBar session={session} plan={plan} />
        <Group
          orientation="vertical"
          defaultLayout={side.defaultLayout}
          onLayoutChanged={side.onLayoutChanged}
        >
          <Panel id="preview" defaultSize="60%" minSize="80px" className="pp-panel">
            <LivePreviewPane
              session={session}
              attach={props.attach}
              onOpenLocation={props.openLocation}
            />
          </Panel>
          <Separator
            className="pp-separator pp-separator--horizontal"
            aria-label="Resize the preview and the console"
          />
          <Panel id="console" defaultSize="40%" minSize="60px" className="pp-panel">
            <AfterEditor editorFirst={session.editorFirst}>
              <OutputTabs session={session} onOpenLocation={props.openLocation} />
            </AfterEditor>
          </Panel>
        </Group>
      </Panel>
    </Group>
  );
}
