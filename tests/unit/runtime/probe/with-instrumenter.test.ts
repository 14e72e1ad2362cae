/**
 * The two halves of a logpoint together: modules built as the bundler builds them, instrumented
 * by the probe worker (workers/probe/), run by the runtime's module registry with the runtime's
 * probe. What the panel would list comes out.
 */
import { describe, expect, it } from 'vitest';
import type {
  ProbePlan,
  ProbeSpec,
  ProgramModule,
  RuntimeMessage,
} from '../../../../src/protocol/index.ts';
import { createModuleRegistry } from '../../../../src/runtime/module-registry.ts';
import { createProbe } from '../../../../src/runtime/probe/index.ts';
import { instrumentModule } from '../../../../workers/probe/instrument.ts';
import { at, built, lines } from '../../workers/probe/helpers.ts';

type Hits = Extract<RuntimeMessage, { type: 'probe-hits' }>;
type LineHits = Extract<RuntimeMessage, { type: 'line-hits' }>;

interface File {
  path: string;
  text: string;
  deps?: Record<string, string>;
  logpoints?: [line: number, expression: string][];
  lineHits?: boolean;
}

/** Builds, instruments and runs `files` (the first is the entry); returns what the probe sent. */
async function probed(files: File[], globals: object = globalThis) {
  const modules: Record<string, ProgramModule> = {};
  const sites: (ProbeSpec | null)[] = [];
  const lineMaps: Record<string, number[]> = {};
  let lineCount = 0;
  for (const file of files) {
    const module = await built(file.text, file.path);
    const logpoints = at(...(file.logpoints ?? [])).map((p) => ({
      ...p,
      site: sites.length + p.site,
    }));
    const result = instrumentModule({ ...module, logpoints, lineHits: file.lineHits ?? false });
    for (const placed of result.logpoints) {
      sites[placed.site] = placed.ok ? placed.spec : null;
      if (!placed.ok) throw new Error(placed.error);
    }
    // Counters are numbered per module by the worker; one file counts here.
    if (file.lineHits) {
      lineMaps[file.path] = result.lines;
      lineCount = result.lines.length;
    }
    modules[file.path] = {
      kind: 'js',
      code: result.code,
      url: `playpen:///${file.path}`,
      map: result.map,
      deps: file.deps ?? {},
    };
  }
  const plan: ProbePlan = { sites, lines: lineCount, maxHits: 1000 };
  const sent: RuntimeMessage[] = [];
  const probe = createProbe(plan, { global: globals, now: () => 0, send: (m) => sent.push(m) });
  const E = Error as unknown as { prepareStackTrace?: unknown };
  const hook = Object.getOwnPropertyDescriptor(E, 'prepareStackTrace');
  delete E.prepareStackTrace; // Vitest's, for its source maps: a program's would make depth 0
  let exports: unknown;
  try {
    exports = createModuleRegistry(modules, {
      vendor: {},
      cdn: new Map(),
      evaluate: globalThis.eval,
      injectCss: () => {},
      objectUrl: () => '',
      probe: probe.module,
    }).require(files[0]!.path);
  } finally {
    if (hook) Object.defineProperty(E, 'prepareStackTrace', hook);
  }
  probe.flush();
  const hits = sent.filter((m): m is Hits => m.type === 'probe-hits').flatMap((m) => m.hits);
  const lineHits = sent
    .filter((m): m is LineHits => m.type === 'line-hits')
    .flatMap((m) => m.lines);
  const runs = (path: string) =>
    Object.fromEntries(lineHits.map((l) => [lineMaps[path]![l.i]!, l.runs] as const));
  return { hits, runs, exports, sent };
}

const num = (v: number) => ({ t: 'number', v });

describe('a logpoint, instrumented by the worker and read by the runtime', () => {
  it('lists the values a line had each time it ran, with their depth', async () => {
    const { hits } = await probed([
      {
        path: 'src/main.ts',
        text: lines(
          'const ball = { x: 0, vx: 2 };',
          'function move(times: number) {',
          '  for (let i = 0; i < times; i++) {',
          '    ball.x += ball.vx;',
          '  }',
          '}',
          'move(3);',
        ),
        logpoints: [[4, 'ball.x, ball.vx, i']],
      },
    ]);
    expect(hits.map((h) => [h.depth, h.values])).toEqual([
      [2, [num(2), num(2), num(0)]],
      [2, [num(4), num(2), num(1)]],
      [2, [num(6), num(2), num(2)]],
    ]);
  });

  it('never runs a getter the line could reach; the program’s own output is unchanged', async () => {
    const { hits, exports } = await probed([
      {
        path: 'src/main.ts',
        text: lines(
          'let reads = 0;',
          'class Paddle { y = 5; get speed() { reads++; return 3; } }',
          'const paddle = new Paddle();',
          'paddle.y += 1;',
          'export const seen = reads;',
        ),
        logpoints: [[4, 'paddle.y, paddle.speed, reads']],
      },
    ]);
    expect(hits[0]!.values).toEqual([
      num(6),
      { t: 'unread', why: 'paddle.speed is a getter: a logpoint does not run it' },
      num(0),
    ]);
    expect((exports as { seen: number }).seen).toBe(0);
  });

  it('reads an imported binding; a namespace import’s member goes through a getter it cannot vet', async () => {
    const { hits } = await probed([
      {
        path: 'src/main.ts',
        text: lines(
          "import { config } from './config';",
          "import * as util from './util';",
          'const speed = config.speed * 2;',
          'export { speed };',
          'export const scaled = speed * util.scale;',
        ),
        deps: { './config': 'src/config.ts', './util': 'src/util.ts' },
        logpoints: [[3, 'speed, config.speed, util.scale']],
      },
      { path: 'src/config.ts', text: 'export const config = { speed: 4 };' },
      { path: 'src/util.ts', text: 'export const scale = 10;' },
    ]);
    // `util` is esbuild's copy of util's exports: each member a getter `() => from[key]`, whose
    // `from` the runtime cannot see (a CommonJS module's own getter, or a Proxy, would run).
    expect(hits[0]!.values).toEqual([
      num(8),
      num(4),
      { t: 'unread', why: 'util.scale is a getter: a logpoint does not run it' },
    ]);
  });

  it('says what threw for one value, and reads the others', async () => {
    const { hits } = await probed([
      {
        path: 'src/main.ts',
        text: lines(
          'function show() {',
          '  const a = 1;',
          '  let late = 2;',
          '  return a + late;',
          '}',
          'show();',
        ),
        logpoints: [[2, 'a, late, missing.x']],
      },
    ]);
    expect(hits[0]!.values).toEqual([
      num(1),
      { t: 'thrown', text: "ReferenceError: Cannot access 'late' before initialization" },
      { t: 'thrown', text: 'ReferenceError: missing is not defined' },
    ]);
  });

  it('counts the runs of each line of the open file', async () => {
    const { runs } = await probed([
      {
        path: 'src/main.ts',
        text: lines(
          'let total = 0;',
          'for (let i = 0; i < 4; i++) {',
          '  if (i % 2 === 0) {',
          '    total += i;',
          '  }',
          '}',
          'export { total };',
        ),
        lineHits: true,
      },
    ]);
    expect(runs('src/main.ts')).toMatchObject({ 1: 1, 2: 4, 3: 4, 4: 2 });
  });
});
