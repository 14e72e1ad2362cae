import { useCallback, useEffect, useRef, useState } from 'react';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { useLayout } from '../ui/useLayout';
import { Toolbar } from './Toolbar';
import type { RevealTarget } from './EditorArea';
import { DesktopWorkspace } from './DesktopWorkspace';
import { PhoneWorkspace } from './PhoneWorkspace';
import { HangBanner } from '../run/HangBanner';
import { listenForRunChord } from '../run/run-keys';
import { ViewBanners } from './ViewBanners';
import { PersistenceBanners } from '../saved-projects/PersistenceBanners';
import { OTHER_TAB_EDITOR_MESSAGE } from '../saved-projects/other-tab-messages';
import { useKeyboardHelp } from './keyboard/useKeyboardHelp';
import { KeyboardShortcutsDialog } from './keyboard/KeyboardShortcutsDialog';
import './layout.css';

export function App({ session }: { session: Session }) {
  // Only what the layout itself shows: a run or an edit must not re-render every panel.
  const linkReadOnly = useStore(session.view, (v) => v.readOnly);
  // Another tab edits this project: typing here would never be saved, so it is refused.
  const otherTab = useStore(session.persistence.library, (l) => l.conflict !== 'none');
  const readOnly = linkReadOnly || otherTab;
  const readOnlyMessage = otherTab && !linkReadOnly ? OTHER_TAB_EDITOR_MESSAGE : undefined;
  const [reveal, setReveal] = useState<RevealTarget | null>(null);
  const plan = useLayout();

  // The first run starts as soon as the app is up (unless the last run hung: HangBanner);
  // later runs follow edits or Run.
  useEffect(() => session.runFirst(), [session]);
  // Between tabs and panels the preview pane is a new element: run again into it.
  const tabs = useRef(plan.tabs);
  useEffect(() => {
    if (tabs.current === plan.tabs) return;
    tabs.current = plan.tabs;
    if (!session.hang.getState().held) void session.controller.run();
  }, [session, plan.tabs]);

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

  const workspace = {
    session,
    plan,
    readOnly,
    readOnlyMessage,
    reveal,
    openLocation,
    attach,
    keys,
    onSave: () => void keys.save(() => session.persistence.autosave.flush()),
  };
  return (
    <div className={`pp-app pp-app--${plan.kind}`}>
      <Toolbar session={session} plan={plan} readOnly={readOnly} />
      <main className="pp-workspace">
        <h1 className="pp-visually-hidden">Playpen</h1>
        <HangBanner watch={session.hang} />
        <ViewBanners session={session} />
        <PersistenceBanners persistence={session.persistence} />
        {plan.tabs ? <PhoneWorkspace {...workspace} /> : <DesktopWorkspace {...workspace} />}
      </main>
      <KeyboardShortcutsDialog keys={keys} />
    </div>
  );
}
