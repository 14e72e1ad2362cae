import { describe, expect, it } from 'vitest';
import type { HostMessage, InputRecord } from '../../../src/protocol';
import { compareRecords } from '../../../src/run/replay-divergence';
import { consoleHash } from '../../../src/runtime/clock/tick-hashes';
import { createTimeline } from '../../../src/run/timeline';
import { input, log, rec, setup, ticks } from './timeline-fixtures';

describe('timeline', () => {
  it('records ticks and shows live console output as it arrives', () => {
    const { timeline, consoleShown } = setup();
    expect(timeline.getState()).toMatchObject({
      tick: 2,
      lastTick: 2,
      mode: 'playing',
      elapsed: 20,
    });
    expect(consoleShown).toEqual(['a', 'b', 'c']);
  });

  it('steps back by rebuilding the preview with the inputs up to the tick, then shows its console', () => {
    const { timeline, sent, replays, consoleShown } = setup();
    timeline.pause();
    expect(sent.at(-1)).toEqual({ type: 'pause' });
    timeline.handle(setup().live, ticks([], 2, 'paused')); // another frame's message is ignored
    timeline.stepBack();
    expect(replays).toHaveLength(1);
    expect(replays[0]!.tick).toBe(1);
    expect(replays[0]!.inputs).toEqual([input(1)]);
    expect(timeline.getState().mode).toBe('replaying');
    const frame = replays[0]!.frame;
    // The replay's own output for recorded ticks is not shown twice.
    expect(timeline.handle(frame, log(0, 'a'))).toBe(false);
    timeline.handle(
      frame,
      ticks([rec(0), rec(1, { kind: 'input', ran: 'click', input: input(1) })], 1, 'paused'),
    );
    expect(timeline.getState()).toMatchObject({ tick: 1, lastTick: 2, mode: 'paused' });
    expect(consoleShown).toEqual(['a', 'b']);
  });

  it('shows live output made outside a recorded tick (event handlers, loads, while paused)', () => {
    const { timeline, consoleShown, live, replays } = setup();
    timeline.pause();
    timeline.handle(live, ticks([], 2, 'paused'));
    // An image's load handler logs while paused at tick 2: tagged with tick 2, already recorded.
    expect(timeline.handle(live, log(2, 'loaded'))).toBe(true);
    expect(timeline.handle(live, log(0, 'late handler'))).toBe(true);
    // It is part of the history: a replay to tick 2 shows it, and the replay's copy is dropped.
    timeline.seek(1);
    const frame = replays[0]!.frame;
    expect(timeline.handle(frame, log(2, 'loaded'))).toBe(false);
    timeline.handle(frame, ticks([rec(0), rec(1)], 1, 'paused'));
    expect(consoleShown).toEqual(['a', 'b', 'late handler']);
    // Once the replay has paused, the rebuilt preview's output is live again.
    expect(timeline.handle(frame, log(1, 'loaded again'))).toBe(true);
  });

  it('steps forward within history with run-until, and past it with step', () => {
    const { timeline, sent, replays, consoleShown } = setup();
    timeline.pause();
    timeline.seek(0);
    const frame = replays[0]!.frame;
    timeline.handle(frame, ticks([rec(0)], 0, 'paused'));
    expect(consoleShown).toEqual(['a']);
    timeline.stepForward();
    expect(sent.at(-1)).toEqual({ type: 'run-until', tick: 1, inputs: [input(1)] });
    timeline.handle(
      frame,
      ticks([rec(1, { kind: 'input', ran: 'click', input: input(1) })], 1, 'paused'),
    );
    expect(consoleShown).toEqual(['a', 'b']);
    timeline.seek(2);
    timeline.handle(frame, ticks([rec(2)], 2, 'paused'));
    timeline.stepForward();
    expect(sent.at(-1)).toEqual({ type: 'step' });
  });

  it('reports a replay that differs from the record, once, naming the tick and what differed', () => {
    const { timeline, replays, notices } = setup();
    timeline.pause();
    timeline.seek(1);
    const frame = replays[0]!.frame;
    timeline.handle(
      frame,
      ticks(
        [rec(0), rec(1, { kind: 'input', ran: 'click', input: input(1), draws: 9 })],
        1,
        'paused',
      ),
    );
    expect(timeline.getState().divergence).toBe(
      'Replay diverged at tick 1: random draws was 1, replay 9',
    );
    expect(notices).toHaveLength(1);
  });

  it('a seek during a replay waits for it, then goes on (slider drags)', () => {
    const { timeline, replays, sent } = setup();
    timeline.pause();
    timeline.seek(0);
    timeline.seek(1);
    expect(replays).toHaveLength(1);
    timeline.handle(replays[0]!.frame, ticks([rec(0)], 0, 'paused'));
    expect(sent.at(-1)).toMatchObject({ type: 'run-until', tick: 1 });
  });

  it('playing from an earlier tick plays the recording again, keeping its future', () => {
    const { timeline, replays, sent } = setup();
    timeline.pause();
    timeline.seek(0);
    timeline.handle(replays[0]!.frame, ticks([rec(0)], 0, 'paused'));
    timeline.play();
    expect(sent.at(-1)).toEqual({
      type: 'play',
      speed: 1,
      recording: { until: 2, inputs: [input(1)] },
    });
    expect(timeline.getState()).toMatchObject({ lastTick: 2, mode: 'playing' });
  });

  it('clamps speed to 0.25–4 and tells a playing preview', () => {
    const { timeline, sent } = setup();
    timeline.setSpeed(10);
    expect(timeline.getState().speed).toBe(4);
    expect(sent.at(-1)).toEqual({ type: 'play', speed: 4 });
  });
});

describe('compareRecords', () => {
  it('is null for equal records and names the first difference otherwise', () => {
    expect(compareRecords(rec(3), rec(3))).toBeNull();
    expect(compareRecords(rec(3), rec(3, { ran: 'frame' }))).toBe(
      'it ran was "Timeout", replay "frame"',
    );
    expect(compareRecords(rec(3), rec(3, { dom: 8 }))).toBe('the page (DOM hash) differs');
    expect(compareRecords(rec(3), rec(3, { console: 4 }))).toBe('console calls was 3, replay 4');
  });

  it('names a viewport, animation or canvas difference the DOM hash cannot see', () => {
    expect(compareRecords(rec(3), rec(3, { viewport: '640×480@2' }))).toBe(
      'the viewport was "800×600@1", replay "640×480@2"',
    );
    expect(compareRecords(rec(3), rec(3, { animations: 5 }))).toBe(
      'the animations (a CSS animation, transition or element.animate is elsewhere) differ',
    );
    expect(compareRecords(rec(3, { canvas: 1 }), rec(3, { canvas: 2 }))).toBe(
      'the canvas pixels differ',
    );
    // The viewport explains what follows from it, so it is named first.
    expect(compareRecords(rec(3), rec(3, { viewport: '1×1@1', dom: 9, canvas: 4 }))).toMatch(
      /^the viewport/,
    );
  });

  it('reports a replay that logged other text with as many console calls', () => {
    const same = (v: string) => consoleHash(consoleHash(0, entry('start')), entry(v));
    const entry = (v: string) => ({ level: 'log' as const, args: [{ t: 'string' as const, v }] });
    expect(
      compareRecords(rec(3, { consoleText: same('0.25') }), rec(3, { consoleText: same('0.25') })),
    ).toBeNull();
    expect(
      compareRecords(rec(3, { consoleText: same('0.25') }), rec(3, { consoleText: same('0.75') })),
    ).toBe('the console output differs');
  });

  it('hashes console text without stacks (script URLs differ between iframes)', () => {
    const err = (stack: string) => ({
      level: 'error' as const,
      args: [{ t: 'error' as const, id: 1, name: 'Error', message: 'boom', stack, frames: [] }],
    });
    expect(consoleHash(0, err('at blob:null/aaa:1:1'))).toBe(
      consoleHash(0, err('at blob:null/bbb:1:1')),
    );
    expect(consoleHash(0, err('x'))).not.toBe(
      consoleHash(0, { ...err('x'), args: [{ ...err('x').args[0]!, message: 'bang' }] }),
    );
  });
});

describe('history limits', () => {
  const limited = (maxTicks: number, maxBytes = 1e9) => {
    const replays: { tick: number; inputs: InputRecord[] }[] = [];
    const notices: string[] = [];
    const timeline = createTimeline({
      send: () => {},
      replay(tick, inputs) {
        replays.push({ tick, inputs });
        return { frame: {}, at: tick };
      },
      resetConsole: () => {},
      showConsole: () => {},
      notice: (text) => notices.push(text),
      limits: () => ({ maxTicks, maxBytes }),
    });
    const live = {};
    timeline.startRun(live, 1000);
    return { timeline, live, replays, notices };
  };

  it('keeps the newest ticks when full and says the oldest fell out of reach', () => {
    const { timeline, live } = limited(3);
    timeline.handle(live, ticks([rec(0), rec(1), rec(2), rec(3), rec(4)], 4));
    const state = timeline.getState();
    expect(state.lastTick).toBe(4);
    expect(state.firstTick).toBe(2);
    expect(state.historyNote).toMatch(/Ticks before 2 fell out of the history/);
  });

  it('clamps seeks and step back to the oldest kept tick; replays still get every input', () => {
    const { timeline, live, replays } = limited(3);
    const recs = [rec(0), rec(1, { kind: 'input', input: input(1) }), rec(2), rec(3), rec(4)];
    timeline.handle(live, ticks(recs, 4, 'paused'));
    timeline.seek(0);
    expect(replays).toEqual([{ tick: 2, inputs: [input(1)] }]);
  });

  it('does not step back past the oldest kept tick', () => {
    const { timeline, live, replays } = limited(3);
    timeline.handle(live, ticks([rec(0), rec(1), rec(2), rec(3), rec(4)], 2, 'paused'));
    timeline.stepBack();
    expect(replays).toHaveLength(0);
  });

  it('drops old console output with its ticks (memory budget)', () => {
    const { timeline, live } = limited(1_000_000, 2_000);
    timeline.handle(live, ticks([rec(0)], 0));
    for (let t = 1; t <= 40; t++) {
      timeline.handle(live, log(t, 'x'.repeat(50)));
      timeline.handle(live, ticks([rec(t)], t));
    }
    const state = timeline.getState();
    expect(state.lastTick).toBe(40);
    expect(state.firstTick).toBeGreaterThan(0);
  });
});

describe('checkpoints', () => {
  it('a replay from a checkpoint before the target runs on to the target once it rests', () => {
    const sent: HostMessage[] = [];
    const frame = {};
    const timeline = createTimeline({
      send: (m) => sent.push(m),
      replay: () => ({ frame, at: 2 }),
      resetConsole: () => {},
      showConsole: () => {},
      notice: () => {},
    });
    const live = {};
    timeline.startRun(live, 1000);
    timeline.handle(live, ticks([rec(0), rec(1), rec(2), rec(3), rec(4), rec(5)], 5, 'paused'));
    timeline.seek(4);
    expect(timeline.getState().mode).toBe('replaying');
    const modes: string[] = [];
    timeline.subscribe(() => modes.push(timeline.getState().mode));
    timeline.handle(frame, ticks([rec(0), rec(1), rec(2)], 2, 'paused'));
    expect(sent.at(-1)).toMatchObject({ type: 'run-until', tick: 4 });
    // Resting at the checkpoint is not a pause anyone acts on (no checkpoints parked there).
    expect(modes).not.toContain('paused');
    timeline.handle(frame, ticks([rec(3), rec(4)], 4, 'paused'));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 4 });
  });

  it('a console evaluation is sent to the preview; behind the end it starts a new future', () => {
    const { timeline, sent, replays } = setup();
    expect(timeline.evaluate('1 + 1')).toBeNull();
    expect(sent.at(-1)).toEqual({ type: 'evaluate', source: '1 + 1' });
    timeline.stepBack();
    // Still going back: the line is refused with a reason (the input box keeps it).
    expect(timeline.evaluate('2')).toMatch(/still going/);
    timeline.handle(replays[0]!.frame, ticks([], 1, 'paused'));
    expect(timeline.evaluate('2')).toBeNull();
    expect(timeline.getState().lastTick).toBe(1);
    expect(timeline.inputsUpTo(5)).toEqual([input(1)]);
    // The future it replaced is kept, as for a click behind the end.
    expect(timeline.getState().futures).toEqual([{ forkTick: 1, lastTick: 2 }]);
    timeline.stop();
    expect(timeline.evaluate('3')).toMatch(/press Run/);
  });
});
