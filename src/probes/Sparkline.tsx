import { useMemo } from 'react';
import type { Timeline } from '../run/timeline';
import { useStore } from '../ui/useStore';
import { strip } from './hit-lookup';
import type { LogpointView } from './probe-views';

const WIDTH = 240;
const HEIGHT = 28;

/**
 * The first value over the run, when it is a number: a line across the hits' ticks with the
 * current tick marked, and its range in words (the picture itself is decorative).
 */
export function Sparkline({ view, timeline }: { view: LogpointView; timeline: Timeline }) {
  const tick = useStore(timeline, (s) => s.tick);
  // `kept` changes as hits arrive: the array is the same object, appended to.
  const { hits, kept } = view;
  const points = useMemo(() => strip(hits, 0), [hits, kept]); // eslint-disable-line react-hooks/exhaustive-deps
  if (points.length < 2) return null;
  const first = points[0]!.tick;
  const last = points[points.length - 1]!.tick;
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    min = Math.min(min, p.value);
    max = Math.max(max, p.value);
  }
  const x = (t: number) => (last === first ? 0 : ((t - first) / (last - first)) * WIDTH);
  const y = (v: number) =>
    max === min ? HEIGHT / 2 : HEIGHT - 2 - ((v - min) / (max - min)) * (HEIGHT - 4);
  const line = points.map((p) => `${x(p.tick).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const label = view.labels[0] ?? 'value';
  return (
    <div className="pp-sparkline">
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden>
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth={1.25} />
        {tick >= first && tick <= last ? (
          <line x1={x(tick)} x2={x(tick)} y1={0} y2={HEIGHT} className="pp-sparkline__now" />
        ) : null}
      </svg>
      <span className="pp-sparkline__range">
        {label}: {fmt(min)} to {fmt(max)} over ticks {first}–{last}
      </span>
    </div>
  );
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
