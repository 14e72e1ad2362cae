import { describe, expect, it } from 'vitest';
import type {
  InstrumentRequest,
  InstrumentResult,
  Program,
  TickRecord,
} from '../../../src/protocol';
import { createProbeSession } from '../../../src/probes/probe-session';
import { logpointView } from '../../../src/probes/probe-views';
import { fakeFrameClock, fakeHost, record, settle, ticks } from './probe-fakes';

const program: Program = {
  entry: 'src/main.ts',
  modules: {
    'src/main.ts': { kind: 'js', code: 'orig', url: '', map: '{}', deps: {} },
    'src/other.ts': { kind: 'js', code: 'other', url: '', map: '{}', deps: {} },
  },
  vendor: [],
  cdn: [],
};
const logpoints = [
  { id: 'a', path: 'src/main.ts', line: 3, expression: 'ball.x' },
  { id: 'b', path: 'src/main.ts', line: 99, expression: 'y' },
  { id: 'c', path: 'src/gone.ts', line: 1, expression: 'z' },
];

/** The instrumenter's answer: `a` placed after its line, `b` on a line without code. */
async function instrument(request: InstrumentRequest): Promise<InstrumentResult> {
  return {
    code: `probed(${request.code})`,
    map: '{}',
    lines: request.lineHits ? [1, 3] : [],
    logpoints: request.logpoints.map((l) =>
      l.line === 3
        ? {
            site: l.site,
            ok: true as const,
            line: 3,
            when: 'after' as const,
            spec: { values: [{ label: 'ball.x', expr: { k: 'lit' as const, v: 1 } }], slots: [] },
          }
        : { site: l.site, ok: false as const, error: 'Line 99 has no code that runs here.' },
    ),
  };
}

function timeline(records: TickRecord[], lastTick: number) {
  return {
    getState: () =>
      ({ lastTick }) as ReturnType<
        Parameters<typeof createProbeSession>[0]['timeline']['getState']
      >,
    inputsUpTo: () => [],
    recordAt: (tick: number) => records[tick],
    startViewport: () => ({ width: 300, height: 150 }),
    startEnvironment: () => undefined,
  };
}

describe('a probed replay', () => {
  it('replays the run with the probed program to the last tick and gathers hits by logpoint', async () => {
    const f = fakeHost();
    let changes = 0;
    const recorded = [record(0), record(1), record(2)];
    const session = createProbeSession({
      host: f.host,
      timeline: timeline(recorded, 2),
      program,
      run: { runId: 4, seed: 9, startTime: 1000 },
      request: { logpoints, lineHits: null },
      instrument,
      changed: () => changes++,
      clock: fakeFrameClock().clock,
    });
    expect(session.status().phase).toBe('preparing');
    await settle();
    await settle();
    const { program: sent, run } = f.started[0]!;
    expect(sent.modules['src/main.ts']).toMatchObject({ code: 'probed(orig)' });
    expect(sent.modules['src/other.ts']).toBe(program.modules['src/other.ts']);
    expect(run).toMatchObject({
      seed: 9,
      startTime: 1000,
      replay: { tick: 2, viewport: { width: 300, height: 150 } },
    });
    expect(run.probes!.sites).toHaveLength(2);

    f.report({
      type: 'probe-hits',
      hits: [{ site: 0, tick: 1, now: 1016, depth: 1, values: [{ t: 'number', v: 5 }] }],
      over: [],
    });
    f.report(ticks(recorded, 'paused'));
    expect(session.status().phase).toBe('current');
    expect(changes).toBeGreaterThan(0);
    const views = logpoints.map((l) => logpointView(l, [session], 2));
    expect(views[0]).toMatchObject({
      phase: 'current',
      when: 'after',
      kept: 1,
      labels: ['ball.x'],
      error: null,
    });
    expect(views[1]!.error).toBe('Line 99 has no code that runs here.');
    expect(views[2]!.error).toMatch(/src\/gone.ts is not part of this run/);

    // The recording grows: the replay follows.
    session.follow(5);
    expect(session.status().phase).toBe('replaying');
    expect(f.sent).toEqual([{ type: 'run-until', tick: 5, inputs: [] }]);
  });

  it('shows a tick whose fingerprint differs from the recording at the logpoint', async () => {
    const f = fakeHost();
    const recorded = [record(0), record(1), record(2)];
    const session = createProbeSession({
      host: f.host,
      timeline: timeline(recorded, 2),
      program,
      run: { runId: 4, seed: 9, startTime: 1000 },
      request: { logpoints: logpoints.slice(0, 1), lineHits: null },
      instrument,
      changed: () => {},
      clock: fakeFrameClock().clock,
    });
    await settle();
    await settle();
    f.report(ticks([record(0), record(1, { dom: 8 }), record(2, { dom: 9 })], 'paused'));
    const view = logpointView(logpoints[0]!, [session], 2);
    expect(view.notes[0]).toBe(
      'A logpoint changed the program at tick 1: the page (DOM hash) differs. Values from there on may not be the run’s.',
    );
  });

  it('a worker that fails says so at every logpoint', async () => {
    const f = fakeHost();
    const session = createProbeSession({
      host: f.host,
      timeline: timeline([], 0),
      program,
      run: { runId: 4, seed: 9, startTime: 1000 },
      request: { logpoints: logpoints.slice(0, 1), lineHits: null },
      instrument: () => Promise.reject(new Error('worker crashed')),
      changed: () => {},
      clock: fakeFrameClock().clock,
    });
    await settle();
    expect(session.status()).toMatchObject({
      phase: 'stopped',
      problem: 'Logpoints could not be added (worker crashed).',
    });
    expect(logpointView(logpoints[0]!, [session], 0).error).toBe(
      'Logpoints could not be added (worker crashed).',
    );
  });
});
