import * as esbuild from 'esbuild-wasm';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { compileJs, type JsSource } from '../../../../workers/bundler/compile-js';
import { guardCompiled, guardLoops } from '../../../../workers/bundler/loop-guard';
import { createBundler } from '../../../../workers/bundler/program';
import { createLoopGuard, type LoopCheck } from '../../../../src/runtime/loop-guard';
import { files } from './helpers';

const compile = async (text: string, path = 'src/main.ts', loader: JsSource['loader'] = 'ts') => {
  const source: JsSource = { path, text, loader };
  const compiled = await compileJs(esbuild, source);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return { source, compiled };
};

const guarded = async (text: string, path = 'src/main.ts') => {
  const { compiled } = await compile(text, path);
  return guardLoops({ path, code: compiled.code, map: compiled.map });
};

type Factory = (r: unknown, m: { exports: unknown }, e: unknown, g: LoopCheck) => void;

/**
 * Runs a guarded module with a guard that counts calls per site; returns exports and counts.
 * After each call the countdown restarts at `every - 1`, so by default every iteration calls.
 */
const run = (code: string, check?: LoopCheck, every = 1) => {
  const calls = new Map<string, number>();
  const module = { exports: {} as Record<string, unknown> };
  const counting: LoopCheck = Object.assign(
    (site: string) => {
      counting.c = every - 1;
      calls.set(site, (calls.get(site) ?? 0) + 1);
    },
    { c: every - 1 },
  );
  ((0, eval)(code) as Factory)(() => ({}), module, module.exports, check ?? counting);
  return { exports: module.exports, calls: () => Object.fromEntries(calls) };
};

const lines = (...ls: string[]) => ls.join('\n');

describe('guardLoops', () => {
  it('guards every loop form, keeping what the code does', async () => {
    const out = await guarded(
      lines(
        'export const log: string[] = [];',
        'for (let i = 0; i < 3; i++) { log.push(`for${i}`); }',
        'for (const k in { a: 1, b: 2 }) log.push(k);',
        'for (const v of [7, 8]) log.push(String(v));',
        'let n = 0;',
        'while (n < 2) n++;',
        'do { n--; } while (n > 0);',
        'for (;;) break;',
        'for (let j = 0; j < 4; j++) { if (j % 2) continue; log.push(`even${j}`); }',
        'outer: for (let a = 0; a < 3; a++)',
        '  for (let b = 0; b < 3; b++) { if (b === 1) continue outer; log.push(`${a}${b}`); }',
        'let m = 0; while (m < 2) m++',
        'log.push(`m${m}`);',
      ),
    );
    const { exports, calls } = run(out.code);
    expect(exports.log).toEqual([
      'for0',
      'for1',
      'for2',
      'a',
      'b',
      '7',
      '8',
      'even0',
      'even2',
      '00',
      '10',
      '20',
      'm2',
    ]);
    expect(out.sites).toEqual([2, 3, 4, 6, 7, 8, 9, 10, 11, 12].map((l) => `src/main.ts:${l}`));
    // Calls per iteration, including iterations left by `continue` and `continue outer`.
    expect(calls()).toEqual({
      'src/main.ts:2': 3,
      'src/main.ts:3': 2,
      'src/main.ts:4': 2,
      'src/main.ts:6': 2,
      'src/main.ts:7': 2,
      'src/main.ts:8': 1,
      'src/main.ts:9': 4,
      'src/main.ts:10': 3,
      'src/main.ts:11': 6,
      'src/main.ts:12': 2,
    });
  });

  it('guards loops inside arrow, async and generator functions, methods and nested loops', async () => {
    const out = await guarded(
      lines(
        'const arrow = (n: number) => { let s = 0; for (let i = 0; i < n; i++) s += i; return s; };',
        'async function* gen() { for (let i = 0; i < 2; i++) yield i; }',
        'export async function main() {',
        '  const got: number[] = [];',
        '  for await (const v of gen()) got.push(v);',
        '  class C { sum(xs: number[][]) { let t = 0; for (const row of xs) for (const x of row) t += x; return t; } }',
        '  return [arrow(4), got, new C().sum([[1, 2], [3]])];',
        '}',
      ),
    );
    expect(out.sites).toEqual([1, 2, 5, 6, 6].map((l) => `src/main.ts:${l}`));
    const { exports, calls } = run(out.code);
    const result = await (exports.main as () => Promise<unknown>)();
    expect(result).toEqual([6, [0, 1], 6]);
    // arrow: 4, gen: 2, for await: 2, rows: 2, inner over both rows: 3 (5 + 2 + 2 + 2 + 3 = 13).
    expect(calls()).toEqual({
      'src/main.ts:1': 4,
      'src/main.ts:2': 2,
      'src/main.ts:5': 2,
      'src/main.ts:6': 5,
    });
  });

  it('calls the guard only when the countdown shared by all loops runs out', async () => {
    const out = await guarded(
      lines(
        'export let n = 0;',
        'for (let i = 0; i < 10; i++)',
        '  for (let j = 0; j < 9; j++) n++;',
        'while (n < 150) n++;',
      ),
    );
    expect(out.code).toContain('if (--__ppLoop.c < 0) __ppLoop("src/main.ts:2");');
    // 10 outer + 90 inner + 60 while iterations, one call per 10 of all of them: each 10th
    // is the last inner iteration of an outer one, then the while goes on with the same count.
    const { exports, calls } = run(out.code, undefined, 10);
    expect(exports.n).toBe(150);
    expect(calls()).toEqual({ 'src/main.ts:3': 10, 'src/main.ts:4': 6 });
  });

  it('with the runtime guard, an endless loop throws at its original file:line', async () => {
    const out = await guarded(
      'type N = number;\nconst f = (n: N) => n;\nwhile (true) {}\nfor (;;) f(1);',
    );
    let t = 0;
    const guard = createLoopGuard({
      now: () => (t += 1),
      queueMicrotask: () => {},
      budgetMs: 1000,
    });
    expect(() => run(out.code, guard.check)).toThrow(
      new Error('Possible infinite loop at src/main.ts:3'),
    );
  });

  it('passes the guard as a 4th parameter, named so the module cannot shadow it', async () => {
    const plain = await guarded('while (false) {}');
    expect(plain.code.startsWith('(function (require, module, exports, __ppLoop) {')).toBe(true);
    const clash = await guarded('const __ppLoop = 1; export const x = __ppLoop;\nwhile (false) {}');
    expect(clash.code.startsWith('(function (require, module, exports, __ppLoop1) {')).toBe(true);
    expect(clash.code).toContain('__ppLoop1("src/main.ts:2")');
    expect(run(clash.code).exports.x).toBe(1);
  });

  it('keeps the source map: positions in the guarded code map to the TS file', async () => {
    const ts = lines(
      'interface P { x: number }',
      'const p: P = { x: 1 };',
      'while (p.x < 3) { p.x++; }',
      'for (const q of [p]) console.log(q);',
      'export function boom(): never { throw new Error("boom " + p.x); }',
    );
    const out = await guarded(ts);
    const map = new TraceMap(out.map);
    const at = (needle: string) => {
      const i = out.code.indexOf(needle);
      const before = out.code.slice(0, i).split('\n');
      return originalPositionFor(map, { line: before.length, column: before.at(-1)!.length });
    };
    expect(at('throw new Error')).toMatchObject({ source: 'src/main.ts', line: 5, column: 32 });
    expect(at('p.x++')).toMatchObject({ line: 3, column: 18 });
    expect(at('console.log(q)')).toMatchObject({ line: 4, column: 21 });
    // A stack frame inside the guard call points at its loop.
    expect(at('__ppLoop("src/main.ts:3")')).toMatchObject({ line: 3, column: 0 });
    expect(at('__ppLoop("src/main.ts:4")')).toMatchObject({ line: 4, column: 0 });
    expect(JSON.parse(out.map).sourcesContent).toEqual([ts]);
  });

  it("leaves esbuild's helper loops alone", async () => {
    const out = await guarded("export * from './other';\nwhile (false) {}");
    // __copyProps has a for-of loop; only the user's while is guarded.
    expect(out.code).toContain('__copyProps');
    expect(out.sites).toEqual(['src/main.ts:2']);
    expect(out.code.match(/__ppLoop\("/g)).toHaveLength(1);
  });
});

describe('guardCompiled', () => {
  it('skips packages under node_modules/ and data modules', async () => {
    const pkg = await compile('while (false) {}', 'node_modules/lib/index.js', 'js');
    expect(guardCompiled(pkg.source, pkg.compiled)).toBe(pkg.compiled);
    const data = await compile('{ "for": "while" }', 'src/data.json', 'json');
    expect(guardCompiled(data.source, data.compiled)).toBe(data.compiled);
    const user = await compile('while (false) {}');
    expect(guardCompiled(user.source, user.compiled)).not.toBe(user.compiled);
  });

  it('leaves a module without loops or navigation as compiled, though its output has helper loops', async () => {
    // An export makes esbuild add __export/__copyProps, whose loops are not the user's.
    const plain = await compile("import { b } from './b';\nexport const a = b + 1;");
    expect(plain.compiled.ok && plain.compiled.code).toMatch(/\bfor \(/);
    expect(guardCompiled(plain.source, plain.compiled)).toBe(plain.compiled);
    const loop = await compile('export const a = [1].map((x) => { for (;;) return x; });');
    expect(guardCompiled(loop.source, loop.compiled)).not.toBe(loop.compiled);
    const nav = await compile("export const go = () => { location.hash = '#a'; };");
    expect(guardCompiled(nav.source, nav.compiled)).not.toBe(nav.compiled);
  });

  it('runs a module it cannot guard unguarded, with a warning', async () => {
    const { source, compiled } = await compile('while (false) {}');
    if (!compiled.ok) throw new Error('compile failed');
    const broken = {
      ...compiled,
      code: compiled.code.replace('(function', '(async function (a) {'),
    };
    const out = guardCompiled(source, broken);
    expect(out.ok && out.code).toBe(broken.code);
    expect(out.warnings).toEqual([
      expect.objectContaining({ severity: 'warning', file: 'src/main.ts' }),
    ]);
  });

  it('is on in a bundler made with guardLoops, for project modules only', async () => {
    const bundler = createBundler({ esbuild, guardLoops: true });
    const out = await bundler.build({
      reset: true,
      changes: files({
        'src/main.ts':
          "import { n } from './lib';\nimport data from './data.json';\nwhile (n < data.while) {}",
        'src/lib.ts': 'export let n = 0;\nfor (const x of [1]) n += x;',
        'src/data.json': '{ "while": 1 }',
      }),
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
    });
    const modules = out.program!.modules;
    const code = (id: string) =>
      modules[id]!.kind === 'js' ? (modules[id] as { code: string }).code : '';
    expect(code('src/main.ts')).toContain('__ppLoop("src/main.ts:3")');
    expect(code('src/lib.ts')).toContain('__ppLoop("src/lib.ts:2")');
    expect(code('src/data.json')).not.toContain('__ppLoop');
    const plain = await createBundler({ esbuild }).build({
      reset: true,
      changes: files({ 'src/main.ts': 'while (false) {}' }),
      entry: 'src/main.ts',
      cdnBase: 'https://esm.sh/',
    });
    expect(JSON.stringify(plain.program)).not.toContain('__ppLoop');
  });
});
