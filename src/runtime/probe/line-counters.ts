/**
 * Line hits: `__ppProbe.l(i)` runs at each place the instrumenter counted (one per line). It is
 * on every line of the open file, so it is kept cheap: a counter, and a per-line check of the
 * last tick noted (each tick a line ran in is noted once, in a flat list of (line, tick) pairs).
 * Sent as `line-hits` (new runs and ticks per line since the last message) just before each
 * `ticks`, or earlier once LINE_TICKS_PER_MESSAGE ticks are waiting.
 */
import {
  LINE_TICKS_PER_MESSAGE,
  type LineHitDelta,
  type RuntimeMessage,
} from '../../protocol/index.ts';
import { append, grown } from '../intrinsics.ts';

export interface LineCounters {
  /** `__ppProbe.l`: counter `i` ran. */
  count(i: number): void;
  /** A new tick began (the tick loop's `tickStarted`). */
  startTick(tick: number): void;
  /** Sends what was counted since the last message, if anything. */
  flush(): void;
}

export function createLineCounters(
  size: number,
  send: (message: RuntimeMessage) => void,
): LineCounters {
  const n = size > 0 ? size | 0 : 0;
  /** Runs per counter since the last message. */
  const runs = new Float64Array(n);
  /** The last tick noted per counter (-1: none yet). */
  const last = new Int32Array(n);
  for (let i = 0; i < n; i++) last[i] = -1;
  /** Counters that ran since the last message, in first-run order. */
  const dirty = new Int32Array(n);
  let dirtyCount = 0;
  /** (counter, tick) pairs noted since the last message, in time order. */
  let notes = new Int32Array(1024);
  let noteCount = 0;
  let tick = 0;
  /** Per counter: its index in the message being built. */
  const slot = new Int32Array(n);

  const flush = () => {
    if (dirtyCount === 0) return;
    const lines: LineHitDelta[] = [];
    for (let d = 0; d < dirtyCount; d++) {
      const i = dirty[d]!;
      slot[i] = d;
      append(lines, { i, runs: runs[i]!, ticks: [] });
      runs[i] = 0;
    }
    for (let k = 0; k < noteCount; k += 2) append(lines[slot[notes[k]!]!]!.ticks, notes[k + 1]!);
    dirtyCount = 0;
    noteCount = 0;
    send({ type: 'line-hits', lines });
  };

  return {
    count(i) {
      if (!(i >= 0 && i < n)) return;
      const ran = runs[i]!;
      runs[i] = ran + 1;
      if (ran === 0) dirty[dirtyCount++] = i;
      if (last[i] === tick) return;
      last[i] = tick;
      if (noteCount + 2 > notes.length) notes = grown(notes, noteCount + 2);
      notes[noteCount++] = i;
      notes[noteCount++] = tick;
      if (noteCount >= 2 * LINE_TICKS_PER_MESSAGE) flush();
    },
    startTick(t) {
      tick = t;
    },
    flush,
  };
}
