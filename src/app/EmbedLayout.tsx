import { useCallback, useEffect } from 'react';
import { RotateCw } from 'lucide-react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { useMediaQuery } from '../ui/useMediaQuery';
import { EditorArea } from './EditorArea';
import { ViewBanners } from './ViewBanners';
import { LiveRunStatus } from '../run/RunStatus';
import { RunControls } from '../run/RunControls';
import { HangBanner } from '../run/HangBanner';
import { EmbedFilePicker } from './EmbedFilePicker';
import { LivePreviewPane } from './LivePreviewPane';
import { ConsolePanel } from '../console/ConsolePanel';
import { OpenInPlaypenLink } from './OpenInPlaypenLink';

/**
 * `?embed`: Run, the run controls and "Open in Playpen" on top; a file picker over the editor
 * (no file tree); editor and preview side by side, or as tabs when narrow.
 */
export function EmbedLayout({ session }: { session: Session }) {
  // Slices only: an edit or a run must not re-render the whole embed.
  const name = useStore(session.project, (s) => s.project.name);
  const readOnly = useStore(session.view, (v) => v.readOnly);
  const narrow = useMediaQuery('(max-width: 720px)');
  const attach = useCallback((el: HTMLElement) => session.attachPreview(el), [session]);

  // Runs at start (unless the last run hung: HangBanner says why), and again when the layout
  // flips (the preview pane is then a new element).
  useEffect(() => {
    if (!session.hang.getState().held) void session.controller.run();
  }, [session, narrow]);

  const editor = (
    <div className="pp-embed-code">
      <EmbedFilePicker store={session.project} />
      <EditorArea session={session} reveal={null} readOnly={readOnly} />
    </div>
  );
  const preview = <LivePreviewPane session={session} attach={attach} />;
  return (
    <div className="pp-app pp-embed">
      <header className="pp-toolbar">
        <span className="pp-logo">{name}</span>
        <Button
          className="pp-button pp-button--primary"
          onPress={() => void session.controller.run()}
        >
          <RotateCw size={16} aria-hidden="true" />
          Run
        </Button>
        <RunControls timeline={session.timeline} />
        <LiveRunStatus controller={session.controller} />
        <OpenInPlaypenLink store={session.project} />
      </header>
      <main className="pp-workspace">
        <h1 className="pp-visually-hidden">{name}</h1>
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
                onEvaluate={session.timeline.evaluate}
              />
            </TabPanel>
          </Tabs>
        ) : (
          <div className="pp-embed-split">
            <div className="pp-embed-pane">{editor}</div>
            <div className="pp-embed-pane">{preview}</div>
          </div>
        )}
      </main>
    </div>
  );
}
