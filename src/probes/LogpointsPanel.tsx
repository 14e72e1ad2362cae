import { useState } from 'react';
import type { ProjectStore } from '../project/model/store';
import type { Timeline } from '../run/timeline';
import { useStore } from '../ui/useStore';
import type { AskPast } from './ask-past';
import { HitList } from './HitList';
import { LogpointItem } from './LogpointItem';
import { LogpointsToolbar } from './LogpointsToolbar';
import './logpoints.css';

export interface LogpointsPanelProps {
  askPast: AskPast;
  project: ProjectStore;
  timeline: Timeline;
  /** Shows a place in the editor (a logpoint's line). */
  onOpenLocation(file: string, line: number, column: number): void;
  /** The run's virtual start (hits show their time since it). */
  startTime(): number;
}

/**
 * The Logpoints tab (docs/logpoints.md): the project's logpoints with their hit counts, the
 * selected one's hits, and the reverse breakpoints (Previous hit / Next hit) for the cursor's
 * line. A logpoint added from the editor arrives selected, its expression ready to edit.
 */
export function LogpointsPanel({
  askPast,
  project,
  timeline,
  onOpenLocation,
  startTime,
}: LogpointsPanelProps) {
  const logpoints = useStore(project, (s) => s.logpoints);
  const editRequest = useStore(askPast, (s) => s.editRequest);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // A logpoint added from the editor arrives selected, its expression ready to edit.
  const [seenEdit, setSeenEdit] = useState(editRequest);
  if (editRequest !== seenEdit) {
    setSeenEdit(editRequest);
    if (editRequest) {
      setSelected(editRequest.id);
      setEditing(editRequest.id);
    }
  }
  const shown = logpoints.find((l) => l.id === selected) ?? logpoints[0] ?? null;

  return (
    <div className="pp-logpoints">
      <LogpointsToolbar
        askPast={askPast}
        timeline={timeline}
        onAdded={(id) => {
          setSelected(id);
          setEditing(id);
        }}
      />
      {logpoints.length === 0 ? (
        <p className="pp-logpoints__empty">
          A logpoint shows every value an expression had each time its line ran, answered from the
          recorded run (no re-run, no <code>console.log</code>). Put the cursor on a line and press
          Add logpoint, or click the editor’s margin left of the line numbers.
        </p>
      ) : (
        <ul className="pp-logpoint-list" aria-label="Logpoint list">
          {logpoints.map((logpoint) => (
            <LogpointItem
              key={logpoint.id}
              logpoint={logpoint}
              askPast={askPast}
              project={project}
              timeline={timeline}
              selected={shown?.id === logpoint.id}
              editing={editing === logpoint.id}
              onSelect={() => setSelected(logpoint.id)}
              onEdit={(on) => setEditing(on ? logpoint.id : null)}
              onOpen={() => onOpenLocation(logpoint.path, logpoint.line, 1)}
            />
          ))}
        </ul>
      )}
      {shown ? (
        <HitList
          key={shown.id}
          logpoint={shown}
          askPast={askPast}
          timeline={timeline}
          startTime={startTime}
        />
      ) : null}
    </div>
  );
}
