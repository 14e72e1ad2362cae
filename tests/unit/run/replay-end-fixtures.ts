import type { HostMessage, RuntimeMessage, TickRecord } from '../../../src/protocol';
import { createTimeline } from '../../../src/run/timeline';
import { input as click, rec as baseRec } from './timeline-fixtures';

/**
 * A recording of ticks 0..5 (a click at tick 2, timers else) whose replay runs out early: what
 * the tests of replay-end.ts feed the timeline.
 */
export { click };
export const rec = (tick: number): TickRecord =>
  baseRec(tick, {
    kind: tick === 0 ? 'eval' : tick === 2 ? 'input' : 'timer',
    ran: tick === 2 ? 'click' : 'Timeout',
    draws: 0,
    ...(tick === 2 ? { input: click(2) } : {}),
  });
export const ticks = (
  records: TickRecord[],
  tick: number,
  mode: 'replaying' | 'paused' | 'playing',
  nextDue: number | null,
  forked?: number,
) =>
  ({
    type: 'ticks',
    records,
    state: {
      mode,
      tick,
      now: 1000 + tick * 10,
      nextDue,
      ...(forked === undefined ? {} : { forked }),
    },
  }) satisfies RuntimeMessage;
/** The records of ticks 0..tick. */
export const upTo = (tick: number) => Array.from({ length: tick + 1 }, (_, i) => rec(i));

/** A timeline whose every replay is a new frame, with what it sent and the notices it told. */
export function framedTimeline() {
  const sent: HostMessage[] = [];
  const notices: string[] = [];
  const frames: object[] = [];
  const timeline = createTimeline({
    send: (m) => sent.push(m),
    replay(tick) {
      frames.push({});
      return { frame: frames.at(-1)!, at: tick };
    },
    resetConsole() {},
    showConsole() {},
    notice: (t) => notices.push(t),
  });
  return { timeline, sent, notices, frames };
}
