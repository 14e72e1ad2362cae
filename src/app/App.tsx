import { useCallback, useEffect, useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { safeLocalStorage } from '../ui/safe-storage';
import { Toolbar } from './Toolbar';
import { EditorArea, type RevealTarget } from './EditorArea';
import { FilesPanel } from '../files/FilesPanel';
import { LivePreviewPane } from './LivePreviewPane';
import { OutputTabs } from './OutputTabs';
import { HangBanner } from '../run/HangBanner';
import { listenForRunChord } from '../run/run-keys';
import { ViewBanners } from './ViewBanners';
import { PersistenceBanners } from '../saved-projects/PersistenceBanners';
import { OTHER_TAB_EDITOR_MESSAGE } from '../saved-projects/other-tab-messages';
import { useKeyboardHelp } from './keyboard/useKeyboardHelp';
import { EditorHints } from './keyboard/EditorHints';
import { KeyboardShortcutsDialog } from './keyboard/KeyboardShortcutsDialog';

export function App({ session }: { session: Session }) {
  // Only what the layout itself shows: a run or an edit must not re-render every panel.
  const linkReadOnly = useStore(session.view, (v) => v.readOnly);
  // Another tab edits this project: typing here would never be saved, so it is refused.
  const otherTab = useStore(session.persistence.library, (l) => l.conflict !== 'none');
  const readOnly = linkReadOnly || otherTab;
  const readOnlyMessage = otherTab && !linkReadOnly ? OTHER_TAB_EDITOR_MESSAGE : undefined;
  const [reveal, setReveal] = useState<RevealTarget | null>(null);
  const main = useDefaultLayout({
    id: 'playpen:layout:main',
    storage: safeLocalStorage() ?? undefined,
  });
  const side = useDefaultLayout({
    id: 'playpen:layout:side',
    storage: safeLocalStorage() ?? undefined,
  });

  // The first run starts as soon as the app is up (unless the last run hung: HangBanner);
  // later runs follow edits or Run.
  useEffect(() => {
    if (!session.hang.getState().held) void session.controller.run();
  }, [session]);

  useEffect(() => listenForRunChord(window, () => void session.controller.run()), [session]);

  const openLocation = useCallback(
    (path: string, line: number, column: number) => {
      session.project.setActive(path);
      setReveal((prev) => ({ path, line, column, nonce: (prev?.nonce ?? 0) + 1 }));
    },
    [session],
  );
  const attach = useCallback((el: HTMLElement) => session.attachPreview(el), [session]);
  const keys = useKeyboardHelp(session);

  return (
    <div className="pp-app">
      <Toolbar session={session} />
      <main className="pp-workspace">
        <h1 className="pp-visually-hidden">Playpen</h1>
        <HangBanner watch={session.hang} />
        <ViewBanners session={session} />
        <PersistenceBanners persistence={session.persistence} />
        <Group
          orientation="horizontal"
          className="pp-main"
          defaultLayout={main.defaultLayout}
          onLayoutChanged={main.onLayoutChanged}
        >
          <Panel id="files" defaultSize="16%" minSize="120px" className="pp-panel">
            <FilesPanel store={session.project} readOnly={readOnly} />
          </Panel>
          <Separator className="pp-separator" />
          <Panel id="editor" defaultSize="44%" minSize="200px" className="pp-panel">
            <EditorArea
              session={session}
              reveal={reveal}
              readOnly={readOnly}
              readOnlyMessage={readOnlyMessage}
              onSave={() => void keys.save(() => session.persistence.autosave.flush())}
            />
            <EditorHints keys={keys} />
          </Panel>
          <Separator className="pp-separator" />
          <Panel id="output" defaultSize="40%" minSize="200px" className="pp-panel">
            <Group
              orientation="vertical"
              defaultLayout={side.defaultLayout}
              onLayoutChanged={side.onLayoutChanged}
            >
              <Panel id="preview" defaultSize="60%" minSize="80px" className="pp-panel">
                <LivePreviewPane session={session} attach={attach} onOpenLocation={openLocation} />
              </Panel>
              <Separator className="pp-separator pp-separator--horizontal" />
              <Panel id="console" defaultSize="40%" minSize="60px" className="pp-panel">
                <OutputTabs session={session} onOpenLocation={openLocation} />
              </Panel>
            </Group>
          </Panel>
        </Group>
      </main>
      <KeyboardShortcutsDialog keys={keys} />
    </div>
  );
}
