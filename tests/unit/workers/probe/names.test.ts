import { TraceMap, encodedMappings, type SourceMapSegment } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { instrumentModule } from '../../../../workers/probe/instrument';
import type { InstrumentResult, ProbeSpec } from '../../../../src/protocol/probes';
import { at, instrumented, lines, run } from './helpers';

/** The spec of each placed logpoint (throws on an error, with it). */
const specs = (r: InstrumentResult): ProbeSpec[] =>
  r.logpoints.map((p) => {
    if (!p.ok) throw new Error(p.error);
    return p.spec;
  });

/** A module's imports, as the registry would give them (CommonJS exports objects). */
const modules: Record<string, unknown> = {
  './util': {
    __esModule: true,
    default: (n: number) => n * 10,
    clamp: (n: number) => Math.min(n, 2),
  },
  './math': { __esModule: true, sin: Math.sin, PI: 3 },
};
const require = (spec: string) => modules[spec];

describe('names as written, names as built', () => {
  it('reads an inner block’s binding that esbuild renamed (count → count2), and the outer one outside it', async () => {
    const r = await instrumented(
      lines('export let count = 0;', '{', '  let count = 10;', '  count++;', '}', 'count += 1;'),
      at([4, 'count'], [6, 'count']),
    );
    expect(r.code).toContain('count2++');
    expect(specs(r).map((s) => s.slots)).toEqual([['count'], ['count']]);
    expect(run(r).hits).toEqual([
      { site: 0, values: [11] },
      { site: 1, values: [1] },
    ]);
  });

  it('reads named, renamed, default and namespace imports through esbuild’s import objects', async () => {
    const r = await instrumented(
      lines(
        "import helper, { clamp as cl } from './util';",
        "import * as M from './math';",
        'export const a = cl(5);',
        'export const b = helper(2) + M.PI;',
      ),
      at([3, 'cl, helper, M'], [4, 'helper']),
    );
    expect(specs(r)[0]!.slots).toEqual(['cl', 'helper', 'M']);
    const { hits, raw } = run(r, { require });
    expect(hits.map((h) => h.site)).toEqual([0, 1]);
    expect(raw[0]![0]).toBe((modules['./util'] as { clamp: unknown }).clamp);
    // `helper` is only called on line 4, yet it is read on line 3: its import reads anywhere.
    expect(raw[0]![1]).toBe((modules['./util'] as { default: unknown }).default);
    expect(raw[0]![2]).toMatchObject({ sin: Math.sin, PI: 3 });
    expect(raw[1]![0]).toBe((modules['./util'] as { default: unknown }).default);
  });

  it('finds the innermost binding of a shadowed name, parameters and destructured names included', async () => {
    const r = await instrumented(
      lines(
        'const x = "outer";',
        'export function f(x: number, { y, z: [w] }: { y: number; z: number[] }) {',
        '  const total = x + y + w;',
        '  return () => {',
        '    const x = "inner";',
        '    return x + total;',
        '  };',
        '}',
        'export const g = f(1, { y: 2, z: [3] });',
        'export const s = g() + x;',
      ),
      at([3, 'x, y, w, total'], [6, 'x, total'], [10, 'x']),
    );
    expect(specs(r).map((s) => s.slots)).toEqual([['x', 'y', 'w', 'total'], ['x', 'total'], ['x']]);
    expect(run(r).hits.map((h) => h.values)).toEqual([[1, 2, 3, 6], ['inner', 6], ['outer']]);
  });

  it('gives a global no slot: the runtime reads it from the window', async () => {
    const r = await instrumented(
      lines('export const w = 1;', 'console.log(w);'),
      at([2, 'window.innerWidth, w, Math.PI, undefined']),
    );
    const [spec] = specs(r);
    expect(spec!.slots).toEqual(['w']);
    expect(spec!.values.map((v) => v.expr)).toEqual([
      {
        k: 'get',
        obj: { k: 'name', name: 'window' },
        key: { k: 'lit', v: 'innerWidth' },
        computed: false,
        optional: false,
      },
      { k: 'name', name: 'w', slot: 0 },
      {
        k: 'get',
        obj: { k: 'name', name: 'Math' },
        key: { k: 'lit', v: 'PI' },
        computed: false,
        optional: false,
      },
      { k: 'name', name: 'undefined' },
    ]);
  });

  it('does not see a name that is only bound elsewhere (another function’s local is a global here)', async () => {
    const r = await instrumented(
      lines('function a() { const secret = 1; return secret; }', 'export const v = a();'),
      at([2, 'secret, v']),
    );
    expect(specs(r)[0]!.slots).toEqual(['v']);
  });

  it('reads this and arguments of the function around the place, each in its own slot', async () => {
    const r = await instrumented(
      lines(
        'export const o = {',
        '  n: 4,',
        '  m(a: number) {',
        '    return this.n + a + arguments.length;',
        '  },',
        '};',
        'o.m(1);',
        'export const top = this;',
      ),
      at([4, 'this.n, arguments, a'], [8, 'arguments, this']),
    );
    expect(specs(r).map((s) => s.slots)).toEqual([['arguments', 'a', 'this'], ['this']]);
    // The module function's own arguments (the probe among them) are never a logpoint's.
    expect(specs(r)[1]!.values[0]!.expr).toEqual({ k: 'name', name: 'arguments' });
    const { hits } = run(r);
    expect(hits[0]!.values).toEqual([{ 0: 1 }, 1, { n: 4, m: 'function m' }]);
  });

  it('reads a name in its temporal dead zone as that slot’s own error', async () => {
    const r = await instrumented(
      lines(
        'export function f() {',
        '  const a = 1;',
        '  const b = a + late;',
        '  const late = 2;',
        '  return b;',
        '}',
        'try { f(); } catch {}',
      ),
      at([2, 'a, late']),
    );
    expect(run(r).hits).toEqual([{ site: 0, values: [1, { thrown: 'ReferenceError' }] }]);
  });

  it('reads a class’s own name inside it (esbuild’s _Thing) and outside it', async () => {
    const r = await instrumented(
      lines(
        'export class Thing {',
        '  static made = 0;',
        '  static make() {',
        '    Thing.made++;',
        '    return new Thing();',
        '  }',
        '}',
        'Thing.make();',
      ),
      at([4, 'Thing'], [8, 'Thing']),
    );
    expect(r.code).toContain('_Thing');
    const { raw, exports } = run(r);
    expect(raw).toEqual([[exports.Thing], [exports.Thing]]);
  });

  it('maps names and lines through TypeScript: types removed, an enum, lines moved', async () => {
    const r = await instrumented(
      lines(
        'interface Ball {',
        '  x: number;',
        '  vx: number;',
        '}',
        'type Dt = number;',
        'enum Dir {',
        '  Left = -1,',
        '  Right = 1,',
        '}',
        'export function step(ball: Ball, dt: Dt, dir: Dir = Dir.Right): Ball {',
        '  const next: Ball = { ...ball, x: ball.x + ball.vx * dt * dir };',
        '  return next;',
        '}',
        'step({ x: 0, vx: 2 }, 3);',
      ),
      at([7, 'Dir'], [11, 'next, dir, Dir'], [12, 'next.x']),
    );
    expect(r.logpoints.map((p) => p.ok && p.when)).toEqual(['after', 'after', 'before']);
    const { hits } = run(r);
    expect(hits).toEqual([
      { site: 0, values: [{ '-1': 'Left', Left: -1 }] },
      { site: 1, values: [{ x: 6, vx: 2 }, 1, { '-1': 'Left', Left: -1, 1: 'Right', Right: 1 }] },
      { site: 2, values: [{ x: 6, vx: 2 }] },
    ]);
  });

  it('reads this before super() as that slot’s own error, the parameters still read', async () => {
    const r = await instrumented(
      lines(
        'class Base { constructor(public n: number) {} }',
        'export class Sub extends Base {',
        '  constructor(m: number) {',
        '    super(m * 2);',
        '  }',
        '}',
        'new Sub(4);',
      ),
      at([3, 'm, this']),
    );
    expect(run(r).hits).toEqual([{ site: 0, values: [4, { thrown: 'ReferenceError' }] }]);
  });

  it('refuses a name when a closer binding would be read instead of the one written', () => {
    // No esbuild output does this; a map that names an inner `a` as the user's `z` does:
    // reading the outer `a` from inside the block would read the inner one.
    const code =
      '(function (require, module, exports) {\nlet a = 1;\n{\n  let a = 2;\n  a++;\n}\n})';
    const text = 'let a = 1;\n{\n  let z = 2;\n  z++;\n}';
    const raw = {
      version: 3 as const,
      sources: ['src/main.js'],
      sourcesContent: [text],
      names: ['z'],
    };
    const decoded: SourceMapSegment[][] = [
      [],
      [
        [0, 0, 0, 0],
        [4, 0, 0, 4],
      ],
      [[0, 0, 1, 0]],
      [
        [2, 0, 2, 2],
        [6, 0, 2, 6, 0],
      ],
      [[2, 0, 3, 2, 0]],
      [],
    ];
    const mappings = encodedMappings(new TraceMap({ ...raw, mappings: decoded }));
    const r = instrumentModule({
      path: 'src/main.js',
      code,
      map: JSON.stringify({ ...raw, mappings }),
      logpoints: at([4, 'a, z']),
      lineHits: false,
    });
    expect(r.logpoints).toEqual([
      { site: 0, ok: false, error: '`a` is hidden here by another binding' },
    ]);
  });

  it('reads a CommonJS module’s names (sloppy mode kept), its require’d values included', async () => {
    const r = await instrumented(
      lines(
        'const util = require("./util");',
        'let total = util.clamp(9);',
        'module.exports = { total };',
      ),
      at([2, 'util, total']),
      { path: 'src/legacy.js' },
    );
    expect(r.code).not.toContain('"use strict"');
    const { raw, exports } = run(r, { require });
    expect(raw).toEqual([[modules['./util'], 2]]);
    expect(exports).toEqual({ total: 2 });
  });
});
