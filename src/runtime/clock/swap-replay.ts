/**
 * A hot swap's replay, as state and pure steps (docs/architecture.md, "Edit the past"). A new
 * program is given an old run's inputs by virtual time, not by tick: its ticks may differ in
 * number and kind. Each input runs once the new program has run what is due before its time;
 * at its very moment, as many ticks first as the old run ran there before it (`lead`), so an
 * unchanged program replays tick for tick. The swap lands at the old run's moment (`until`,
 * after `untilCount` ticks of it), or after a tick where the new code threw and the old did not.
 * The tick loop (tick-loop.ts) does what a step says; the runtime delivers the inputs.
 */
import type { SwapTarget } from '../../protocol/index.ts';

export interface SwapState {
  /** Index of the next input of `SwapTarget.inputs` to deliver. */
  next: number;
  /** Fetch responses whose request the new code has not made yet: delivered once it does. */
  late: readonly number[];
  /** Inputs that could not be delivered (their target is gone, their request never made). */
  missed: readonly number[];
  /** Virtual time of the last tick run, and how many ticks ran at it. */
  at: number;
  count: number;
  /** Uncaught errors of the new code so far. */
  errors: number;
  /** The tick after which the swap stopped: the new code threw where the old run did not. */
  threw: { tick: number; now: number } | null;
}

/** What runs next: an input (by index), the next timer or frame, or nothing more (land). */
export type SwapStep = { run: 'input'; index: number } | { run: 'timer' } | { run: 'land' };

/** The state once tick 0 (the program's evaluation, at `startTime`) has run. */
export function startSwap(startTime: number): SwapState {
  return { next: 0, late: [], missed: [], at: startTime, count: 1, errors: 0, threw: null };
}

/** Ticks the new run has run at virtual time `time` (it never runs ticks before the clock). */
const countAt = (s: SwapState, time: number) => (time === s.at ? s.count : 0);

/**
 * The next step, given the next due timer's virtual time (`due`, null when none). Inputs past
 * `until` (fetch responses the old run got later) are not the swap's: they stay recorded.
 */
export function swapStep(target: SwapTarget, s: SwapState, due: number | null): SwapStep {
  if (s.threw) return { run: 'land' };
  const head = target.inputs[s.next];
  if (head && head.input.now <= target.until) {
    const { now } = head.input;
    const timerFirst = due !== null && (due < now || (due === now && countAt(s, now) < head.lead));
    return timerFirst ? { run: 'timer' } : { run: 'input', index: s.next };
  }
  const { until, untilCount } = target;
  if (due !== null && (due < until || (due === until && countAt(s, until) < untilCount)))
    return { run: 'timer' };
  return { run: 'land' };
}

/** A tick ran at virtual time `now`. */
export const ranTick = (s: SwapState, now: number): SwapState =>
  now === s.at ? { ...s, count: s.count + 1 } : { ...s, at: now, count: 1 };

/** Input `index` was taken from the queue: delivered, missed, or waiting for its request. */
export function tookInput(
  s: SwapState,
  index: number,
  outcome: 'delivered' | 'missed' | 'late',
): SwapState {
  const next = index === s.next ? s.next + 1 : s.next;
  const late = s.late.filter((i) => i !== index);
  if (outcome === 'missed') return { ...s, next, late, missed: [...s.missed, index] };
  if (outcome === 'late') return { ...s, next, late: [...late, index] };
  return { ...s, next, late };
}

/**
 * The new code threw (an uncaught error or rejection) in `tick` at virtual time `now`: the
 * swap stops after it when the old run had thrown fewer times by then.
 */
export function threw(target: SwapTarget, s: SwapState, tick: number, now: number): SwapState {
  const errors = s.errors + 1;
  const allowed = target.errorsAt.filter((at) => at <= now).length;
  if (errors <= allowed || s.threw) return { ...s, errors };
  return { ...s, errors, threw: { tick, now } };
}

/** At landing: fetch responses still waiting for their request were never asked for. */
export const landed = (s: SwapState): SwapState => ({
  ...s,
  late: [],
  missed: [...s.missed, ...s.late].sort((a, b) => a - b),
});
