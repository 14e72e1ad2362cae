import type { LoopState, TickRecord } from '../../protocol/index.ts';
import type { TickLoopDeps } from './tick-loop-types.ts';

/** A tick that ran, before its fingerprint is taken (at the start of the next one). */
export type OpenTick = Pick<TickRecord, 'tick' | 'now' | 'kind' | 'ran' | 'input'>;

/**
 * While playing, a frame with no new record (only the clock moved) is reported at most this
 * often: each report is a message the app checks and a re-render of its tick text, 60 a
 * second for a program that waits.
 */
const CLOCK_REPORT_MS = 100;

/** The tick loop's reports to the host: each finished tick's record, and the loop's state. */
export function createTickReports(
  deps: Pick<
    TickLoopDeps,
    'send' | 'draws' | 'clock' | 'consoleCount' | 'consoleText' | 'domHash' | 'scene'
  >,
  state: () => LoopState,
) {
  let records: TickRecord[] = [];
  /** Real time of the last frame's report while playing. */
  let reportedAt = -Infinity;
  const send = (extra?: Partial<LoopState>) => {
    const out = records;
    records = [];
    deps.send(out, extra ? { ...state(), ...extra } : state());
  };
  return {
    /** Takes `open`'s fingerprint (what the tick changed) as its record. */
    record(open: OpenTick): void {
      records.push({
        ...open,
        draws: deps.draws(),
        timers: deps.clock.created(),
        console: deps.consoleCount(),
        consoleText: deps.consoleText(),
        dom: deps.domHash(),
        ...deps.scene(open.tick),
      });
    },
    /** Sends the records so far with the loop's state (and `extra`, e.g. a fork). */
    send,
    /** A playing frame's report: new records at once, a clock that only moved now and then. */
    frame(realNow: number): void {
      if (records.length === 0 && realNow - reportedAt < CLOCK_REPORT_MS) return;
      reportedAt = realNow;
      send();
    },
  };
}
