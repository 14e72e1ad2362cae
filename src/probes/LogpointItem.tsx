import { useRef, useState } from 'react';
import { Button, Input, TextField } from 'react-aria-components';
import { X } from 'lucide-react';
import type { Logpoint } from '../protocol';
import type { ProjectStore } from '../project/model/store';
import { removeLogpoint, updateLogpoint, MAX_EXPRESSION } from '../project/model/logpoints';
import type { Timeline } from '../run/timeline';
import { useStore } from '../ui/useStore';
import type { AskPast } from './ask-past';
import { hitsText } from './hit-text';
import type { LogpointView } from './probe-views';
import { Sparkline } from './Sparkline';

export interface LogpointItemProps {
  logpoint: Logpoint;
  askPast: AskPast;
  project: ProjectStore;
  timeline: Timeline;
  /** Its hits are the ones listed below the logpoints. */
  selected: boolean;
  /** Its expression is a text box (just added, or the user asked to edit it). */
  editing: boolean;
  onSelect(): void;
  onEdit(editing: boolean): void;
  /** Shows its line in the editor. */
  onOpen(): void;
}

const WHEN: Record<NonNullable<LogpointView['when']>, string> = {
  before: 'read before the line runs',
  after: 'read after the line ran',
  entry: 'read each time the block this line opens is entered',
};

/** What the logpoint is doing, in words (replaying, waiting, its first error). */
function statusText(view: LogpointView | undefined): string | null {
  if (!view) return null;
  if (view.error) return view.error;
  if (view.phase === 'waiting') return view.notes[0] ?? null;
  if (view.phase === 'preparing') return 'Adding the probe…';
  if (view.phase === 'replaying') return `Replaying the run… (tick ${Math.max(view.reached, 0)})`;
  return null;
}

/** One logpoint: where, what it reads, how many hits, and anything wrong with it. */
export function LogpointItem(props: LogpointItemProps) {
  const { logpoint, askPast, project, selected, editing } = props;
  const view = useStore(askPast, (s) => s.logpoints[logpoint.id]);
  const where = `${logpoint.path}:${logpoint.line}`;
  const total = view ? view.kept + view.more : 0;
  const status = statusText(view);
  return (
    <li
      className={'pp-logpoint' + (selected ? ' pp-logpoint--selected' : '')}
      aria-current={selected || undefined}
      onClick={props.onSelect}
    >
      <div className="pp-logpoint__head">
        <button
          type="button"
          className="pp-logpoint__where"
          title={`Show ${where} in the editor`}
          onClick={() => {
            props.onSelect();
            props.onOpen();
          }}
        >
          {where}
        </button>
        {editing ? (
          <ExpressionField
            initial={logpoint.expression}
            onDone={(expression) => {
              if (expression !== null) {
                const list = project.getState().logpoints;
                project.setLogpoints(updateLogpoint(list, logpoint.id, { expression }));
              }
              props.onEdit(false);
            }}
          />
        ) : (
          <button
            type="button"
            className="pp-logpoint__expression"
            aria-label={`Edit logpoint expression ${logpoint.expression}`}
            onClick={() => {
              props.onSelect();
              props.onEdit(true);
            }}
          >
            {logpoint.expression || '(no expression: click to write one)'}
          </button>
        )}
        <span className="pp-logpoint__count">{hitsText(total)}</span>
        <Button
          className="pp-icon-button"
          aria-label="Remove logpoint"
          onPress={() => {
            const list = project.getState().logpoints;
            project.setLogpoints(removeLogpoint(list, logpoint.id));
          }}
        >
          <X aria-hidden size={14} />
        </Button>
      </div>
      {status ? (
        <p className={'pp-logpoint__status' + (view?.error ? ' pp-logpoint__status--error' : '')}>
          {status}
        </p>
      ) : null}
      {view?.thrown ? (
        <p className="pp-logpoint__status pp-logpoint__status--error">
          {view.thrown.text} (first at tick {view.thrown.tick})
        </p>
      ) : null}
      {view?.notes.map((note) =>
        view.phase === 'waiting' ? null : (
          <p key={note} className="pp-logpoint__status pp-logpoint__status--note">
            {note}
          </p>
        ),
      )}
      {view?.when && selected ? (
        <p className="pp-logpoint__when">Values {WHEN[view.when]}.</p>
      ) : null}
      {view && view.kept > 1 ? <Sparkline view={view} timeline={props.timeline} /> : null}
    </li>
  );
}

/** The expression as a text box: Enter keeps it, Escape gives up, leaving it keeps it. */
function ExpressionField({
  initial,
  onDone,
}: {
  initial: string;
  onDone(text: string | null): void;
}) {
  const [text, setText] = useState(initial);
  // Enter, then the blur that follows when the box goes: done once.
  const finished = useRef(false);
  const finish = (value: string | null) => {
    if (finished.current) return;
    finished.current = true;
    onDone(value);
  };
  return (
    <TextField
      className="pp-logpoint__field"
      aria-label="Logpoint expression"
      value={text}
      onChange={setText}
      maxLength={MAX_EXPRESSION}
      autoFocus
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(text);
        else if (event.key === 'Escape') finish(null);
      }}
      onBlur={() => finish(text)}
    >
      <Input className="pp-logpoint__input" placeholder="e.g. ball.x, ball.vx" spellCheck={false} />
    </TextField>
  );
}
