import { describe, expect, it } from 'vitest';
import type { HostMessage, InputRecord, RuntimeMessage, TickRecord } from '../../../src/protocol';
import { createTimeline } from '../../../src/run/timeline';

const click = (tick: number): InputRecord => ({
  tick,
  now: 1000 + tick * 10,
  type: 'click',
  ctor: 'MouseEvent',
  target: 'element',
  path: [1, 0],
  init: {},
});
const rec = (tick: number, input?: InputRecord): TickRecord => ({
  tick,
  now: 1000 + tick * 10,
  kind: tick === 0 ? 'eval' : input ? 'input' : 'timer',
  ran: input ? 'click' : 'Timeout',
  draws: tick,
  timers: tick,
  console: tick,
  consoleText: tick,
  dom: 7,
  viewport: '800×600@1',
  animations: 0,
  ...(input ? { input } : {}),
});
const ticks = (records: TickRecord[], tick: number, mode: 'replaying' | 'paused' | 'playing') =>
  ({
    type: 'ticks',
    records,
    state: { mode, tick, now: 1000 + tick * 10, nextDue: 5000 },
  }) satisfies RuntimeMessage;
const log = (tick: number, text: string): RuntimeMessage => ({
  type: 'console',
  level: 'log',
  args: [{ t: 'string', v: text }],
  tick,
});

/**
 * A timeline whose run replays a shared recording of ticks 0..3 (a click at tick 2) to the
 * sender's tick `landAt`; the preview rests at `reached` (landAt, unless the replay fell short).
 */
function setup(landAt: number, reached = landAt) {
  const sent: HostMessage[] = [];
  const replays: { tick: number; inputs: InputRecord[]; frame: object }[] = [];
  const shown: string[] = [];
  const notices: string[] = [];
  const text = (m: RuntimeMessage) =>
    m.type === 'console' && m.args[0]!.t === 'string' ? m.args[0]!.v : '';
  const timeline = createTimeline({
    send: (m) => sent.push(m),
    replay(tick, inputs) {
      const frame = {};
      replays.push({ tick, inputs, frame });
      return { frame, at: tick };
    },
    resetConsole(messages) {
      shown.length = 0;
      shown.push(...messages.map(text));
    },
    showConsole: (messages) => shown.push(...messages.map(text)),
    notice: (t) => notices.push(t),
  });
  timeline.setSpeed(2);
  const live = {};
  timeline.startRun(live, 1000, { landAt, lastTick: 3, inputs: [click(2)] });
  const startMode = timeline.getState().mode;
  const feed = (m: RuntimeMessage) => {
    if (timeline.handle(live, m)) shown.push(text(m));
  };
  const records = [rec(0), rec(1), rec(2, click(2)), rec(3)].slice(0, reached + 1);
  records.forEach((r) => feed(log(r.tick, `t${r.tick}`)));
  feed(ticks(records, reached, 'paused'));
  return { timeline, sent, replays, shown, notices, startMode, feed };
}

describe('a run started from a shared recording', () => {
  it('replays once, to the sender’s tick, and reaches the rest of the recording forward', () => {
    const { timeline, sent, replays, shown, startMode, feed } = setup(1);
    expect(startMode).toBe('replaying');
    // Not played live, and no second replay: the preview rests at the sender's tick.
    expect(sent).toEqual([]);
    expect(replays).toEqual([]);
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 1, lastTick: 3 });
    expect(shown).toEqual(['t0', 't1']);
    // The rest of the recording is ahead: step forward replays its click, and the ticks it
    // runs for the first time here are recorded with their output.
    timeline.stepForward();
    expect(sent).toEqual([{ type: 'run-until', tick: 2, inputs: [click(2)] }]);
    feed(log(2, 't2'));
    feed(ticks([rec(2, click(2))], 2, 'paused'));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 2, lastTick: 3 });
    expect(shown).toEqual(['t0', 't1', 't2']);
    expect(timeline.inputsUpTo(3)).toEqual([click(2)]);
    // Back a tick and forward again: now a replay, its output not shown twice.
    timeline.stepBack();
    expect(replays.map((r) => r.tick)).toEqual([1]);
    timeline.handle(replays[0]!.frame, ticks([rec(0), rec(1)], 1, 'paused'));
    expect(shown).toEqual(['t0', 't1']);
  });

  it('plays the rest of the recording with its output', () => {
    const { timeline, sent, shown, feed } = setup(1);
    timeline.play();
    expect(sent).toEqual([{ type: 'play', speed: 2, recording: { until: 3, inputs: [click(2)] } }]);
    feed(log(2, 't2'));
    feed(log(3, 't3'));
    feed(ticks([rec(2, click(2)), rec(3)], 3, 'playing'));
    expect(shown).toEqual(['t0', 't1', 't2', 't3']);
    expect(timeline.getState()).toMatchObject({ tick: 3, lastTick: 3 });
  });

  it('landing at the last tick replays once', () => {
    const { timeline, replays, shown, notices } = setup(3);
    expect(replays).toEqual([]);
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 3, lastTick: 3 });
    expect(shown).toEqual(['t0', 't1', 't2', 't3']);
    expect(notices).toEqual([]);
  });

  it('says so when the replay cannot reach the sender’s tick, and keeps no recording past it', () => {
    const { timeline, notices } = setup(3, 1);
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 1, lastTick: 1 });
    expect(notices).toEqual([
      'The shared run stopped at tick 1 of 3: this replay differs from the sender’s run.',
    ]);
    expect(timeline.inputsUpTo(3)).toEqual([]);
  });
});
