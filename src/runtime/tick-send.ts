/**
 * What the runtime sends with each tick report (`ticks`), in order: the console calls and
 * errors the caps still hold (they came before the report), a probed replay's logpoint hits and
 * line hits, then the report. Once the host has read a tick's record, it has everything that
 * tick said and every hit of it.
 */
import type { LoopState, RuntimeMessage, TickRecord } from '../protocol/index.ts';
import type { RunProbe } from './probe/index.ts';

export interface TickSendParts {
  /** Sends what each console cap holds; `idle`: the loop is paused or has nothing due. */
  held: readonly ((idle: boolean) => void)[];
  /** The run's probe, once its `run` message came (null for a run without probes). */
  probe: () => RunProbe | null;
  send: (message: RuntimeMessage) => void;
}

export function createTickSend(parts: TickSendParts) {
  return (records: TickRecord[], state: LoopState): void => {
    const idle = state.mode !== 'playing' || state.nextDue === null;
    for (const flush of parts.held) flush(idle);
    parts.probe()?.flush();
    parts.send({ type: 'ticks', records, state });
  };
}
