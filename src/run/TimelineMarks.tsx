import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { shallowEqual, useStore } from '../ui/useStore';
import type { Timeline } from './timeline';
import { usePlayingView } from './usePlayingView';
import { timelineMarks, type TimelineMark } from './timeline-marks';

/** Slots of the track that marks are grouped into (the track is 180 px wide: 3 px each). */
const SLOTS = 60;
/** While the run plays (it grows every frame), the marks follow at most this often. */
const REFRESH_MS = 200;

/**
 * Marks over the Timeline for recorded inputs, errors and console output: hover says what
 * happened there, a click seeks to it. Out of the tab order: the slider and the console's
 * "@N" links reach the same ticks by keyboard.
 */
export function TimelineMarks({ timeline }: { timeline: Timeline }) {
  const view = useStore(
    usePlayingView(timeline),
    (s) => ({
      active: s.active,
      first: s.firstTick,
      last: s.lastTick,
      future: s.futureId,
      playing: s.mode === 'playing',
    }),
    shallowEqual,
  );
  const [marks, setMarks] = useState<TimelineMark[]>([]);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A layout effect: at rest, the marks change in the same commit as the slider, never after
  // it (a hover or a click right after a pause finds the marks of the tick shown).
  useLayoutEffect(() => {
    const refresh = () => {
      pending.current = null;
      const s = timeline.getState();
      setMarks(s.active ? timelineMarks(timeline.marks(), s.firstTick, s.lastTick, SLOTS) : []);
    };
    if (!view.playing) {
      if (pending.current !== null) clearTimeout(pending.current);
      refresh();
    } else if (pending.current === null) pending.current = setTimeout(refresh, REFRESH_MS);
  }, [view, timeline]);
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
    },
    [],
  );
  if (!view.active) return null;
  return (
    <div className="pp-timeline-marks">
      {marks.map((m) => (
        <button
          type="button"
          tabIndex={-1}
          key={`${m.kind}:${m.tick}`}
          className={`pp-mark pp-mark-${m.kind}`}
          style={{ left: `${m.at * 100}%` }}
          aria-label={m.label}
          title={m.label}
          onClick={() => timeline.seek(m.tick)}
        />
      ))}
    </div>
  );
}
