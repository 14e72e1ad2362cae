/**
 * A hit's values as one line of text (the editor's after-line label, the panel's summaries):
 * each value previewed as the console previews it, labelled with its part of the expression.
 */
import { indexRefs, previewText } from '../console/value-preview';
import type { ProbeHit, ProbeValue } from '../protocol';

/** One value as short text: the console's preview, or what stopped it being read. */
export function valueText(value: ProbeValue): string {
  if (value.t === 'unread') return `‹${value.why}›`;
  if (value.t === 'thrown') return `‹${value.text}›`;
  return previewText(value, { refs: indexRefs([value]), quote: true, level: 1 });
}

/** `ball.x = 3, ball.vx = -2` (a single value without its label when the label is the whole expression). */
export function hitText(labels: readonly string[], hit: ProbeHit): string {
  return hit.values
    .map((value, i) => {
      const label = labels[i];
      return label ? `${label} = ${valueText(value)}` : valueText(value);
    })
    .join(', ');
}

/** Virtual seconds since the run's start, as the timeline shows them. */
export function secondsText(now: number, startTime: number): string {
  return `${((now - startTime) / 1000).toFixed(2)} s`;
}

/** "1 hit", "812 hits". */
export function hitsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'hit' : 'hits'}`;
}
