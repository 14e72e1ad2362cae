import { RotateCcw } from 'lucide-react';
import { Button } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { LiveRunStatus } from '../run/RunStatus';
import { RunButton } from '../run/RunButton';
import { OpenInPlaypenLink } from './OpenInPlaypenLink';
import { sameFiles } from '../embed/embed-project';
import type { Project } from '../protocol';

/** "Reset": the host's files again, the learner's edits (and their kept copy) let go. */
function ResetButton({ session, initial }: { session: Session; initial: Project }) {
  const edited = useStore(session.project, (s) => !sameFiles(s.project, initial));
  return (
    <Button
      className="pp-button"
      isDisabled={!edited}
      onPress={() => session.project.replace(initial)}
    >
      <RotateCcw size={16} aria-hidden="true" />
      Reset
    </Button>
  );
}

/** The embed's one-row header: name, Run, status, Reset (SDK embeds), "Open in Playpen". */
export function EmbedHeader({ session, name }: { session: Session; name: string }) {
  const initial = session.startup.sdk?.initial;
  return (
    <header className="pp-toolbar pp-embed-header">
      <span className="pp-logo pp-embed-name">{name}</span>
      <RunButton controller={session.controller} />
      <LiveRunStatus controller={session.controller} />
      {initial && <ResetButton session={session} initial={initial} />}
      <OpenInPlaypenLink store={session.project} />
    </header>
  );
}
