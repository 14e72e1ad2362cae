/**
 * What the tick loop (tick-loop.ts) runs next while playing and while replaying to a tick:
 * pure decisions, unit-tested alone; a hot swap's are in swap-replay.ts.
 */
import type { InputRecord } from '../../protocol/index.ts';
import type { DueTimer } from './virtual-clock.ts';

/** Playing: run the recording's input, the due timer, or move the clock on to `until` and wait. */
export type PlayStep = { run: 'input' } | { run: 'timer' } | { run: 'wait'; until: number };

/**
 * `input`: the played recording's input of the next tick, if any (it waits for its virtual
 * time: no timer runs before it); `target`: the virtual time play may reach now.
 */
export function playStep(
  input: Pick<InputRecord, 'now'> | null,
  due: Pick<DueTimer, 'at'> | null,
  target: number,
): PlayStep {
  const at = input ? input.now : due?.at;
  if (at !== undefined && at <= target) return { run: input ? 'input' : 'timer' };
  return { run: 'wait', until: Math.floor(input ? Math.min(target, input.now) : target) };
}

/**
 * Replaying to tick `to`: the recorded input of the next tick, else the due timer; 'rest' at
 * `to`, or when nothing is left to run short of it (the host reports the recording cannot be
 * reached, replay-end.ts).
 */
export function replayStep(
  tick: number,
  to: number,
  input: InputRecord | null,
  due: boolean,
): 'input' | 'timer' | 'rest' {
  if (tick >= to) return 'rest';
  if (input) return 'input';
  return due ? 'timer' : 'rest';
}
