import { useId } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { Check, Scissors, TriangleAlert } from 'lucide-react';
import type { SharedRun } from '../project/share/run-share';

export interface RunOptionProps {
  /** The current run when the dialog opened; null when there is none to share. */
  snapshot: SharedRun | null;
  /** "Include this run" is ticked. */
  included: boolean;
  onInclude(included: boolean): void;
  /** The run the link carries (after any cut). */
  run: SharedRun | undefined;
  /** Why the link with the run is refused (too long…); null when it can be shared. */
  refused: string | null;
  /** Cut the recording at the current tick. */
  onCut(): void;
}

const ticks = (n: number) => `tick ${n.toLocaleString('en')}`;

/** "Include this run" and what it means for the link: where it lands, or why it is refused. */
export function RunOption({ snapshot, included, onInclude, run, refused, onCut }: RunOptionProps) {
  const canCut = run !== undefined && run.tick < run.lastTick;
  const noteId = useId();
  return (
    <div className="pp-share-run">
      <Checkbox
        className="pp-checkbox"
        isSelected={included && snapshot !== null}
        isDisabled={snapshot === null}
        onChange={onInclude}
        aria-describedby={noteId}
      >
        <span className="pp-checkbox-box" aria-hidden="true">
          {included && snapshot && <Check size={12} />}
        </span>
        Include this run
      </Checkbox>
      <p id={noteId} className="pp-share-run-note">
        {snapshot === null
          ? '(Run the code first: there is no run of it to include.)'
          : run
            ? `Opens paused at ${ticks(run.tick)} of ${run.lastTick.toLocaleString('en')}, replaying ${run.inputs.length.toLocaleString('en')} recorded inputs.`
            : `(The run is at ${ticks(snapshot.tick)}: the link can replay it to there, paused.)`}
      </p>
      {refused !== null && (
        <div role="alert" className="pp-share-error pp-share-refused">
          <TriangleAlert size={14} aria-hidden="true" />
          <span>
            {refused}{' '}
            {canCut
              ? `Cut the recording at ${ticks(run.tick)}, or share the code only.`
              : 'Untick “Include this run” to share the code only.'}
          </span>
          {canCut && (
            <Button className="pp-button" onPress={onCut}>
              <Scissors size={14} aria-hidden="true" />
              Cut at {ticks(run.tick)}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
