import { describe, expect, test } from 'vitest';
import { deflateSync } from 'fflate';
import type { InputRecord, Project } from '../../../../src/protocol';
import { encodeBase64Url } from '../../../../src/project/share/base64url';
import { decodeFragment, encodeProject } from '../../../../src/project/share/share-codec';
import { SHARE_DICTIONARY_V1 } from '../../../../src/project/share/share-dictionary';
import { writeProject } from '../../../../src/project/share/share-format';
import {
  cutRun,
  fetchBytes,
  joinRecords,
  MAX_RUN_LINK_CHARS,
  MAX_SHARED_FETCH_BYTES,
  readRun,
  RUN_JSON_VERSION,
  runLinkProblem,
  writeRun,
  type SharedRun,
} from '../../../../src/project/share/run-share';
import { crc32 } from '../../../../src/project/import/zip-reader';
import { TEMPLATES } from '../../../../src/project/templates';

const project: Project = {
  name: 'Saved link',
  entry: 'src/main.ts',
  files: {
    'index.html': { kind: 'text', text: '<div id="app"></div>\n' },
    'src/main.ts': { kind: 'text', text: "console.log('hi');\n" },
  },
};

const click = (tick: number): InputRecord => ({
  tick,
  now: 1_700_000_000_000 + tick * 16,
  type: 'click',
  ctor: 'PointerEvent',
  target: 'element',
  path: [1, 0],
  init: { clientX: 5, clientY: 6, button: 0 },
});
const fetched = (tick: number, body: string): InputRecord => ({
  tick,
  now: 1_700_000_000_000 + tick * 16,
  type: 'fetch',
  ctor: 'Response',
  target: 'window',
  path: [],
  init: { index: 0 },
  state: { body },
});

const run: SharedRun = {
  seed: 12345,
  startTime: 1_700_000_000_000,
  tick: 2,
  lastTick: 3,
  inputs: [{ ...click(2), now: 1_700_000_000_100 }],
};

/** A format-2 fragment around hand-made record bytes (sealed as format 2 must be). */
function runLink(projectRecord: Uint8Array, runBytes: Uint8Array): string {
  const record = joinRecords(projectRecord, runBytes);
  const body = new Uint8Array([2, ...deflateSync(record, { dictionary: dict })]);
  const sealed = new Uint8Array(body.length + 4);
  sealed.set(body);
  new DataView(sealed.buffer).setUint32(body.length, crc32(body));
  return '#code/' + encodeBase64Url(sealed);
}
const dict = new TextEncoder().encode(SHARE_DICTIONARY_V1);
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('a run in a share link', () => {
  test('round-trips with the project', () => {
    const big: SharedRun = {
      seed: 2 ** 32 - 1,
      startTime: 1_764_000_000_123.5,
      tick: 150,
      lastTick: 400,
      inputs: [click(3), fetched(7, '{"a":1}'), click(120), click(399), fetched(420, 'late')],
    };
    const result = decodeFragment(encodeProject(TEMPLATES[0]!.create(), { run: big }));
    if (!result.ok) throw new Error(result.error);
    expect(result.options.run).toEqual(big);
    expect(result.runError).toBeUndefined();
  });

  test('the sender’s logpoints travel with the run; malformed ones are refused or dropped', () => {
    const logpoints = [
      { id: 'lp-1', path: 'src/main.ts', line: 4, expression: 'ball.x, ball.vx' },
      { id: 'lp-2', path: 'src/util.ts', line: 1, expression: '' },
    ];
    const result = decodeFragment(encodeProject(project, { run: { ...run, logpoints } }));
    if (!result.ok) throw new Error(result.error);
    expect(result.options.run?.logpoints).toEqual(logpoints);
    // Two on one line: the first stays.
    const twice = readRun(
      json({ ...run, logpoints: [logpoints[0], { ...logpoints[0], id: 'x' }] }),
    );
    expect(twice.ok && twice.run.logpoints?.map((l) => l.id)).toEqual(['lp-1']);
    expect(readRun(json({ ...run, logpoints: [{ ...logpoints[0], line: 0 }] }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/logpoints\.0\.line/),
    });
  });

  test('a resize of the preview (its new size) round-trips; an impossible size is refused', () => {
    const resize: InputRecord = {
      tick: 2,
      now: 1_700_000_000_032,
      type: 'resize',
      ctor: 'UIEvent',
      target: 'window',
      path: [],
      init: {},
      state: { width: 412, height: 300 },
    };
    const withResize: SharedRun = { ...run, inputs: [resize] };
    const result = decodeFragment(encodeProject(project, { run: withResize }));
    if (!result.ok) throw new Error(result.error);
    expect(result.options.run).toEqual(withResize);
    // Recorded before resizes had sizes: a plain resize event, still accepted.
    expect(readRun(json({ ...run, inputs: [{ ...resize, state: undefined }] }))).toMatchObject({
      ok: true,
    });
    for (const state of [{ width: 0, height: 300 }, { width: 1e9, height: 300 }, { width: 412 }])
      expect(readRun(json({ ...run, inputs: [{ ...resize, state }] }))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/resize at tick 2 asks for a size no preview takes/),
      });
  });

  test('an environment change (dark mode mid-run) round-trips; a malformed one is refused', () => {
    const change: InputRecord = {
      tick: 3,
      now: 1_700_000_000_048,
      type: 'environment',
      ctor: 'Event',
      target: 'window',
      path: [],
      init: {},
      state: { dpr: 1, colorScheme: 'dark', reducedMotion: false, pointer: 'fine', hover: true },
    };
    const withChange: SharedRun = { ...run, inputs: [change] };
    const result = decodeFragment(encodeProject(project, { run: withChange }));
    if (!result.ok) throw new Error(result.error);
    expect(result.options.run).toEqual(withChange);
    for (const state of [
      undefined,
      { ...change.state, colorScheme: 'sepia' },
      { ...change.state, dpr: 0 },
      { ...change.state, hover: 'yes' },
    ])
      expect(readRun(json({ ...run, inputs: [{ ...change, state }] }))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/environment change at tick 3 is not a pixel ratio/),
      });
  });

  test('the run’s start (tick-0 viewport and environment) round-trips, versioned', () => {
    const started: SharedRun = {
      ...run,
      viewport: { width: 531, height: 287 },
      environment: {
        dpr: 2,
        colorScheme: 'dark',
        reducedMotion: true,
        pointer: 'coarse',
        hover: false,
      },
    };
    expect(JSON.parse(new TextDecoder().decode(writeRun(started)))).toMatchObject({
      v: RUN_JSON_VERSION,
    });
    const result = decodeFragment(encodeProject(project, { run: started }));
    if (!result.ok) throw new Error(result.error);
    expect(result.options.run).toEqual(started);
    // A version-1 run (no `v`, no start) and a version-2 one without an environment open.
    expect(readRun(json(run))).toEqual({ ok: true, run });
    const sized = { ...run, viewport: { width: 531, height: 287 } };
    expect(readRun(json({ ...sized, v: 2 }))).toEqual({ ok: true, run: sized });
  });

  test('a run made by a newer Playpen opens the code and says so', () => {
    const result = decodeFragment(runLink(writeProject({ project }), json({ ...run, v: 3 })));
    if (!result.ok) throw new Error(result.error);
    expect(result.project).toEqual(project);
    expect(result.options.run).toBeUndefined();
    expect(result.runError).toBe(
      'The run in this link was made by a newer Playpen (run version 3), so the code opened without it: reload to update, or ask for a new link.',
    );
  });

  test('a start no preview or browser has is refused with what was wrong', () => {
    const env = {
      dpr: 1,
      colorScheme: 'light',
      reducedMotion: false,
      pointer: 'fine',
      hover: true,
    };
    const cases: [unknown, RegExp][] = [
      [{ width: 0, height: 300 }, /viewport\.width/],
      [{ width: 400, height: 100_001 }, /viewport\.height/],
      [{ width: 400.5, height: 300 }, /viewport\.width/],
      [{ width: 400 }, /viewport\.height/],
    ];
    for (const [viewport, why] of cases)
      expect(readRun(json({ ...run, v: 2, viewport }))).toMatchObject({
        ok: false,
        error: expect.stringMatching(why),
      });
    for (const [environment, why] of [
      [{ ...env, dpr: 0 }, /environment\.dpr/],
      [{ ...env, dpr: 1e6 }, /environment\.dpr/],
      [{ ...env, colorScheme: 'sepia' }, /environment\.colorScheme/],
      [{ ...env, hover: undefined }, /environment\.hover/],
      ['dark', /environment/],
    ] as [unknown, RegExp][])
      expect(readRun(json({ ...run, v: 2, environment }))).toMatchObject({
        ok: false,
        error: expect.stringMatching(why),
      });
    expect(readRun(json({ ...run, v: 0 }))).toMatchObject({ ok: false, error: /\(v: / });
  });

  test('code-only links keep format 1; a run makes format 2', () => {
    expect(encodeProject(project)).toMatch(/^code\/A/); // first byte 1
    expect(encodeProject(project, { run })).toMatch(/^code\/A[g-v]/); // first byte 2
  });

  test('links made by today’s code still open', () => {
    const codeOnly = decodeFragment('#code/AeMKBhaYKSAvZXMjjSoyMCGtvmcQRZESxjqcibImMyMTlLwA');
    expect(codeOnly).toEqual({ ok: true, project, options: {} });
    const withRun = decodeFragment(
      '#code/Am1cuw6DMBBDHdux6g94voFHH9L9RseWjQHEyBjl37GBiCDBliNvJVbks_y_fomYndY03jJasbhk8vvicfh1P-UzD6LMftD5Cpgo44ZXdfN8GUlRsinCGUY-hJn0GaQChdeGFYlUaIzuG7yztBr5hb0C9yxvzaWx9eLugiVDCoPycCzmuMBo8inBlvJjiA_Mnr1XVrYaTMYgQb2Iq4JzwhshBX9bEuJ4GWMbZzZxAaE',
    );
    expect(withRun).toEqual({ ok: true, project, options: { run } });
  });

  test('a malformed run opens the code and says what was wrong', () => {
    const rec = writeProject({ project });
    const cases: [unknown, RegExp][] = [
      [{ ...run, tick: 5 }, /current tick 5 is after its last tick 3/],
      [{ ...run, seed: -1 }, /seed/],
      [{ ...run, lastTick: 'many' }, /lastTick/],
      [{ ...run, inputs: [click(3), click(2)] }, /out of order \(tick 2 after tick 3\)/],
      [{ ...run, inputs: [click(9)] }, /input at tick 9 is after its last tick 3/],
      [{ ...run, inputs: [{ ...click(2), target: 'nowhere' }] }, /inputs\.0\.target/],
      [null, /the run/],
    ];
    for (const [value, why] of cases) {
      const result = decodeFragment(runLink(rec, json(value)));
      if (!result.ok) throw new Error(result.error);
      expect(result.project).toEqual(project);
      expect(result.options.run).toBeUndefined();
      expect(result.runError).toMatch(/^The run in this link could not be read \(/);
      expect(result.runError).toMatch(why);
      expect(result.runError).toMatch(/the code opened without it\.$/);
    }
    const notJson = decodeFragment(runLink(rec, new TextEncoder().encode('{"seed":1')));
    expect(notJson.ok && notJson.runError).toMatch(/not valid data/);
  });

  test('a run whose project part is broken fails as any broken link', () => {
    const result = decodeFragment(runLink(new Uint8Array([3, 65]), json(run)));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/This share link/);
  });

  test('a format-2 link cut short or changed is broken, not newer', () => {
    const good = '#' + encodeProject(project, { run });
    const cut = good.slice(0, good.length - 8);
    const result = decodeFragment(cut);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/broken/);
  });

  test('readRun refuses hostile sizes', () => {
    expect(readRun(json({ ...run, lastTick: 1e12 }))).toMatchObject({ ok: false });
    const many = Array.from({ length: 200_001 }, (_, i) => click(i + 1));
    expect(readRun(json({ ...run, lastTick: 300_000, inputs: many }))).toMatchObject({
      ok: false,
    });
  });
});

describe('fitting a run into a link', () => {
  const long: SharedRun = {
    ...run,
    tick: 10,
    lastTick: 50,
    inputs: [click(4), fetched(8, 'x'.repeat(100)), click(30), fetched(40, 'y'), fetched(60, 'z')],
  };

  test('cutting at a tick keeps the recording up to it, fetch responses included', () => {
    expect(cutRun(long, 10)).toEqual({ ...long, lastTick: 10, inputs: long.inputs.slice(0, 2) });
    expect(fetchBytes(cutRun(long, 9))).toBe(JSON.stringify({ body: 'x'.repeat(100) }).length);
    expect(cutRun(long, 3)).toEqual({ ...long, tick: 3, lastTick: 3, inputs: [] });
  });

  test('fetch bodies are counted and capped', () => {
    expect(fetchBytes(long)).toBe(JSON.stringify({ body: 'x'.repeat(100) }).length + 2 * 12);
    expect(runLinkProblem(long, 1000)).toBeNull();
    const heavy = { ...long, inputs: [fetched(8, 'x'.repeat(MAX_SHARED_FETCH_BYTES))] };
    expect(runLinkProblem(heavy, 1000)).toMatch(/fetch responses take 65 KB; .* at most 64 KB/);
  });

  test('a link over the cap is refused with its length and the cap', () => {
    expect(runLinkProblem(long, MAX_RUN_LINK_CHARS)).toBeNull();
    expect(runLinkProblem(long, 70_000)).toBe(
      'With this run the link would be 70,000 characters, more than the 65,536 a link can have to open in every browser.',
    );
  });
});
