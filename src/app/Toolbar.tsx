import { RotateCw } from 'lucide-react';
import { Button, Switch, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { LiveRunStatus } from '../run/RunStatus';
import { NewProjectMenu } from './NewProjectMenu';
import { DownloadButton } from './DownloadButton';
import { ShareButton } from '../share/ShareButton';
import { ProjectsButton } from '../saved-projects/ProjectsButton';
import { SettingsButton } from '../settings/SettingsButton';
import { RunControls } from '../run/RunControls';
import { ProblemCountsButton } from '../problems/ProblemCountsButton';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const RUN_SHORTCUT = isMac ? '⌘ Enter' : 'Ctrl+Enter';

export function Toolbar({ session }: { session: Session }) {
  // Slices, not whole states: a run's status changes re-render the status alone.
  const autoRun = useStore(session.settings, (s) => s.autoRun);
  const libraryFailed = useStore(session.persistence.library, (l) => !!l.error);
  return (
    <header className="pp-toolbar">
      <span className="pp-logo">Playpen</span>
      <NewProjectMenu
        onCreate={(project) => void session.persistence.library.create(project)}
        keepsOpenProject={!libraryFailed}
      />
      <ProjectsButton library={session.persistence.library} />
      <DownloadButton store={session.project} onNotice={(text) => session.view.showNotice(text)} />
      <TooltipTrigger delay={400}>
        <Button
          className="pp-button pp-button--primary"
          onPress={() => void session.controller.run()}
        >
          <RotateCw size={16} aria-hidden="true" />
          Run
        </Button>
        <Tooltip className="pp-tooltip">Build and restart ({RUN_SHORTCUT})</Tooltip>
      </TooltipTrigger>
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
      <RunControls timeline={session.timeline} />
      <LiveRunStatus controller={session.controller} />
      <ProblemCountsButton problems={session.problems} />
      <ShareButton
        store={session.project}
        library={session.persistence.library}
        getRun={() => session.runSharing.shareable()}
      />
      <SettingsButton settings={session.settings} />
    </header>
  );
}
