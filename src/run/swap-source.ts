/**
 * What a hot swap gives the new program (docs/architecture.md, "Edit the past"): the current
 * run's moment and its inputs by virtual time, read from its history. A run that was itself
 * swapped in keeps what it was given (its origin): at or after its landing that recording
 * goes on, so an undo right after an edit gives the old code the old inputs, those the edited
 * code could not take included, and lands identical to the old run.
 */
import {
  type InputRecord,
  type RuntimeMessage,
  type SwapInput,
  type SwapTarget,
} from '../protocol';
import type { History } from './history';

/** Where a run stands: its tick and the virtual time its clock shows (ms since epoch). */
export interface Moment {
  tick: number;
  now: number;
}

/** Ticks before `tick` that ran at virtual time `now` (they all come right before it). */
export function leadOf(history: Pick<History, 'recordAt'>, tick: number, now: number): number {
  let lead = 0;
  for (let t = tick - 1; t >= 0 && history.recordAt(t)?.now === now; t--) lead++;
  return lead;
}

/** Ticks up to `tick` that ran at virtual time `now` (none when the clock moved on since). */
export const countAt = (history: Pick<History, 'recordAt'>, tick: number, now: number) =>
  history.recordAt(tick)?.now === now ? leadOf(history, tick, now) + 1 : 0;

/** How many uncaught errors a logged message stands for (a drop notice counts those it left out). */
const errorsIn = (message: RuntimeMessage) =>
  message.type === 'error'
    ? 1
    : message.type === 'console-dropped' && message.errors
      ? message.count
      : 0;

/** Virtual times of the uncaught errors of ticks after `from`, up to `to`, one per error. */
export function errorTimes(history: History, from: number, to: number): number[] {
  const times: number[] = [];
  for (const { tick, message } of history.marks().logged) {
    if (tick <= from || tick > to) continue;
    const now = history.recordAt(tick)?.now;
    if (now !== undefined) for (let n = errorsIn(message); n > 0; n--) times.push(now);
  }
  return times;
}

/** The run's own inputs of ticks after `from` up to `to`, with their leads. */
const ownInputs = (history: History, from: number, to: number): SwapInput[] =>
  history
    .inputsUpTo(to)
    .filter((input) => input.tick > from && input.tick <= to)
    .map((input: InputRecord) => ({ input, lead: leadOf(history, input.tick, input.now) }));

/** The run's fetch responses of ticks after `to` (a history holds them whatever its tick). */
const laterResponses = (history: History, to: number): InputRecord[] =>
  history.inputsUpTo(to).filter((input) => input.tick > to);

/** What a swap from `history` standing at `at` gives the new program. */
export function swapTarget(history: History, at: Moment): SwapTarget {
  const origin = history.origin();
  if (origin && origin.landing >= 0 && at.tick >= origin.landing) {
    const { target, landing } = origin;
    // At the landing itself: the moment the origin was given, in its own terms.
    if (at.tick === landing && at.now === target.until) return target;
    const given = target.inputs.filter(({ input }) => input.now <= target.until);
    return {
      until: at.now,
      untilCount: countAt(history, at.tick, at.now),
      inputs: [...given, ...ownInputs(history, landing, at.tick)],
      later: [...target.later, ...laterResponses(history, at.tick)],
      errorsAt: [
        ...target.errorsAt,
        ...errorTimes(history, landing, at.tick).filter((t) => t <= at.now),
      ],
    };
  }
  return {
    until: at.now,
    untilCount: countAt(history, at.tick, at.now),
    inputs: ownInputs(history, -1, at.tick),
    later: laterResponses(history, at.tick),
    errorsAt: errorTimes(history, -1, at.tick),
  };
}
