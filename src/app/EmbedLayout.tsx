import { useCallback, useEffect, useMemo } from 'react';
import { ExternalLink, Play } from 'lucide-react';
import { Button, Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from './useStore';
import { useMediaQuery } from './useMediaQuery';
import { EditorArea } from './EditorArea';
import { ViewBanners } from './ViewBanners';
import { RunStatus } from '../run/RunStatus';
import { RunControls } from '../run/RunControls';
import { HangBanner } from '../run/HangBanner';
import { EmbedFilePicker } from './EmbedFilePicker';
import { PreviewPane } from '../preview/PreviewPane';
import { ConsolePanel } from '../console/ConsolePanel';
import { encodeProject } from '../project/share-codec';
import { appBase, shareUrl } from '../share/share-url';

/**
 * `?embed`: Run, the run controls and "Open in Playpen" on top; a file picker over the editor
 * (no file tree); editor and preview side by side, or as tabs when narrow.
 */
export function EmbedLayout({ session }: { session: Session }) {
  const runState = useStore(session.controller);
  const { project, activePath } = useStore(session.project);
  const { readOnly } = useStore(session.view);
  const narrow = useMediaQuery('(max-width: 720px)');
  const attach = useCallback((el: HTMLElement) => session.attachPreview(el), [session]);
  // The project as it is now (with the embed's edits), editable, in a full Playpen.
  const fullUrl = useMemo(
    () =>
      shareUrl(
        appBase(window.location.href),
        encodeProject(project, { open: activePath ?? undefined }),
      ),
    [project, activePath],
  );

  // Runs at start (unless the last run hung: HangBanner says why), and again when the layout
  // flips (the preview pane is then a new element).
  useEffect(() => {
    if (!session.hang.getState().held) void session.controller.run();
  }, [session, narrow]);

  const editor = (
    <div className="pp-embed-code">
      <EmbedFilePicker store={session.project} />
      <EditorArea
        session={session}
        diagnostics={runState.diagnostics}
        reveal={null}
        readOnly={readOnly}
      />
    </div>
  );
  const preview = <PreviewPane attach={attach} state={runState} timeline={session.timeline} />;
  return (
    <div className="pp-app pp-embed">
      <header className="pp-toolbar">
        <span className="pp-logo">{project.name}</span>
        <Button
          className="pp-button pp-button--primary"
          onPress={() => void session.controller.run()}
        >
          <Play size={16} aria-hidden="true" />
          Run
        </Button>
        <RunControls timeline={session.timeline} />
        <RunStatus state={runState} />
        <Link className="pp-button pp-embed-open" href={fullUrl} target="_blank" rel="noopener">
          Open in Playpen
          <ExternalLink size={14} aria-hidden="true" />
        </Link>
      </header>
      <HangBanner watch={session.hang} />
      <ViewBanners session={session} />
      {narrow ? (
        <Tabs className="pp-embed-tabs" defaultSelectedKey="code">
          <TabList aria-label="View" className="pp-embed-tablist">
            <Tab id="code" className="pp-embed-tab">
              Code
            </Tab>
            <Tab id="preview" className="pp-embed-tab">
              Preview
            </Tab>
            <Tab id="console" className="pp-embed-tab">
              Console
            </Tab>
          </TabList>
          <TabPanel id="code" className="pp-embed-panel" shouldForceMount>
            {editor}
          </TabPanel>
          <TabPanel id="preview" className="pp-embed-panel" shouldForceMount>
            {preview}
          </TabPanel>
          <TabPanel id="console" className="pp-embed-panel" shouldForceMount>
            <ConsolePanel
              store={session.console}
              onOpenLocation={() => {}}
              onSeekTick={session.timeline.seek}
            />
          </TabPanel>
        </Tabs>
      ) : (
        <div className="pp-embed-split">
          <div className="pp-embed-pane">{editor}</div>
          <div className="pp-embed-pane">{preview}</div>
        </div>
      )}
    </div>
  );
}
