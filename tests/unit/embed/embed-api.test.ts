import { describe, expect, it } from 'vitest';
import { createEmbedApi, type EmbedApiDeps } from '../../../src/embed/embed-api';
import { createProjectStore } from '../../../src/project/model/store';
import { decodeFragment } from '../../../src/project/share/share-codec';
import { createRunController } from '../../../src/run/controller';
import type { Program, Project } from '../../../src/protocol';
import type { FormatResult } from '../../../src/format/format-types';
import type { SharedRun } from '../../../src/project/share/run-share';
import { rec, setup, ticks } from '../run/timeline-fixtures';

const text = (t: string) => ({ kind: 'text' as const, text: t });
const initial: Project = {
  name: 'Lesson',
  entry: 'src/main.ts',
  files: { 'src/main.ts': text('import "./a";\n'), 'src/a.ts': text('export {};\n') },
};
const program: Program = { entry: 'src/main.ts', modules: {}, vendor: [], cdn: [] };

function api(overrides: Partial<EmbedApiDeps> = {}) {
  const project = createProjectStore(initial);
  const { timeline, live, sent, replays } = setup();
  const controller = createRunController({
    build: () => Promise.resolve({ id: 1, ms: 1, program, diagnostics: [] }),
    getProject: () => project.getState().project,
    getCdnBase: () => '',
    startPreview: () => {},
    stopPreview: () => {},
  });
  const formatted: { path: string; text: string }[] = [];
  const methods = createEmbedApi({
    project,
    controller,
    timeline,
    format: ({ path, text }): Promise<FormatResult> => {
      formatted.push({ path, text });
      return Promise.resolve({ ok: true, text: text.replace(/\s+;/g, ';') });
    },
    shareable: () => null,
    appBase: 'https://playpen.test/',
    initial,
    ...overrides,
  });
  return { methods, project, timeline, live, sent, replays, formatted };
}

/** Whether a promise has settled by the end of the current task's microtasks. */
const settled = async (p: Promise<unknown>) => {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('the embed API: time', () => {
  it('resolves a pause once the preview says where it rests', async () => {
    const { methods, live, sent, timeline } = api();
    const pausing = methods.pause({ method: 'pause' }) as Promise<unknown>;
    expect(await settled(pausing)).toBe(false);
    expect(sent.at(-1)).toEqual({ type: 'pause' });
    timeline.handle(live, ticks([rec(3)], 3, 'paused'));
    expect(await pausing).toEqual({ tick: 3, lastTick: 3, paused: true });
  });

  it('steps back and seeks by replays, resolving where each rests', async () => {
    const { methods, live, replays, timeline } = api();
    timeline.pause();
    timeline.handle(live, ticks([], 2, 'paused'));
    const back = methods.stepBack({ method: 'stepBack' }) as Promise<unknown>;
    await settled(back);
    expect(replays.at(-1)!.tick).toBe(1);
    timeline.handle(replays.at(-1)!.frame, ticks([rec(0), rec(1)], 1, 'paused'));
    expect(await back).toEqual({ tick: 1, lastTick: 2, paused: true });

    const seek = methods.seek({ method: 'seek', tick: 0 }) as Promise<unknown>;
    await settled(seek);
    timeline.handle(replays.at(-1)!.frame, ticks([rec(0)], 0, 'paused'));
    expect(await seek).toEqual({ tick: 0, lastTick: 2, paused: true });
    await expect(methods.stepBack({ method: 'stepBack' })).rejects.toThrow(
      'Already at tick 0, the first one the run still holds.',
    );
    await expect(methods.seek({ method: 'seek', tick: 7 })).rejects.toThrow(
      'Tick 7 is not in the run: it holds ticks 0 to 2.',
    );
  });

  it('refuses time calls without a run, and rejects a wait the run’s end cuts short', async () => {
    const { methods, timeline } = api();
    const pausing = methods.pause({ method: 'pause' }) as Promise<unknown>;
    await settled(pausing);
    timeline.stop();
    await expect(pausing).rejects.toThrow('The run ended before it got there');
    await expect(methods.play({ method: 'play' })).rejects.toThrow(
      'Nothing is running yet: call run() (or wait for the first run).',
    );
  });

  it('plays from a pause, and says when nothing is due for a step', async () => {
    const { methods, live, timeline, sent } = api();
    timeline.pause();
    timeline.handle(live, {
      type: 'ticks',
      records: [],
      state: { mode: 'paused', tick: 2, now: 1020, nextDue: null },
    });
    await expect(methods.stepForward({ method: 'stepForward' })).rejects.toThrow(
      'Nothing to step to from tick 2: no timer, animation frame or recorded tick is due.',
    );
    expect(await methods.play({ method: 'play' })).toEqual({ tick: 2, lastTick: 2, paused: false });
    expect(sent.at(-1)).toEqual({ type: 'play', speed: 1 });
  });
});

describe('the embed API: files', () => {
  it('reads, sets and updates files, keeping the open file, and refuses bad ones', () => {
    const { methods, project } = api();
    expect(methods.getFiles({ method: 'getFiles' })).toEqual({
      'src/main.ts': 'import "./a";\n',
      'src/a.ts': 'export {};\n',
    });
    methods.openFile({ method: 'openFile', path: 'src/a.ts' });
    methods.setFiles({ method: 'setFiles', files: { 'src/main.ts': '1', 'src/a.ts': '2' } });
    expect(project.getState().activePath).toBe('src/a.ts');
    expect(project.getState().project.files['src/a.ts']).toEqual(text('2'));
    methods.updateFile({ method: 'updateFile', path: 'src/b.ts', text: 'new' });
    methods.updateFile({ method: 'updateFile', path: 'src/a.ts', text: 'edited' });
    expect(methods.getFiles({ method: 'getFiles' })).toEqual({
      'src/main.ts': '1',
      'src/a.ts': 'edited',
      'src/b.ts': 'new',
    });
    expect(() =>
      methods.updateFile({ method: 'updateFile', path: 'a/../b.ts', text: '' }),
    ).toThrow();
    expect(() => methods.openFile({ method: 'openFile', path: 'nope.ts' })).toThrow(
      'There is no file “nope.ts” in the project.',
    );
    expect(() =>
      methods.setFiles({ method: 'setFiles', files: { 'x.ts': '', 'y.ts': '' } }),
    ).toThrow('Which file runs first?');
    methods.reset({ method: 'reset' });
    expect(project.getState().project.files).toEqual(initial.files);
  });

  it('formats the open file, and leaves text typed meanwhile', async () => {
    const { methods, project, formatted } = api();
    project.setText('src/main.ts', 'let a = 1  ;\n');
    await methods.format({ method: 'format' });
    expect(formatted).toEqual([{ path: 'src/main.ts', text: 'let a = 1  ;\n' }]);
    expect(project.getState().project.files['src/main.ts']).toEqual(text('let a = 1;\n'));
    // The learner typed while Prettier worked: their text stays.
    const typing = api();
    const { methods: m2, project: p2 } = typing;
    const done = m2.format({ method: 'format' });
    p2.setText('src/main.ts', 'typed meanwhile');
    await done;
    expect(p2.getState().project.files['src/main.ts']).toEqual(text('typed meanwhile'));
    const failing = api({
      format: () => Promise.resolve({ ok: false, error: 'src/main.ts:1:5: Unexpected token' }),
    });
    await expect(failing.methods.format({ method: 'format' })).rejects.toThrow('Unexpected token');
  });

  it('gives a link that opens the project in the full app, and a run only when there is one', () => {
    const { methods } = api();
    const link = methods.getShareUrl({ method: 'getShareUrl', includeRun: false }) as string;
    expect(link.startsWith('https://playpen.test/#code/')).toBe(true);
    const decoded = decodeFragment(new URL(link).hash);
    expect(decoded.ok && decoded.project.files).toEqual(initial.files);
    expect(() => methods.getShareUrl({ method: 'getShareUrl', includeRun: true })).toThrow(
      'There is no run to share',
    );
    const run: SharedRun = { seed: 1, startTime: 1000, tick: 2, lastTick: 2, inputs: [] };
    const withRun = api({ shareable: () => run });
    const runLink = withRun.methods.getShareUrl({
      method: 'getShareUrl',
      includeRun: true,
    }) as string;
    const opened = decodeFragment(new URL(runLink).hash);
    expect(opened.ok && opened.options.run).toMatchObject({ seed: 1, tick: 2 });
  });
});

describe('the embed API: run', () => {
  it('resolves with the build’s outcome', async () => {
    const { methods } = api();
    expect(await methods.run({ method: 'run' })).toEqual({ ok: true, diagnostics: [] });
  });
});
