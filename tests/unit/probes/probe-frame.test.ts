import { describe, expect, it } from 'vitest';
import type { Program, RuntimeMessage, TickRecord } from '../../../src/protocol';
import {
  PROBE_HANG_MS,
  startProbeFrame,
  type ProbeFrameEvents,
} from '../../../src/probes/probe-frame';
import { fakeFrameClock, fakeHost, record, settle, ticks } from './probe-fakes';

const program = { entry: 'a.ts', modules: {}, vendor: [], cdn: [] } as Program;
const run = { runId: 1, seed: 5, startTime: 1000, replay: { tick: 3, inputs: [] } };

function heard() {
  const log: string[] = [];
  const events: ProbeFrameEvents = {
    probes: (m) => void log.push(m.type),
    ticks: (records: TickRecord[], state) =>
      void log.push(`ticks ${records.length} ${state.mode}@${state.tick}`),
    hung: (tick) => void log.push(`hung ${tick}`),
    failed: (e) => void log.push(`failed ${e.message}`),
  };
  return { log, events };
}

describe('a probed replay’s hidden frame', () => {
  it('starts with the run and its probes, hears checked messages, and moves on once it rests', async () => {
    const f = fakeHost();
    const { log, events } = heard();
    const { clock } = fakeFrameClock();
    const plan = { sites: [], lines: 2, maxHits: 10 };
    const frame = startProbeFrame(f.host, program, { ...run, probes: plan }, events, clock);
    frame.moveTo(5, []);
    await settle();
    // The move asked for while it booted is where it replays to at once.
    expect(f.started[0]!.run.replay!.tick).toBe(5);
    expect(f.started[0]!.run.probes).toBe(plan);
    f.report({ type: 'line-hits', lines: [{ i: 0, runs: 2, ticks: [1, 2] }] });
    f.report({ type: 'probe-hits', hits: 'not a list', over: [] });
    f.report(ticks([record(0), record(1)], 'replaying'));
    f.report({ type: 'viewport', size: { width: 10, height: 10 } } satisfies RuntimeMessage);
    expect(frame.resting()).toBe(false);
    frame.moveTo(8, []);
    expect(f.sent).toEqual([]);
    f.report(ticks([record(5)], 'paused'));
    expect(frame.ranOut()).toBe(false);
    expect(f.sent).toEqual([{ type: 'run-until', tick: 8, inputs: [] }]);
    expect(log).toEqual(['line-hits', 'ticks 2 replaying@1', 'ticks 1 paused@5']);
    expect(f.state.hostMessages.map((m) => m.type)).toEqual(['viewport']);
    frame.moveTo(7, []);
    expect(f.sent).toHaveLength(1);
  });

  it('says it ran out when it rests short of its target', async () => {
    const f = fakeHost();
    const frame = startProbeFrame(f.host, program, run, heard().events, fakeFrameClock().clock);
    await settle();
    f.report(ticks([record(2)], 'paused'));
    expect(frame.ranOut()).toBe(true);
    expect(frame.reached()).toBe(2);
  });

  it('is removed and reported when it goes silent while replaying, never while resting', async () => {
    const f = fakeHost();
    const { log, events } = heard();
    const time = fakeFrameClock();
    startProbeFrame(f.host, program, run, events, time.clock);
    await settle();
    f.report(ticks([record(0)], 'replaying'));
    time.advance(PROBE_HANG_MS - 500);
    expect(log).not.toContain('hung 1');
    time.advance(1000);
    expect(log).toContain('hung 1');
    expect(f.state.removed).toBe(true);

    const g = fakeHost();
    const quiet = heard();
    const later = fakeFrameClock();
    startProbeFrame(g.host, program, run, quiet.events, later.clock);
    await settle();
    g.report(ticks([record(3)], 'paused'));
    later.advance(PROBE_HANG_MS * 3);
    expect(quiet.log.some((l) => l.startsWith('hung'))).toBe(false);
  });

  it('a frame that never comes says why', async () => {
    const f = fakeHost();
    f.host.hiddenFrame = () => Promise.reject(new Error('preview.html is missing'));
    const { log, events } = heard();
    startProbeFrame(f.host, program, run, events, fakeFrameClock().clock);
    await settle();
    expect(log).toEqual(['failed preview.html is missing']);
  });
});
