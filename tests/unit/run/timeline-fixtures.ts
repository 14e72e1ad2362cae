import type { HostMessage, InputRecord, RuntimeMessage, TickRecord } from '../../../src/protocol';
import { createTimeline } from '../../../src/run/timeline';

/** A run's timeline fed a small live run, and what it sent, replayed and showed. */
export const rec = (tick: number, extra: Partial<TickRecord> = {}): TickRecord => ({
  tick,
  now: 1000 + tick * 10,
  kind: tick === 0 ? 'eval' : 'timer',
  ran: tick === 0 ? 'evaluate' : 'Timeout',
  draws: tick,
  timers: tick,
  console: tick,
  consoleText: tick,
  dom: 7,
  viewport: '800×600@1',
  animations: 0,
  ...extra,
});
export const ticks = (
  records: TickRecord[],
  tick: number,
  mode: 'playing' | 'paused' = 'playing',
): RuntimeMessage => ({
  type: 'ticks',
  records,
  state: { mode, tick, now: 1000 + tick * 10, nextDue: 5000 },
});
export const log = (tick: number, text: string): RuntimeMessage => ({
  type: 'console',
  level: 'log',
  args: [{ t: 'string', v: text }],
  tick,
});
export const input = (tick: number): InputRecord => ({
  tick,
  now: 1000 + tick * 10,
  type: 'click',
  ctor: 'MouseEvent',
  target: 'element',
  path: [1, 0],
  init: {},
});

export function setup() {
  const sent: HostMessage[] = [];
  const replays: { tick: number; inputs: InputRecord[]; frame: object }[] = [];
  const consoleShown: string[] = [];
  const notices: string[] = [];
  const text = (m: RuntimeMessage) =>
    m.type === 'console' ? String(m.args[0]!.t === 'string' ? m.args[0]!.v : '') : '';
  const timeline = createTimeline({
    send: (m) => sent.push(m),
    replay(tick, inputs) {
      const frame = {};
      replays.push({ tick, inputs, frame });
      return { frame, at: tick };
    },
    resetConsole(messages) {
      consoleShown.length = 0;
      consoleShown.push(...messages.map(text));
    },
    showConsole: (messages) => consoleShown.push(...messages.map(text)),
    notice: (t) => notices.push(t),
  });
  const live = {};
  timeline.startRun(live, 1000);
  // A live run: tick 0 logs 'a', tick 1 is a click logging 'b', tick 2 logs 'c'.
  const feed = (m: RuntimeMessage) => {
    if (timeline.handle(live, m)) consoleShown.push(text(m));
  };
  feed(log(0, 'a'));
  feed(ticks([rec(0)], 0));
  feed(log(1, 'b'));
  feed(log(2, 'c'));
  feed(ticks([rec(1, { kind: 'input', ran: 'click', input: input(1) }), rec(2)], 2));
  return { timeline, sent, replays, consoleShown, notices, live };
}
