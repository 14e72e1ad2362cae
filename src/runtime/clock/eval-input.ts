/**
 * A line typed into the console as a recorded input (EVAL_INPUT): it runs as a tick of its
 * own, live and in every replay, from what was recorded.
 */
import { EVAL_INPUT, type ConsoleCode, type InputRecord } from '../../protocol/index.ts';

/** The input a console line becomes; the prepared code is recorded with it, so every replay runs exactly that. */
export function evalInput(
  source: string,
  prepared?: ConsoleCode,
): Omit<InputRecord, 'tick' | 'now'> {
  const state: Record<string, string | boolean> = prepared
    ? { source, code: prepared.code, awaits: prepared.awaits }
    : { source };
  return { type: EVAL_INPUT, ctor: 'Event', target: 'window', path: [], init: {}, state };
}

/** A recorded evaluation's line and prepared code (a recording from before they were prepared has only the line). */
export function recordedEval({ state }: InputRecord): [string, ConsoleCode?] {
  const source = String(state?.source ?? '');
  if (typeof state?.code !== 'string') return [source];
  return [source, { code: state.code, awaits: state.awaits === true }];
}
