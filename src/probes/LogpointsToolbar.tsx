import { useState } from 'react';
import { Button } from 'react-aria-components';
import { ChevronsLeft, ChevronsRight, Plus } from 'lucide-react';
import type { Timeline } from '../run/timeline';
import { useStore } from '../ui/useStore';
import type { AskPast, AskPastState } from './ask-past';
import { nextTick, previousTick } from './hit-lookup';

/** What the cursor's line did over the run, in words; null without a cursor. */
export function lineRunsText(state: AskPastState, playing: boolean): string | null {
  const { cursor, lines } = state;
  if (!cursor) return null;
  const where = `${cursor.path}:${cursor.line}`;
  if (!lines || lines.path !== cursor.path)
    return playing ? `${where}: pause the run to count its runs.` : `${where}: counting runs…`;
  if (lines.problem) return `${where}: ${lines.problem}`;
  const line = lines.lines.get(cursor.line);
  if (!line) return `${where} holds no code that runs.`;
  const counting = lines.phase === 'preparing' || lines.phase === 'replaying' ? ' (counting…)' : '';
  if (line.runs === 0) return `${where} never ran${counting}.`;
  const times = `${line.runs.toLocaleString('en-US')} ${line.runs === 1 ? 'time' : 'times'}`;
  const ticks = line.ticks;
  const span =
    ticks.length === 1
      ? `in tick ${ticks[0]}`
      : `in ${ticks.length.toLocaleString('en-US')} ticks, ${ticks[0]}–${ticks[ticks.length - 1]}`;
  return `${where} ran ${times} ${span}${counting}.`;
}

/** Add logpoint (at the editor's cursor), Previous hit / Next hit, and what the cursor's line did. */
export function LogpointsToolbar({
  askPast,
  timeline,
  onAdded,
}: {
  askPast: AskPast;
  timeline: Timeline;
  onAdded(id: string): void;
}) {
  const cursor = useStore(askPast, (s) => s.cursor);
  const lines = useStore(askPast, (s) => s.lines);
  const tick = useStore(timeline, (s) => s.tick);
  const mode = useStore(timeline, (s) => s.mode);
  const [error, setError] = useState<string | null>(null);
  const ticks =
    cursor && lines && lines.path === cursor.path
      ? (lines.lines.get(cursor.line)?.ticks ?? null)
      : null;
  const previous = ticks ? previousTick(ticks, tick) : null;
  const next = ticks ? nextTick(ticks, tick) : null;
  const status = lineRunsText({ ...askPast.getState(), cursor, lines }, mode === 'playing');

  const add = async () => {
    if (!cursor) return;
    setError(null);
    const added = await askPast.addLogpoint(cursor.path, cursor.line);
    if (added.ok) onAdded(added.id);
    else setError(added.error);
  };

  return (
    <div className="pp-logpoints__toolbar">
      <Button
        className="pp-button pp-button--small"
        isDisabled={!cursor}
        onPress={() => void add()}
      >
        <Plus aria-hidden size={14} />
        Add logpoint
      </Button>
      <Button
        className="pp-button pp-button--small"
        isDisabled={previous === null}
        onPress={() => previous !== null && timeline.seek(previous)}
      >
        <ChevronsLeft aria-hidden size={14} />
        Previous hit
      </Button>
      <Button
        className="pp-button pp-button--small"
        isDisabled={next === null}
        onPress={() => next !== null && timeline.seek(next)}
      >
        Next hit
        <ChevronsRight aria-hidden size={14} />
      </Button>
      <span className="pp-logpoints__line" role="status" aria-label="Cursor line runs">
        {status ?? 'Put the cursor on a line of code to add a logpoint there or find its runs.'}
      </span>
      {error ? (
        <span className="pp-logpoints__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
