import { memo, useRef } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { indexRefs } from '../console/value-preview';
import { ValueView } from '../console/ValueView';
import type { Logpoint, ProbeHit, ProbeValue } from '../protocol';
import type { Timeline } from '../run/timeline';
import { useStore } from '../ui/useStore';
import type { AskPast } from './ask-past';
import { hitAt } from './hit-lookup';
import { secondsText } from './hit-text';

/**
 * A hit's row height before it is measured: one line of values, `.pp-hit`'s min-height. Equal to
 * it, so measuring a row changes nothing; a row that measures otherwise (an expanded value)
 * makes the virtualizer recompute all 10,000 rows' offsets, and at 2 px off each row scrolled
 * into view did (long tasks while scrolling).
 */
const ROW_ESTIMATE = 24;
const OVERSCAN = 12;

/**
 * A row's height from the ResizeObserver's entry, never read from the element: the default reads
 * `offsetHeight` as each row mounts, a forced layout of the whole app per render (tens of ms while
 * hits pour in). Until the observer reports a row, its last known height or the estimate stands.
 */
function rowHeight(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const key = instance.options.getItemKey(instance.indexFromElement(element));
  return instance.itemSizeCache.get(key) ?? ROW_ESTIMATE;
}

/**
 * The selected logpoint's hits, oldest first: tick, virtual time, call depth, its values in the
 * console's inspector, and a button that seeks there. Windowed (only the rows in view are in the
 * DOM): 20,000 hits cost a screenful of rows. The hit shown at the current tick is marked.
 */
export function HitList({
  logpoint,
  askPast,
  timeline,
  startTime,
}: {
  logpoint: Logpoint;
  askPast: AskPast;
  timeline: Timeline;
  startTime(): number;
}) {
  const view = useStore(askPast, (s) => s.logpoints[logpoint.id]);
  const tick = useStore(timeline, (s) => s.tick);
  const scrollRef = useRef<HTMLDivElement>(null);
  const hits = view?.hits ?? [];
  const kept = view?.kept ?? 0;
  // TanStack Virtual's instance changes under React: the compiler rightly leaves this one alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: kept,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    measureElement: rowHeight,
    overscan: OVERSCAN,
    initialRect: { width: 600, height: 300 },
  });
  const current = hitAt(hits, tick);
  const labels = view?.labels ?? [];
  const where = `${logpoint.path}:${logpoint.line}`;
  return (
    <div className="pp-hits">
      <div className="pp-hits__head" aria-hidden>
        <span>tick</span>
        <span>time</span>
        <span>depth</span>
        <span>{labels.join(', ') || logpoint.expression}</span>
      </div>
      <div
        ref={scrollRef}
        className="pp-hits__scroll"
        role="list"
        aria-label={`Hits of ${where}`}
        tabIndex={0}
      >
        {kept === 0 ? (
          <p className="pp-hits__empty">
            {view?.phase === 'replaying' || view?.phase === 'preparing'
              ? 'Looking through the run…'
              : 'No hits: the line has not run in this run.'}
          </p>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const hit = hits[item.index]!;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="pp-hit-row"
                  style={{ transform: `translateY(${item.start}px)` }}
                  role="listitem"
                >
                  <HitRow
                    hit={hit}
                    labels={labels}
                    start={startTime()}
                    current={hit === current}
                    onSeek={timeline.seek}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

const HitRow = memo(function HitRow({
  hit,
  labels,
  start,
  current,
  onSeek,
}: {
  hit: ProbeHit;
  labels: readonly string[];
  start: number;
  current: boolean;
  onSeek(tick: number): void;
}) {
  return (
    <div
      className={'pp-hit' + (current ? ' pp-hit--current' : '')}
      aria-current={current || undefined}
    >
      <button type="button" className="pp-hit__seek" onClick={() => onSeek(hit.tick)}>
        Go to tick {hit.tick}
      </button>
      <span className="pp-hit__time">{secondsText(hit.now, start)}</span>
      <span className="pp-hit__depth" title="Call depth">
        {hit.depth}
      </span>
      <span className="pp-hit__values">
        {hit.values.map((value, i) => (
          <span key={i} className="pp-hit__value">
            {labels.length > 1 ? <span className="pp-hit__label">{labels[i]}: </span> : null}
            <ProbeValueView value={value} />
          </span>
        ))}
      </span>
    </div>
  );
});

/** A value as the console shows it, or what kept it from being read (as text, never HTML). */
export function ProbeValueView({ value }: { value: ProbeValue }) {
  if (value.t === 'unread') return <span className="pp-hit__unread">‹{value.why}›</span>;
  if (value.t === 'thrown') return <span className="pp-hit__thrown">‹{value.text}›</span>;
  return <ValueView value={value} refs={indexRefs([value])} />;
}
