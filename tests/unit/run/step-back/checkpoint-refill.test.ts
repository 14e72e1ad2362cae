import { createClock } from '@sinonjs/fake-timers';
import { describe, expect, it } from 'vitest';
import { createConsoleStore } from '../../../../src/console/console-store';
import type { PreviewHost } from '../../../../src/preview/preview-host';
import type { HostMessage, Program, RuntimeMessage, TickRecord } from '../../../../src/protocol';
import type { RunInfo } from '../../../../src/run/controller';
import { POLL_MS, STUCK_MS } from '../../../../src/run/step-back/checkpoint-refill';
import type { ParkedPreviews } from '../../../../src/run/step-back/parked-previews';
import { wireTimeline } from '../../../../src/run/timeline-wiring';

const rec = (tick: number): TickRecord => ({
  tick,
  now: 1000 + tick * 16,
  kind: tick === 0 ? 'eval' : 'frame',
  ran: tick === 0 ? 'evaluate' : 'requestAnimationFrame',
  draws: 0,
  timers: 1,
  console: 0,
  consoleText: 0,
  dom: 7,
  viewport: '800×600@1',
  animations: 0,
});
const ticks = (tick: number, records: TickRecord[] = []): RuntimeMessage => ({
  type: 'ticks',
  records,
  state: { mode: 'paused', tick, now: 1000 + tick * 16, nextDue: 1000 + (tick + 1) * 16 },
});
const program: Program = {
  entry: 'src/main.ts',
  modules: {
    'src/main.ts': { kind: 'js', code: 'requestAnimationFrame(function f() {});', map: '' },
  },
  vendor: [],
  cdn: [],
} as unknown as Program;

/**
 * Hidden previews that record what the refill asks of them. Each is known by the tick it was
 * parked at; `arrive` plays the runtime's side (every parked preview reports it rests).
 */
function fakeParked() {
  const entries = new Map<RunInfo, { target: number; reached: number }>();
  const log: string[] = [];
  const find = (tick: number) => [...entries].find(([, e]) => e.target === tick)?.[0];
  const previews: ParkedPreviews = {
    park(_program, run) {
      entries.set(run, { target: run.replay!.tick, reached: 0 });
      log.push(`park ${run.replay!.tick}`);
    },
    reached: (run) => entries.get(run)?.reached ?? -1,
    advance(run, tick) {
      const e = entries.get(run)!;
      log.push(`advance ${e.target}→${tick}`);
      e.target = tick;
    },
    promote(run) {
      const e = entries.get(run);
      if (!e) return null;
      entries.delete(run);
      log.push(`promote ${e.target}`);
      return e.target;
    },
    drop(run) {
      for (const key of run ? [run] : [...entries.keys()]) {
        const e = entries.get(key);
        if (e) log.push(`drop ${e.target}`);
        entries.delete(key);
      }
    },
  };
  const arrive = () => entries.forEach((e) => (e.reached = e.target));
  const parkedTicks = () => [...entries.values()].map((e) => e.target).sort((a, b) => b - a);
  return { previews, log, arrive, parkedTicks, find };
}

/** A run played to tick 100 and paused there, wired to fake previews and a fake clock. */
function pausedAt100(checkpoints = 3) {
  const clock = createClock();
  const parked = fakeParked();
  const started: RunInfo[] = [];
  const sent: HostMessage[] = [];
  const host = {
    start: async (_program: Program, run: RunInfo) => void started.push(run),
    send: (message: HostMessage) => void sent.push(message),
  } as unknown as PreviewHost;
  const run: RunInfo = { runId: 1, seed: 42, startTime: 1000 };
  let current: { program: Program; run: RunInfo } | null = { program, run };
  const { timeline, checkpoints: refill } = wireTimeline({
    console: createConsoleStore({ schedule: (flush) => flush() }),
    getHost: () => host,
    getParked: () => parked.previews,
    getCurrent: () => current,
    getDiagnostics: () => [],
    getOptions: () => ({ checkpoints, maxTicks: 10_000, maxBytes: 1 << 24 }),
    clock: {
      now: () => clock.now,
      setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
      clearTimeout: (handle) => clock.clearTimeout(handle as ReturnType<typeof clock.setTimeout>),
    },
  });
  timeline.startRun(run, run.startTime);
  const records = Array.from({ length: 101 }, (_, tick) => rec(tick));
  timeline.handle(run, ticks(100, records));
  /** Lets parked previews arrive and the refill poll, until it has nothing left to do. */
  const settle = () => {
    for (let i = 0; i < 20; i++) {
      parked.arrive();
      clock.tick(POLL_MS);
    }
  };
  const newRun = (next: RunInfo) => {
    current = { program, run: next };
    timeline.startRun(next, next.startTime);
  };
  return { clock, parked, started, sent, timeline, refill, settle, newRun, run };
}

describe('checkpoint refill', () => {
  it('after a pause at tick 100 keeps checkpoints at 99, 98, 97 (just behind), 96 and 64, nearest first, one at a time', () => {
    const { parked, clock, settle } = pausedAt100();
    expect(parked.log).toEqual(['park 99']);
    // Nothing else starts while the first one is still replaying.
    clock.tick(POLL_MS * 10);
    expect(parked.log).toEqual(['park 99']);
    settle();
    expect(parked.log).toEqual(['park 99', 'park 98', 'park 97', 'park 96', 'park 64']);
    expect(parked.parkedTicks()).toEqual([99, 98, 97, 96, 64]);
  });

  it('parks nothing more once playing again (the ticks move on)', () => {
    const { parked, timeline, settle } = pausedAt100();
    expect(parked.log).toEqual(['park 99']);
    timeline.play();
    settle();
    expect(parked.log).toEqual(['park 99']);
  });

  it('a step back swaps in the checkpoint at the tick before; the next ones are already there, the far one moves up', () => {
    const { parked, started, timeline, settle } = pausedAt100();
    settle();
    parked.log.length = 0;
    const promoted = parked.find(99)!;
    timeline.stepBack();
    expect(parked.log).toEqual(['promote 99']);
    // No replay from tick 0: the checkpoint is the preview now.
    expect(started).toEqual([]);
    expect(timeline.getState().mode).toBe('replaying');
    parked.log.length = 0;
    timeline.handle(promoted, ticks(99));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 99 });
    settle();
    // 98, 97 and 96 stay; 64 moves on to 88 (cheaper than a replay); only 64 is parked anew.
    expect(parked.log).toEqual(['advance 64→88', 'park 64']);
    expect(parked.parkedTicks()).toEqual([98, 97, 96, 88, 64]);
  });

  it('a seek back uses the nearest earlier checkpoint and runs on from it', () => {
    const { parked, started, sent, timeline, settle } = pausedAt100();
    settle();
    parked.log.length = 0;
    const promoted = parked.find(64)!;
    timeline.seek(80);
    expect(parked.log).toEqual(['promote 64']);
    expect(started).toEqual([]);
    timeline.handle(promoted, ticks(64));
    expect(sent.at(-1)).toMatchObject({ type: 'run-until', tick: 80 });
  });

  it('replays from tick 0 in a fresh preview when no checkpoint is at or before the target', () => {
    const { parked, started, timeline, settle } = pausedAt100(1);
    settle();
    expect(parked.parkedTicks()).toEqual([99]);
    parked.log.length = 0;
    timeline.seek(50);
    expect(parked.log).toEqual([]);
    expect(started.map((r) => r.replay?.tick)).toEqual([50]);
  });

  it('drops every checkpoint and stops refilling when the run is discarded', () => {
    const { parked, timeline, settle } = pausedAt100();
    parked.arrive();
    timeline.stop();
    expect(parked.parkedTicks()).toEqual([]);
    parked.log.length = 0;
    settle();
    expect(parked.log).toEqual([]);
  });

  it("drops the previous run's checkpoints when a new run starts", () => {
    const { parked, newRun, settle, run } = pausedAt100();
    settle();
    parked.log.length = 0;
    newRun({ ...run, runId: 2 });
    expect(parked.log).toEqual(['drop 99', 'drop 98', 'drop 97', 'drop 96', 'drop 64']);
    settle();
    expect(parked.parkedTicks()).toEqual([]);
  });

  it('replaces a parked preview that never arrives', () => {
    const { parked, clock } = pausedAt100();
    expect(parked.log).toEqual(['park 99']);
    clock.tick(STUCK_MS + POLL_MS * 4);
    expect(parked.log.slice(0, 3)).toEqual(['park 99', 'drop 99', 'park 99']);
  });

  it('stops polling and following pauses once disposed', () => {
    const { parked, clock, refill, timeline, run } = pausedAt100();
    refill.dispose();
    clock.tick(STUCK_MS + POLL_MS * 4);
    expect(parked.log).toEqual(['park 99']);
    parked.arrive();
    timeline.play();
    const later = Array.from({ length: 20 }, (_, i) => rec(101 + i));
    timeline.handle(run, ticks(120, later));
    expect(timeline.getState()).toMatchObject({ mode: 'paused', tick: 120 });
    clock.tick(POLL_MS * 10);
    expect(parked.log).toEqual(['park 99']);
  });
});
