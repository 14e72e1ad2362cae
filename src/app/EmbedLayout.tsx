import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { useMediaQuery } from '../ui/useMediaQuery';
import { EditorArea } from './EditorArea';
import { ViewBanners } from './ViewBanners';
import { LiveRunStatus } from '../run/RunStatus';
import { RunControls } from '../run/RunControls';
import { RunButton } from '../run/RunButton';
import { HangBanner } from '../run/HangBanner';
import { EmbedFilePicker } from './EmbedFilePicker';
import { LivePreviewPane } from './LivePreviewPane';
import { ConsolePanel } from '../console/ConsolePanel';
import { OpenInPlaypenLink } from './OpenInPlaypenLink';
import { listenForAppKeys } from './keyboard/app-keys';
import type { RevealTarget } from './EditorArea';
import { ProblemsPanel } from '../problems/ProblemsPanel';
import { ProblemsTabLabel } from '../problems/ProblemsTabLabel';
import type { ProblemsStore } from '../problems/problems-store';
import './layout.css';

type EmbedTab = 'code' | 'preview' | 'console' | 'problems';

function ViewTabs({ tabs, problems }: { tabs: readonly EmbedTab[]; problems: ProblemsStore }) {
  const names: Record<EmbedTab, ReactNode> = {
    code: 'Code',
    preview: 'Preview',
    console: 'Console',
    problems: <ProblemsTabLabel problems={problems} />,
  };
  return (
    <TabList aria-label="View" className="pp-embed-tablist">
      {tabs.map((id) => (
        <Tab key={id} id={id} className="pp-embed-tab">
          {names[id]}
        </Tab>
      ))}
    </TabList>
  );
}

/**
 * `?embed`: a one-row header (name, Run, status, "Open in Playpen"); a file picker over the
 * editor (no file tree); playback over the preview; the Console and Problems tabs beside the
 * preview at any width. Narrow: Code, Preview, Console and Problems are tabs. A failed build
 * shows the Console; a problem's place opens in the editor.
 */
export function EmbedLayout({ session }: { session: Session }) {
  // Slices only: an edit or a run must not re-render the whole embed.
  const name = useStore(session.project, (s) => s.project.name);
  const readOnly = useStore(session.view, (v) => v.readOnly);
  const narrow = useMediaQuery('(max-width: 720px)');
  const attach = useCallback((el: HTMLElement) => session.attachPreview(el), [session]);
  const [tab, setTab] = useState<EmbedTab>('code');
  const select = (key: Key) => setTab(String(key) as EmbedTab);
  const [reveal, setReveal] = useState<RevealTarget | null>(null);
  const openLocation = useCallback(
    (path: string, line: number, column: number) => {
      session.project.setActive(path);
      setReveal((prev) => ({ path, line, column, nonce: (prev?.nonce ?? 0) + 1 }));
      setTab('code');
    },
    [session],
  );

  // Runs at start (unless the last run hung: HangBanner says why), and again when the layout
  // flips (the preview pane is then a new element).
  useEffect(() => {
    if (!session.hang.getState().held) void session.controller.run();
  }, [session, narrow]);
  // Ctrl/Cmd+S never opens the browser's Save page here either: it keeps the edits in the
  // embed's memory (an embed stores nothing; "Open in Playpen" keeps them).
  useEffect(
    () =>
      listenForAppKeys(window, {
        save: () => void session.persistence.autosave.flush(),
        showShortcuts: () => {},
      }),
    [session],
  );
  // The build error is in the console: a blank preview would say nothing.
  useEffect(
    () =>
      session.controller.subscribe(() => {
        if (session.controller.getState().status === 'build-failed') setTab('console');
      }),
    [session],
  );

  const editor = (
    <div className="pp-embed-code">
      <EmbedFilePicker store={session.project} />
      <EditorArea session={session} reveal={reveal} readOnly={readOnly} />
    </div>
  );
  const preview = (
    <>
      <div className="pp-transport">
        <RunControls timeline={session.timeline} />
      </div>
      <LivePreviewPane session={session} attach={attach} onOpenLocation={openLocation} />
    </>
  );
  const consolePanel = (
    <ConsolePanel
      store={session.console}
      onOpenLocation={openLocation}
      onSeekTick={session.timeline.seek}
      onEvaluate={session.evaluateConsole}
      onGlobals={session.consoleGlobals}
    />
  );
  const problemsPanel = <ProblemsPanel problems={session.problems} onOpenLocation={openLocation} />;
  const panel = (id: EmbedTab, body: ReactNode) => (
    <TabPanel id={id} className="pp-embed-panel" shouldForceMount>
      {body}
    </TabPanel>
  );
  return (
    <div className="pp-app pp-embed">
      <header className="pp-toolbar pp-embed-header">
        <span className="pp-logo pp-embed-name">{name}</span>
        <RunButton controller={session.controller} />
        <LiveRunStatus controller={session.controller} />
        <OpenInPlaypenLink store={session.project} />
      </header>
      <main className="pp-workspace">
        <h1 className="pp-visually-hidden">{name}</h1>
        <HangBanner watch={session.hang} />
        <ViewBanners session={session} />
        {narrow ? (
          <Tabs className="pp-embed-tabs" selectedKey={tab} onSelectionChange={select}>
            <ViewTabs
              tabs={['code', 'preview', 'console', 'problems']}
              problems={session.problems}
            />
            {panel('code', editor)}
            {panel('preview', preview)}
            {panel('console', consolePanel)}
            {panel('problems', problemsPanel)}
          </Tabs>
        ) : (
          <div className="pp-embed-split">
            <div className="pp-embed-pane">{editor}</div>
            <Tabs
              className="pp-embed-pane pp-embed-tabs"
              selectedKey={tab === 'code' ? 'preview' : tab}
              onSelectionChange={select}
            >
              <ViewTabs tabs={['preview', 'console', 'problems']} problems={session.problems} />
              {panel('preview', preview)}
              {panel('console', consolePanel)}
              {panel('problems', problemsPanel)}
            </Tabs>
          </div>
        )}
      </main>
    </div>
  );
}
