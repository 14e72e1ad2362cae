/**
 * What a hot swap says when it lands (docs/architecture.md, "Edit the past"): where the edit
 * first shows (the first tick whose fingerprint differs from the run before it), the inputs
 * that could not be delivered and where, and whether the new code reached the moment at all.
 * Plain words, said once, in the console and as marks on the timeline. Pure: the timeline
 * calls it with both histories.
 */
import {
  EVAL_INPUT,
  FETCH_INPUT,
  type InputRecord,
  type SwapLanded,
  type SwapTarget,
  type TickRecord,
} from '../protocol';
import { compareRecords } from './replay-divergence';

/** A history as the report reads it. */
export interface Records {
  recordAt(tick: number): TickRecord | undefined;
}

export interface SwapReportInput {
  /** What the swap was given. */
  target: SwapTarget;
  /** How the preview says it went. */
  landed: SwapLanded;
  /** The run before the edit, and the tick it stood at (null: not known, e.g. its history is gone). */
  old: { records: Records; tick: number } | null;
  /** The new run, the tick it landed at and what it has due next. */
  fresh: Records;
  tick: number;
  nextDue: number | null;
  /** The runs' virtual start (ms since epoch): times are said from it. */
  startTime: number;
}

/** A mark the report puts on the timeline: a tick of the new run and what happened there. */
export interface EditMark {
  tick: number;
  label: string;
}

export interface SwapReport {
  /** What the console says (one notice). */
  text: string;
  /** The first tick of the new run that differs from the run before the edit; null when none. */
  firstDiff: number | null;
  marks: EditMark[];
}

/** Events a user does (named in the report); the rest come with them (pointer moves, focus). */
const DONE: Record<string, [string, string]> = {
  click: ['click', 'clicks'],
  dblclick: ['double-click', 'double-clicks'],
  auxclick: ['middle click', 'middle clicks'],
  contextmenu: ['right click', 'right clicks'],
  keydown: ['key press', 'key presses'],
  input: ['text entry', 'text entries'],
  change: ['change', 'changes'],
  submit: ['form submission', 'form submissions'],
  wheel: ['wheel turn', 'wheel turns'],
  touchstart: ['touch', 'touches'],
  [EVAL_INPUT]: ['console evaluation', 'console evaluations'],
};

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const plural = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;
const list = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The first tick up to both runs' ticks where the new run differs from the old, and how. */
export function firstDifference(
  old: { records: Records; tick: number },
  fresh: Records,
  tick: number,
): { tick: number; what: string } | null {
  const last = Math.min(old.tick, tick);
  for (let t = 0; t <= last; t++) {
    const a = old.records.recordAt(t);
    const b = fresh.recordAt(t);
    if (!a || !b) continue;
    const what = compareRecords(a, b);
    if (what) return { tick: t, what };
  }
  if (old.tick === tick) return null;
  return tick < old.tick
    ? {
        tick: tick + 1,
        what: `the run before it had a tick ${tick + 1} by then, the new code did not`,
      }
    : { tick: old.tick + 1, what: 'the new code runs more ticks by then' };
}

/** The new run's last tick at or before virtual time `now` (where a missed input would have been). */
function tickAt(fresh: Records, tick: number, now: number): number {
  let t = tick;
  while (t > 0 && (fresh.recordAt(t)?.now ?? -Infinity) > now) t--;
  return t;
}

/** Sentences and marks for the inputs the new page could not take. */
function missedParts(input: SwapReportInput, missed: InputRecord[]) {
  const sentences: string[] = [];
  const marks: EditMark[] = [];
  const at = (i: InputRecord) => secs(i.now - input.startTime);
  const fetches = missed.filter((i) => i.type === FETCH_INPUT);
  if (fetches.length) {
    const asked = [...new Set(fetches.map((i) => String(i.init.request ?? 'a request')))];
    sentences.push(
      `${plural(fetches.length, ['recorded response was', 'recorded responses were'])} not asked for by the new code (${list(asked.slice(0, 2))}${asked.length > 2 ? ', …' : ''}).`,
    );
  }
  // Element inputs by the kind of their target; the window's and the document's never miss.
  const byNode = new Map<string, InputRecord[]>();
  for (const i of missed)
    if (i.type !== FETCH_INPUT) byNode.set(i.node ?? '', [...(byNode.get(i.node ?? '') ?? []), i]);
  for (const [node, inputs] of byNode) {
    const counts = new Map<string, InputRecord[]>();
    for (const i of inputs)
      if (DONE[i.type]) counts.set(i.type, [...(counts.get(i.type) ?? []), i]);
    const done = [...counts].map(([type, of]) => plural(of.length, DONE[type]!));
    const others = inputs.length - [...counts.values()].reduce((n, of) => n + of.length, 0);
    const what = done.length
      ? list(done) + (others ? ` (and ${plural(others, ['event', 'events'])} with them)` : '')
      : plural(others, ['event', 'events']);
    const times = [...counts.values()].flat().sort((a, b) => a.now - b.now);
    const when = (times.length ? times : inputs).slice(0, 3).map(at);
    const target = node ? `their target, a <${node}>,` : 'their target element';
    sentences.push(
      `${what} at ${list(when)}${times.length > 3 ? ', …' : ''} could not be delivered: ${target} is not in the new page.`,
    );
    const first = (times[0] ?? inputs[0])!;
    marks.push({
      tick: tickAt(input.fresh, input.tick, first.now),
      label: `Not delivered from here: ${what}; ${node ? `their target, a <${node}>,` : 'their target'} is gone`,
    });
  }
  return { sentences, marks };
}

/** The report of a swap that landed. */
export function swapReport(input: SwapReportInput): SwapReport {
  const { target, landed, old, fresh, tick, startTime } = input;
  const moment = secs(target.until - startTime);
  const sentences: string[] = [];
  const marks: EditMark[] = [];
  const threw = landed.threw;
  const ended =
    !threw &&
    input.nextDue === null &&
    old !== null &&
    (fresh.recordAt(tick)?.now ?? target.until) < (old.records.recordAt(old.tick)?.now ?? 0);
  if (threw)
    sentences.push(
      `Your edit threw at tick ${threw.tick} (${secs(threw.now - startTime)}), before the moment you were at (${moment}): the preview stops there.`,
    );
  else
    sentences.push(
      `Your edit ran from the start with the same inputs to the moment you were at: ${moment}, tick ${tick}.`,
    );
  const diff = old ? firstDifference(old, fresh, tick) : null;
  if (diff) {
    const when = fresh.recordAt(diff.tick)?.now ?? old?.records.recordAt(diff.tick)?.now;
    const time = when === undefined ? '' : ` (${secs(when - startTime)})`;
    sentences.push(`It first shows at tick ${diff.tick}${time}: ${diff.what}.`);
    marks.push({
      tick: Math.min(diff.tick, tick),
      label: `Your edit first shows at tick ${diff.tick}${time}`,
    });
  } else if (old && !threw) sentences.push('No tick differs from the run before it.');
  if (ended) {
    const last = fresh.recordAt(tick)?.now;
    sentences.push(
      `The new code has nothing left to run after tick ${tick}${last === undefined ? '' : ` (${secs(last - startTime)})`}; the run before it went on to tick ${old!.tick}.`,
    );
  }
  const missed = landed.missed.map((i) => target.inputs[i]?.input).filter((i) => i !== undefined);
  const parts = missedParts(input, missed);
  return {
    text: [...sentences, ...parts.sentences].join(' '),
    firstDiff: diff?.tick ?? null,
    marks: [...marks, ...parts.marks],
  };
}
