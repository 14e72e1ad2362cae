import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { useMediaQuery } from '../ui/useMediaQuery';
import { EditorArea } from './EditorArea';
import { ViewBanners } from './ViewBanners';
import { RunControls } from '../run/RunControls';
import { HangBanner } from '../run/HangBanner';
import { EmbedFilePicker } from './EmbedFilePicker';
import { LivePreviewPane } from './LivePreviewPane';
import { ConsolePanel } from '../console/ConsolePanel';
import { listenForAppKeys } from './keyboard/app-keys';
import type { RevealTarget } from './EditorArea';
import { ProblemsPanel } from '../problems/ProblemsPanel';
import { ProblemsTabLabel } from '../problems/ProblemsTabLabel';
import type { ProblemsStore } from '../problems/problems-store';
import { EmbedHeader } from './EmbedHeader';
import { planPanes, type EmbedTab } from './embed-panes';
import './layout.css';

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
 * `?embed`: a one-row header (name, Run, status, Reset for an SDK embed, "Open in Playpen"); a
 * file picker over the editor (no file tree); playback over the preview; the Console and
 * Problems tabs beside the preview. Narrow, or a host's one-pane view: every pane is a tab. An
 * SDK host picks the panes, the view, read-only and auto-run (embed-panes.ts). A failed build
 * shows the Console; a problem's place opens in the editor.
 */
export function EmbedLayout({ session }: { session: Session }) {
  const sdk = session.startup.sdk?.settings;
  // Slices only: an edit or a run must not re-render the whole embed.
  const name = useStore(session.project, (s) => s.project.name);
  const readOnly = useStore(session.view, (v) => v.readOnly) || sdk?.readOnly === true;
  const narrow = useMediaQuery('(max-width: 720px)');
  const plan = planPanes(sdk?.view, sdk?.panes, narrow);
  const autorun = sdk?.autorun !== false;
  const attach = useCallback((el: HTMLElement) => session.attachPreview(el), [session]);
  const [tab, setTab] = useState<EmbedTab>(plan.first);
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

  // Runs at start (unless the last run hung: HangBanner says why, or the host turned auto-run
  // off: session.runFirst), and again when the layout flips (the preview pane is then a new
  // element) once a run was asked for.
  useEffect(() => session.runFirst(), [session]);
  const shownNarrow = useRef(narrow);
  useEffect(() => {
    if (shownNarrow.current === narrow) return;
    shownNarrow.current = narrow;
    if (session.hang.getState().held) return;
    if (autorun || session.controller.getState().runId > 0) void session.controller.run();
  }, [session, narrow, autorun]);
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
  // The build error is in the console (or Problems): a blank preview would say nothing.
  const failedTab = plan.tabs.includes('console')
    ? 'console'
    : plan.tabs.includes('problems')
      ? 'problems'
      : null;
  useEffect(
    () =>
      session.controller.subscribe(() => {
        if (failedTab && session.controller.getState().status === 'build-failed') setTab(failedTab);
      }),
    [session, failedTab],
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
      {!plan.hiddenPreview && (
        <LivePreviewPane session={session} attach={attach} onOpenLocation={openLocation} />
      )}
    </>
  );
  const bodies: Record<EmbedTab, ReactNode> = {
    code: editor,
    preview,
    console: (
      <ConsolePanel
        store={session.console}
        onOpenLocation={openLocation}
        onSeekTick={session.timeline.seek}
        onEvaluate={session.evaluateConsole}
        onGlobals={session.consoleGlobals}
      />
    ),
    problems: <ProblemsPanel problems={session.problems} onOpenLocation={openLocation} />,
  };
  const panels = plan.tabs.map((id) => (
    <TabPanel key={id} id={id} className="pp-embed-panel" shouldForceMount>
      {bodies[id]}
    </TabPanel>
  ));
  const selected = plan.tabs.includes(tab) ? tab : plan.first;
  return (
    <div className="pp-app pp-embed">
      <EmbedHeader session={session} name={name} />
      <main className="pp-workspace">
        <h1 className="pp-visually-hidden">{name}</h1>
        <HangBanner watch={session.hang} />
        <ViewBanners session={session} />
        {plan.split ? (
          <div className="pp-embed-split">
            <div className="pp-embed-pane">{editor}</div>
            <Tabs
              className="pp-embed-pane pp-embed-tabs"
              selectedKey={selected}
              onSelectionChange={select}
            >
              <ViewTabs tabs={plan.tabs} problems={session.problems} />
              {panels}
            </Tabs>
          </div>
        ) : (
          <Tabs className="pp-embed-tabs" selectedKey={selected} onSelectionChange={select}>
            <ViewTabs tabs={plan.tabs} problems={session.problems} />
            {panels}
          </Tabs>
        )}
        {plan.hiddenPreview && (
          // No preview pane: the program runs all the same, in a frame out of sight.
          <div className="pp-embed-offstage" aria-hidden="true">
            <LivePreviewPane session={session} attach={attach} />
          </div>
        )}
      </main>
    </div>
  );
}
