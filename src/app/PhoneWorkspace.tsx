import { useEffect, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { WorkspaceProps } from './workspace-props';
import { EditorArea } from './EditorArea';
import { FilesPanel } from '../files/FilesPanel';
import { LivePreviewPane } from './LivePreviewPane';
import { OutputTabs } from './OutputTabs';
import { AfterEditor } from './AfterEditor';
import { EditorHints } from './keyboard/EditorHints';
import { TransportBar } from './TransportBar';

const TABS = ['Code', 'Preview', 'Console', 'Files'] as const;

/**
 * A phone's screen holds one thing at a time: Code, Preview, Console and Files as tabs. Every
 * panel stays mounted (the editor keeps its state, the preview keeps running); choosing a file
 * or a console `file:line` link goes to Code.
 */
export function PhoneWorkspace(props: WorkspaceProps) {
  const { session, plan, readOnly } = props;
  const [tab, setTab] = useState<Key>('Code');
  // Choosing a file (in Files, or a link) shows it.
  useEffect(() => {
    let shown = session.project.getState().activePath;
    return session.project.subscribe(() => {
      const active = session.project.getState().activePath;
      if (active !== shown) setTab('Code');
      shown = active;
    });
  }, [session]);
  const openLocation: WorkspaceProps['openLocation'] = (path, line, column) => {
    props.openLocation(path, line, column);
    setTab('Code');
  };
  return (
    <Tabs className="pp-phone-tabs" selectedKey={tab} onSelectionChange={setTab}>
      <TabList aria-label="View" className="pp-embed-tablist pp-phone-tablist">
        {TABS.map((name) => (
          <Tab key={name} id={name} className="pp-embed-tab pp-phone-tab">
            {name}
          </Tab>
        ))}
      </TabList>
      <TabPanel id="Code" className="pp-embed-panel" shouldForceMount>
        <EditorArea
          session={session}
          reveal={props.reveal}
          readOnly={readOnly}
          readOnlyMessage={props.readOnlyMessage}
          onSave={props.onSave}
        />
        <EditorHints keys={props.keys} />
      </TabPanel>
      <TabPanel id="Preview" className="pp-embed-panel" shouldForceMount>
        <TransportBar session={session} plan={plan} />
        <LivePreviewPane session={session} attach={props.attach} onOpenLocation={openLocation} />
      </TabPanel>
      <TabPanel id="Console" className="pp-embed-panel" shouldForceMount>
        <AfterEditor editorFirst={session.editorFirst}>
          <OutputTabs session={session} onOpenLocation={openLocation} />
        </AfterEditor>
      </TabPanel>
      <TabPanel id="Files" className="pp-embed-panel" shouldForceMount>
        <AfterEditor editorFirst={session.editorFirst}>
          <FilesPanel store={session.project} readOnly={readOnly} />
        </AfterEditor>
      </TabPanel>
    </Tabs>
  );
}
