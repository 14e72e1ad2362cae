import * as esbuild from 'esbuild-wasm';
import { parse } from 'acorn';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { compileJs } from '../../../../workers/bundler/compile-js';
import { instrumentModule } from '../../../../workers/probe/instrument';
import { DEVTOOLS_SOURCE_ROOT } from '../../../../workers/bundler/inline-map';
import { at, built, instrumented, lines, run } from './helpers';

/** Every 0-based position of `needle` in `text`, as line/column. */
const positions = (text: string, needle: string) => {
  const out: { line: number; column: number }[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    const before = text.slice(0, i);
    out.push({ line: before.split('\n').length, column: i - before.lastIndexOf('\n') - 1 });
  }
  return out;
};

const TSX = lines(
  "import { useState } from 'react';",
  'export function App({ start }: { start: number }) {',
  '  const [v, setV] = useState(start);',
  '  if (v > 10) {',
  '    setV(0);',
  '  } else if (v < 0) { setV(1); }',
  '  return (',
  '    <button',
  '      onClick={() => setV(v + 1)}',
  '      title={String(v)}',
  '    >',
  '      {v}',
  '    </button>',
  '  );',
  '}',
);

describe('instrumentModule', () => {
  it('adds the probe parameter after the guard’s and navigator’s, with placeholders where they are absent', async () => {
    const plain = await instrumented('export const a = 1;', at([1, 'a']));
    expect(plain.code).toMatch(
      /^\(function \(require, module, exports, __ppLoop, __ppNav, __ppProbe\) \{/,
    );
    const guarded = await instrumented('export let n = 0;\nwhile (n < 3) n++;', at([2, 'n']));
    expect(guarded.code).toMatch(
      /^\(function \(require, module, exports, __ppLoop, __ppNav, __ppProbe\) \{/,
    );
    expect(guarded.code).toContain('if (--__ppLoop.c < 0)');
    const nav = await instrumented('location.hash = "#a";\nwhile (false) {}', at([1, 'location']));
    expect(nav.code).toMatch(
      /^\(function \(require, module, exports, __ppLoop, __ppNav, __ppProbe\) \{/,
    );
    // The navigator's text at the line's start belongs to the statement: the probe goes after it.
    expect(nav.code).toContain('__ppNav(location, "hash").hash = "#a"; __ppProbe.p(0, () => {});');
  });

  it('names the probe, the reader’s parameter and placeholders with names the module never uses', async () => {
    const r = await instrumented(
      lines(
        'export const __ppProbe = 1, __ppSlot = 2, __ppLoop = 3;',
        'export const b = __ppProbe + __ppSlot;',
      ),
      at([2, '__ppProbe, __ppSlot, __ppLoop']),
    );
    expect(r.code).toMatch(
      /^\(function \(require, module, exports, __ppLoop1, __ppNav, __ppProbe1\) \{/,
    );
    expect(r.code).toContain('__ppProbe1.p(0, (__ppSlot1) => { switch (__ppSlot1) {');
    expect(run(r).hits).toEqual([{ site: 0, values: [1, 2, 3] }]);
  });

  it('still parses and runs as before: same exports, and a probe on every line that has a place', async () => {
    const text = lines(
      'export function fib(n: number): number {',
      '  if (n < 2) return n;',
      '  let a = 0, b = 1;',
      '  for (let i = 1; i < n; i++) {',
      '    [a, b] = [b, a + b];',
      '  }',
      '  return b;',
      '}',
      'export const out = [5, 10].map((n) =>',
      '  fib(n));',
    );
    const r = await instrumented(text, [], { lineHits: true });
    expect(() => parse(r.code, { ecmaVersion: 'latest' })).not.toThrow();
    expect(r.lines).toEqual([1, 2, 3, 4, 5, 7, 9, 10]);
    const { exports, lineRuns } = run(r);
    expect(exports.out).toEqual([5, 55]);
    // fib(5) loops 4 times, fib(10) 9; line 9 opens the arrow whose body is on line 10.
    expect(lineRuns()).toEqual({ 1: 2, 2: 2, 3: 2, 4: 13, 5: 13, 7: 2, 9: 2, 10: 2 });
  });

  it('counts each line at the place its logpoint would go, and both share it', async () => {
    const r = await instrumented(
      lines('export let total = 0;', 'for (const n of [1, 2, 3]) {', '  total += n;', '}'),
      at([3, 'total'], [2, 'n']),
      { lineHits: true },
    );
    expect(r.lines).toEqual([1, 2, 3]);
    expect(r.code).toMatch(/__ppProbe\.l\(2\); __ppProbe\.p\(0, /);
    const { hits, lineRuns } = run(r);
    expect(lineRuns()).toEqual({ 1: 1, 2: 3, 3: 3 });
    expect(hits.map((h) => [h.site, h.values[0]])).toEqual([
      [1, 1],
      [0, 1],
      [1, 2],
      [0, 3],
      [1, 3],
      [0, 6],
    ]);
  });

  it('keeps the map pointing at the file as written: every original token traces back to itself', async () => {
    const r = await instrumented(TSX, at([3, 'v'], [6, 'v'], [9, 'v'], [10, 'v'], [12, 'v']), {
      path: 'src/App.tsx',
      lineHits: true,
    });
    expect(r.logpoints.every((p) => p.ok)).toBe(true);
    const map = new TraceMap(r.map);
    const trace = (needle: string, nth = 0) => {
      const at = positions(r.code, needle)[nth]!;
      return originalPositionFor(map, { line: at.line, column: at.column });
    };
    // Tokens with probe text inserted before them on the same output line.
    expect(trace('String(v)')).toMatchObject({ source: 'src/App.tsx', line: 10, column: 13 });
    expect(trace('setV(v + 1)')).toMatchObject({ line: 9, column: 21 });
    expect(trace('v < 0')).toMatchObject({ line: 6, column: 13 });
    expect(trace('setV(1)')).toMatchObject({ line: 6, column: 22 });
    expect(trace('setV(0)')).toMatchObject({ line: 5, column: 4 });
    expect(trace('useState)(start)')).toMatchObject({ line: 3, column: 20 });
    expect(JSON.parse(r.map)).toMatchObject({ sources: ['src/App.tsx'], sourcesContent: [TSX] });
  });

  it('ends the code with a fresh inline map of the instrumented module (the bundler’s form)', async () => {
    const r = await instrumented(TSX, at([3, 'v']), { path: 'src/App.tsx' });
    const tail =
      /\n\/\/# sourceURL=playpen:\/\/\/src\/App\.tsx\n\/\/# sourceMappingURL=data:application\/json;charset=utf-8;base64,([A-Za-z0-9+/=]+)$/.exec(
        r.code,
      );
    expect(tail).not.toBeNull();
    expect(r.code.match(/sourceMappingURL/g)).toHaveLength(1);
    const inline = JSON.parse(Buffer.from(tail![1]!, 'base64').toString('utf8'));
    expect(inline).toEqual({ ...JSON.parse(r.map), sourceRoot: DEVTOOLS_SOURCE_ROOT });
  });

  it('answers every logpoint in request order, each placed or with its own error', async () => {
    const r = await instrumented(lines('export let x = 1;', '// nothing', 'x = 2;'), [
      { site: 7, line: 3, expression: 'x' },
      { site: 2, line: 2, expression: 'x' },
      { site: 4, line: 1, expression: 'x = 3' },
      { site: 5, line: 1, expression: 'x +' },
    ]);
    expect(r.logpoints).toEqual([
      {
        site: 7,
        ok: true,
        line: 3,
        when: 'after',
        spec: { values: [{ label: 'x', expr: { k: 'name', name: 'x', slot: 0 } }], slots: ['x'] },
      },
      { site: 2, ok: false, error: expect.stringMatching(/^Line 2 has no code that runs here/) },
      { site: 4, ok: false, error: 'Logpoints read values: `x = 3` assigns' },
      { site: 5, ok: false, error: 'Syntax error: Unexpected token at column 4' },
    ]);
    expect(run(r).hits).toEqual([{ site: 7, values: [2] }]);
  });

  it('leaves a module it cannot read as it was, and says so at each logpoint', async () => {
    const module = await built('export const a = 1;');
    const r = instrumentModule({
      ...module,
      code: 'not a module (',
      logpoints: at([1, 'a']),
      lineHits: true,
    });
    expect(r.code).toBe('not a module (');
    expect(r.lines).toEqual([]);
    expect(r.logpoints).toEqual([
      {
        site: 0,
        ok: false,
        error: expect.stringMatching(/^src\/main\.ts could not be instrumented \(/),
      },
    ]);
  });

  it('instruments a module compiled without the loop guard’s rewrite (no inline map) just the same', async () => {
    const compiled = await compileJs(esbuild, {
      path: 'src/a.js',
      text: 'let n = 0;\nn += 2;\nexport { n };',
      loader: 'js',
    });
    if (!compiled.ok) throw new Error('compile');
    const r = instrumentModule({
      path: 'src/a.js',
      code: compiled.code,
      map: compiled.map,
      logpoints: at([2, 'n']),
      lineHits: false,
    });
    expect(run(r).hits).toEqual([{ site: 0, values: [2] }]);
  });
});
