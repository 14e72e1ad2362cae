import { describe, expect, it } from 'vitest';
import type { InstrumentRequest, InstrumentResult, Program } from '../../../src/protocol';
import { createProjectStore } from '../../../src/project/model/store';
import { createTimeline } from '../../../src/run/timeline';
import { createAskPast } from '../../../src/probes/ask-past';
import type { PreviewHost } from '../../../src/preview/preview-host';
import { fakeFrameClock, fakeHost, record, settle, ticks } from './probe-fakes';

const SOURCE = 'let x = 1;\nx += 1;\n';
const program: Program = {
  entry: 'src/main.ts',
  modules: {
    'src/main.ts': {
      kind: 'js',
      code: 'code',
      url: '',
      map: JSON.stringify({ sourcesContent: [SOURCE] }),
      deps: {},
    },
  },
  vendor: [],
  cdn: [],
};

function setup() {
  const project = createProjectStore({
    name: 'p',
    entry: 'src/main.ts',
    files: { 'src/main.ts': { kind: 'text', text: SOURCE } },
  });
  const timeline = createTimeline({
    send: () => {},
    replay: (tick) => ({ frame: {}, at: tick }),
    resetConsole: () => {},
    showConsole: () => {},
    notice: () => {},
  });
  const frame = {};
  const hosts: ReturnType<typeof fakeHost>[] = [];
  const host = {
    hiddenFrame: () => {
      const f = fakeHost();
      hosts.push(f);
      return f.host.hiddenFrame();
    },
    startHidden: (...args: Parameters<PreviewHost['startHidden']>) =>
      hosts[hosts.length - 1]!.host.startHidden(...args),
    handleHostMessage: () => {},
  } as unknown as PreviewHost;
  const requests: InstrumentRequest[] = [];
  const worker = {
    async instrument(request: InstrumentRequest): Promise<InstrumentResult> {
      requests.push(request);
      return {
        code: 'probed',
        map: '{}',
        lines: request.lineHits ? [1, 2] : [],
        logpoints: request.logpoints.map((l) => ({
          site: l.site,
          ok: true as const,
          line: l.line,
          when: 'after' as const,
          spec: { values: [{ label: 'x', expr: { k: 'lit' as const, v: 0 } }], slots: [] },
        })),
      };
    },
    defaultExpression: async (line: string) => (line.includes('x') ? 'x' : ''),
  };
  const timers: (() => void)[] = [];
  const askPast = createAskPast({
    project,
    timeline,
    getCurrent: () => ({ program, run: { runId: 1, seed: 1, startTime: 1000 } }),
    getHost: () => host,
    worker,
    setTimer: (fn) => void timers.push(fn),
    clock: fakeFrameClock().clock,
  });
  const publish = () => timers.splice(0).forEach((fn) => fn());
  return { project, timeline, askPast, hosts, requests, publish, frame };
}

describe('Ask the past', () => {
  it('adds a logpoint with the line’s default expression and probes the run with it', async () => {
    const t = setup();
    t.timeline.startRun(t.frame, 1000);
    const added = await t.askPast.addLogpoint('src/main.ts', 2);
    expect(added.ok).toBe(true);
    expect(t.project.getState().logpoints).toMatchObject([
      { path: 'src/main.ts', line: 2, expression: 'x' },
    ]);
    await settle();
    await settle();
    expect(t.requests.map((r) => r.logpoints.map((l) => l.line))).toEqual([[2]]);
    const probe = t.hosts[0]!;
    expect(probe.started[0]!.program.modules['src/main.ts']).toMatchObject({ code: 'probed' });
    probe.report({
      type: 'probe-hits',
      hits: [{ site: 0, tick: 0, now: 1000, depth: 1, values: [{ t: 'number', v: 2 }] }],
      over: [],
    });
    probe.report(ticks([record(0)], 'paused', 0));
    // The replay's first rest is what the user waits for: published at once, not throttled.
    const view = t.askPast.getState().logpoints[added.ok ? added.id : '']!;
    expect(view.phase).toBe('current');
    expect(view.hits).toHaveLength(1);
  });

  it('a logpoint in a file edited since the run waits for the next run', async () => {
    const t = setup();
    t.timeline.startRun(t.frame, 1000);
    t.project.setText('src/main.ts', '// moved\n' + SOURCE);
    await t.askPast.addLogpoint('src/main.ts', 3);
    await settle();
    t.publish();
    expect(t.requests).toEqual([]);
    const [view] = Object.values(t.askPast.getState().logpoints);
    expect(view!.phase).toBe('waiting');
  });

  it('counts the open file’s lines only while the run is paused', async () => {
    const t = setup();
    t.timeline.startRun(t.frame, 1000);
    await settle();
    expect(t.requests).toEqual([]);
    t.timeline.pause();
    await settle();
    await settle();
    expect(t.requests).toMatchObject([{ path: 'src/main.ts', lineHits: true, logpoints: [] }]);
  });
});
