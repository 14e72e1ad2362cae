import { describe, expect, it } from 'vitest';
import { createRunController } from '../../../src/run/controller';
import { INITIAL_TIMELINE } from '../../../src/run/timeline-types';
import type { BuildResult, Program, Project } from '../../../src/protocol';
import type { EmbedEvents } from '../../../src/protocol/embed';
import {
  followRuns,
  followTicks,
  nextBuild,
  PLAYING_TICK_MS,
  restingTick,
} from '../../../src/embed/run-events';
import { fakeClock } from '../fake-clock';
import { rec, setup, ticks } from '../run/timeline-fixtures';

type Heard = [keyof EmbedEvents, unknown][];
const recorder = () => {
  const heard: Heard = [];
  const emit = <N extends keyof EmbedEvents>(name: N, data: EmbedEvents[N]) =>
    void heard.push([name, data]);
  return { heard, emit };
};
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('tick events', () => {
  it('are where the run rests: nothing while a pause, a step or a replay is on its way', () => {
    const at = { ...INITIAL_TIMELINE, active: true, tick: 4, lastTick: 9 };
    expect(restingTick({ ...at, mode: 'paused' })).toEqual({ tick: 4, lastTick: 9, paused: true });
    expect(restingTick({ ...at, mode: 'playing' })).toEqual({
      tick: 4,
      lastTick: 9,
      paused: false,
    });
    expect(restingTick({ ...at, mode: 'paused', awaiting: true })).toBeNull();
    expect(restingTick({ ...at, mode: 'replaying' })).toBeNull();
    expect(restingTick({ ...at, active: false })).toBeNull();
  });

  it('follow a playing run at most every 100 ms, and a pause at once', async () => {
    const { timeline, live } = setup();
    const { clock, advance } = fakeClock();
    const { heard, emit } = recorder();
    followTicks(timeline, emit, clock);
    await flush();
    expect(heard).toEqual([['tick', { tick: 2, lastTick: 2, paused: false }]]);
    timeline.handle(live, ticks([rec(3)], 3));
    await flush();
    expect(heard.at(-1)).toEqual(['tick', { tick: 3, lastTick: 3, paused: false }]);
    advance(10);
    timeline.handle(live, ticks([rec(4)], 4));
    advance(10);
    timeline.handle(live, ticks([rec(5)], 5));
    await flush();
    expect(heard).toHaveLength(2);
    advance(PLAYING_TICK_MS);
    await flush();
    expect(heard.at(-1)).toEqual(['tick', { tick: 5, lastTick: 5, paused: false }]);
    expect(heard).toHaveLength(3);
    timeline.pause();
    await flush();
    expect(heard).toHaveLength(3);
    timeline.handle(live, ticks([rec(6)], 6, 'paused'));
    await flush();
    expect(heard.at(-1)).toEqual(['tick', { tick: 6, lastTick: 6, paused: true }]);
  });
});

const program: Program = { entry: 'src/main.ts', modules: {}, vendor: [], cdn: [] };
const project: Project = { name: 'p', entry: 'src/main.ts', files: {} };

function controllerWithBuilds() {
  const builds: ((r: BuildResult | 'stale') => void)[] = [];
  const controller = createRunController({
    build: () => new Promise((resolve) => builds.push(resolve)),
    getProject: () => project,
    getCdnBase: () => '',
    startPreview: () => {},
    stopPreview: () => {},
  });
  return { controller, builds };
}

describe('build and run events', () => {
  it('say how each build ended, and each new run', async () => {
    const { controller, builds } = controllerWithBuilds();
    const { heard, emit } = recorder();
    followRuns(controller, emit);
    const first = nextBuild(controller);
    void controller.run();
    builds[0]!({
      id: 1,
      ms: 1,
      diagnostics: [
        { severity: 'error', file: 'src/main.ts', line: 2, column: 5, text: 'Expected ";"' },
      ],
    });
    const failed = {
      ok: false,
      diagnostics: [
        { severity: 'error', file: 'src/main.ts', line: 2, column: 5, text: 'Expected ";"' },
      ],
      message: 'src/main.ts:2:5: Expected ";"',
    };
    expect(await first).toEqual(failed);
    expect(heard).toEqual([['build', failed]]);

    const second = nextBuild(controller);
    void controller.run();
    builds[1]!({ id: 2, ms: 1, program, diagnostics: [] });
    expect(await second).toEqual({ ok: true, diagnostics: [] });
    await flush();
    expect(heard.slice(1)).toEqual([
      ['build', { ok: true, diagnostics: [] }],
      ['run', { run: 1 }],
    ]);
  });

  it('wait past a build a newer one superseded', async () => {
    const { controller, builds } = controllerWithBuilds();
    const { heard, emit } = recorder();
    followRuns(controller, emit);
    const outcome = nextBuild(controller);
    void controller.run();
    void controller.run();
    builds[0]!('stale');
    await flush();
    expect(heard).toEqual([]);
    builds[1]!({ id: 2, ms: 1, program, diagnostics: [] });
    expect(await outcome).toEqual({ ok: true, diagnostics: [] });
    await flush();
    expect(heard.filter(([name]) => name === 'build')).toHaveLength(1);
  });
});
