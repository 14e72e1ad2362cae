import { Fragment, type ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import type { Session } from './session';
import type { LayoutPlan, OverflowItem } from '../ui/layout';
import { useStore } from '../ui/useStore';
import { LiveRunStatus } from '../run/RunStatus';
import { NewProjectMenu } from './NewProjectMenu';
import { DownloadButton } from './DownloadButton';
import { ShareButton } from '../share/ShareButton';
import { ProjectsButton } from '../saved-projects/ProjectsButton';
import { SettingsButton } from '../settings/SettingsButton';
import { RunControls, SpeedControl } from '../run/RunControls';
import { RunButton } from '../run/RunButton';
import { ProjectName } from './ProjectName';
import { MoreMenu } from './MoreMenu';
import { ProblemCountsButton } from '../problems/ProblemCountsButton';
import { AfterEditor } from './AfterEditor';

function AutoRunSwitch({ session }: { session: Session }) {
  const autoRun = useStore(session.settings, (s) => s.autoRun);
  return (
    <Switch
      className="pp-switch"
      isSelected={autoRun}
      onChange={(autoRun) => session.settings.update({ autoRun })}
    >
      <span className="pp-switch-track" aria-hidden="true">
        <span className="pp-switch-thumb" />
      </span>
      Auto-run
    </Switch>
  );
}

export interface ToolbarProps {
  session: Session;
  /** The layout for this width: what shows inline, what goes into "More". */
  plan: LayoutPlan;
  /** Editing refused (read-only link, another tab): the name cannot be changed either. */
  readOnly: boolean;
}

/**
 * One row, whatever the width: what does not fit goes into "More" (src/ui/layout.ts). Its
 * controls mount once the editor shows code; until then a hidden button keeps the row's height
 * (a button is its tallest control), so nothing below moves when they come.
 */
export function Toolbar(props: ToolbarProps) {
  const { session, plan } = props;
  return (
    <header className={`pp-toolbar pp-toolbar--${plan.kind}`}>
      <AfterEditor
        editorFirst={session.editorFirst}
        fallback={
          <span className="pp-button pp-toolbar-spacer" aria-hidden="true">
            &nbsp;
          </span>
        }
      >
        <ToolbarControls {...props} />
      </AfterEditor>
    </header>
  );
}

function ToolbarControls({ session, plan, readOnly }: ToolbarProps) {
  // Slices, not whole states: a run's status changes re-render the status alone.
  const libraryFailed = useStore(session.persistence.library, (l) => !!l.error);
  const items: Record<OverflowItem, ReactNode> = {
    'new-project': (
      <NewProjectMenu
        onCreate={(project) => void session.persistence.library.create(project)}
        keepsOpenProject={!libraryFailed}
      />
    ),
    projects: <ProjectsButton library={session.persistence.library} />,
    download: (
      <DownloadButton store={session.project} onNotice={(text) => session.view.showNotice(text)} />
    ),
    'auto-run': <AutoRunSwitch session={session} />,
    speed: <SpeedControl timeline={session.timeline} />,
    share: (
      <ShareButton
        store={session.project}
        library={session.persistence.library}
        getRun={() => session.runSharing.shareable()}
      />
    ),
    settings: <SettingsButton settings={session.settings} />,
  };
  const inline = (item: OverflowItem) => (plan.overflow.includes(item) ? null : items[item]);
  return (
    <>
      {plan.logo && <span className="pp-logo">Playpen</span>}
      <ProjectName session={session} readOnly={readOnly} />
      {inline('new-project')}
      {inline('projects')}
      {inline('download')}
      <RunButton controller={session.controller} />
      {inline('auto-run')}
      {plan.transport === 'toolbar' && <RunControls timeline={session.timeline} />}
      {plan.speed === 'toolbar' && items.speed}
      <LiveRunStatus controller={session.controller} />
      <ProblemCountsButton problems={session.problems} compact={plan.kind === 'phone'} />
      {inline('share')}
      {inline('settings')}
      {plan.overflow.length > 0 && (
        <MoreMenu>
          {plan.overflow.map((item) => (
            <Fragment key={item}>{items[item]}</Fragment>
          ))}
        </MoreMenu>
      )}
    </>
  );
}
