import { describe, expect, it } from 'vitest';
import { at, instrumented, lines, placed, run } from './helpers';

/**
 * Where a probe goes (docs/logpoints.md), on real esbuild output: each test instruments a
 * module as the bundler built it, runs it with a stub probe, and checks which values each hit
 * read and when.
 */
describe('placement', () => {
  it('reads after a statement ran, once per run of the line', async () => {
    const r = await instrumented(
      lines(
        'export function move(ball: { x: number; vx: number }, dt: number): void {',
        '  ball.x += ball.vx * dt;',
        '}',
        'const b = { x: 1, vx: 2 };',
        'move(b, 3);',
        'move(b, 1);',
      ),
      at([2, 'ball, dt']),
    );
    expect(placed(r)).toEqual(['after']);
    expect(run(r).hits).toEqual([
      { site: 0, values: [{ x: 7, vx: 2 }, 3] },
      { site: 0, values: [{ x: 9, vx: 2 }, 1] },
    ]);
  });

  it('reads a const the line declares (after it, out of its temporal dead zone)', async () => {
    const r = await instrumented(
      lines('const useState = (v: number) => [v, () => {}];', 'const [v, setV] = useState(5);'),
      at([2, 'v, setV']),
    );
    expect(placed(r)).toEqual(['after']);
    expect(run(r).hits).toEqual([{ site: 0, values: [5, 'function '] }]);
  });

  it('enters a function at its header line, multi-line header or one-line definition', async () => {
    const r = await instrumented(
      lines(
        'function sq(x: number) { return x * x; }',
        'function add(',
        '  a: number,',
        '  b: number,',
        ') {',
        '  return a + b;',
        '}',
        'const twice = (n: number) => n * 2;',
        'export const out = [sq(3), add(1, 2), twice(4)];',
      ),
      at([1, 'x'], [2, 'a, b'], [5, 'a'], [8, 'n']),
    );
    expect(placed(r)).toEqual(['entry', 'entry', 'entry', 'entry']);
    const { hits, exports } = run(r);
    expect(hits).toEqual([
      { site: 0, values: [3] },
      { site: 1, values: [1, 2] },
      { site: 2, values: [1] },
      { site: 3, values: [4] },
    ]);
    expect(exports.out).toEqual([9, 3, 8]);
  });

  it('enters methods, getters, constructors and class-field arrows with their this', async () => {
    const r = await instrumented(
      lines(
        'export class Counter {',
        '  count = 1;',
        '  constructor(private step: number) {',
        '    this.count = step;',
        '  }',
        '  get double() {',
        '    return this.count * 2;',
        '  }',
        '  bump = () => {',
        '    this.count += this.step;',
        '  };',
        '}',
        'const c = new Counter(3);',
        'c.bump();',
        'export const d = c.double;',
      ),
      at([3, 'step, this'], [6, 'this'], [9, 'this']),
    );
    expect(placed(r)).toEqual(['entry', 'entry', 'entry']);
    const { hits, exports } = run(r);
    expect(hits).toEqual([
      // Fields are set before the constructor's body runs (TypeScript's define semantics).
      { site: 0, values: [3, { count: 1, step: undefined, bump: 'function bump' }] },
      { site: 2, values: [{ count: 3, step: 3, bump: 'function bump' }] },
      { site: 1, values: [{ count: 6, step: 3, bump: 'function bump' }] },
    ]);
    expect(exports.d).toBe(12);
  });

  it('reads a class field initialiser before it runs, with the instance as this', async () => {
    const r = await instrumented(
      lines(
        'export class Box {',
        '  base = 2;',
        '  size = this.base * 2;',
        '  static made = 0;',
        '  static {',
        '    Box.made = 1;',
        '  }',
        '}',
        'export const box = new Box();',
      ),
      at([3, 'this.base, this, base'], [4, 'Box'], [5, 'Box']),
    );
    expect(placed(r)).toEqual(['before', 'before', 'entry']);
    const { hits, raw, exports } = run(r);
    expect(hits.map((h) => h.site)).toEqual([1, 2, 0]);
    expect(hits[2]!.values).toEqual([{ base: 2 }]);
    // `Box` inside the class is esbuild's `_Box`: the class itself, in the static initialisers.
    expect(raw[0]).toEqual([exports.Box]);
    expect(raw[1]).toEqual([exports.Box]);
    expect(exports.box).toEqual({ base: 2, size: 4 });
  });

  it('enters an arrow function’s expression body at each call, not its definition line once', async () => {
    const r = await instrumented(
      lines(
        'export const out = [1, 2, 3]',
        '  .map((n) => n + 1)',
        '  .filter((n) =>',
        '    n % 2 === 0);',
      ),
      at([2, 'n'], [4, 'n']),
    );
    expect(placed(r)).toEqual(['entry', 'before']);
    const { hits, exports } = run(r);
    expect(hits).toEqual([
      { site: 0, values: [1] },
      { site: 0, values: [2] },
      { site: 0, values: [3] },
      { site: 1, values: [2] },
      { site: 1, values: [3] },
      { site: 1, values: [4] },
    ]);
    expect(exports.out).toEqual([2, 4]);
  });

  it('enters each iteration of a loop with its per-iteration let in scope', async () => {
    const r = await instrumented(
      lines(
        'export const fns: (() => number)[] = [];',
        'for (let i = 0; i < 3; i++) {',
        '  fns.push(() => i);',
        '}',
        'let n = 2;',
        'while (n > 0) {',
        '  n--;',
        '}',
        'do {',
        '  n++;',
        '} while (n < 2);',
        'for (const k of ["a", "b"]) {',
        '  fns.push(() => k.length);',
        '}',
      ),
      at([2, 'i'], [6, 'n'], [9, 'n'], [12, 'k'], [11, 'n']),
    );
    expect(placed(r)).toEqual(['entry', 'entry', 'entry', 'entry', 'before']);
    const { hits, exports } = run(r);
    const bySite = (site: number) => hits.filter((h) => h.site === site).map((h) => h.values[0]);
    expect(bySite(0)).toEqual([0, 1, 2]);
    expect(bySite(1)).toEqual([2, 1]);
    expect(bySite(2)).toEqual([0, 1]);
    // `} while (n < 2);`: the test, before it is evaluated each time.
    expect(bySite(4)).toEqual([1, 2]);
    expect(bySite(3)).toEqual(['a', 'b']);
    expect((exports.fns as (() => number)[]).map((f) => f())).toEqual([0, 1, 2, 1, 1]);
  });

  it('puts control statements’ probes before them, and braces around an else if', async () => {
    const r = await instrumented(
      lines(
        'export function sign(x: number) {',
        '  if (x > 0) {',
        '    return 1;',
        '  } else if (x < 0) {',
        '    return -1;',
        '  } else {',
        '    return 0;',
        '  }',
        '}',
        'export const s = [sign(5), sign(-5), sign(0)];',
      ),
      at([2, 'x'], [3, 'x'], [4, 'x'], [6, 'x']),
    );
    expect(placed(r)).toEqual(['before', 'before', 'before', 'entry']);
    const { hits, exports } = run(r);
    expect(hits.map((h) => [h.site, h.values[0]])).toEqual([
      [0, 5],
      [1, 5],
      [0, -5],
      [2, -5],
      [0, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(exports.s).toEqual([1, -1, 0]);
  });

  it('enters try, catch (with the error in scope) and finally blocks', async () => {
    const r = await instrumented(
      lines(
        'export const log: string[] = [];',
        'try {',
        '  log.push("try");',
        '  throw new Error("boom");',
        '} catch (e) {',
        '  log.push("catch");',
        '} finally {',
        '  log.push("finally");',
        '}',
      ),
      at([2, 'log'], [5, 'e'], [7, 'log']),
    );
    expect(placed(r)).toEqual(['entry', 'entry', 'entry']);
    const { hits } = run(r);
    expect(hits).toEqual([
      { site: 0, values: [[]] },
      { site: 1, values: [expect.objectContaining({ message: 'boom' })] },
      { site: 2, values: [['try', 'catch']] },
    ]);
  });

  it('reads at switch cases and at the statements in them', async () => {
    const r = await instrumented(
      lines(
        'export function dx(key: string) {',
        '  let d = 0;',
        '  switch (key) {',
        '    case "left":',
        '      d = -1;',
        '      break;',
        '    case "right": d = 1; break;',
        '    default:',
        '      d = 0;',
        '  }',
        '  return d;',
        '}',
        'dx("left"); dx("right"); dx("up");',
      ),
      at([3, 'key'], [4, 'd'], [5, 'd'], [7, 'd'], [8, 'key']),
    );
    expect(placed(r)).toEqual(['before', 'entry', 'after', 'after', 'entry']);
    const { hits } = run(r);
    expect(hits.map((h) => [h.site, h.values[0]])).toEqual([
      [0, 'left'],
      [1, 0],
      [2, -1],
      [0, 'right'],
      [3, 1],
      [0, 'up'],
      [4, 'up'],
    ]);
  });

  it('keeps directives first: a function’s entry probe goes after its prologue', async () => {
    const r = await instrumented(
      lines(
        'export function f(this: unknown) {',
        '  "use strict";',
        '  return this;',
        '}',
        'f.call(undefined);',
      ),
      at([1, 'this'], [2, 'this']),
    );
    expect(placed(r)).toEqual([
      'entry',
      { error: expect.stringMatching(/^Line 2 has no code that runs here/) },
    ]);
    expect(r.code).toMatch(/"use strict";\s*__ppProbe\.p\(0,/);
    expect(run(r).hits).toEqual([{ site: 0, values: [undefined] }]);
  });

  it('reads around await and yield in async functions and generators', async () => {
    const r = await instrumented(
      lines(
        'export async function load(get: () => Promise<number>) {',
        '  const a = await get();',
        '  const b = a + 1;',
        '  return b;',
        '}',
        'export function* count(n: number) {',
        '  for (let i = 0; i < n; i++) {',
        '    yield i;',
        '  }',
        '}',
      ),
      at([1, 'get'], [2, 'a'], [3, 'b'], [7, 'i'], [8, 'i']),
    );
    expect(placed(r)).toEqual(['entry', 'after', 'after', 'entry', 'after']);
    const { hits, exports } = run(r);
    const done = await (exports.load as (g: () => Promise<number>) => Promise<number>)(
      async () => 41,
    );
    expect(done).toBe(42);
    expect([...(exports.count as (n: number) => Iterable<number>)(2)]).toEqual([0, 1]);
    expect(hits.map((h) => [h.site, h.values[0]])).toEqual([
      [0, 'function '],
      [1, 41],
      [2, 42],
      [3, 0],
      [4, 0],
      [3, 1],
      [4, 1],
    ]);
  });

  it('places probes on multi-line JSX: children, props and callbacks per call (TSX)', async () => {
    const jsx = (type: unknown, props: Record<string, unknown>) => ({ type, props });
    const r = await instrumented(
      lines(
        'export function List({ items }: { items: string[] }) {',
        '  const title = "Fruit";',
        '  return (',
        '    <ul',
        '      title={title}',
        '      onClick={() => console.log(items)}',
        '    >',
        '      {items.map((item) => (',
        '        <li key={item}>{item}</li>',
        '      ))}',
        '      Count: {items.length}',
        '    </ul>',
        '  );',
        '}',
      ),
      at(
        [3, 'title'],
        [4, 'items'],
        [5, 'title'],
        [6, 'items'],
        [8, 'item'],
        [11, 'items'],
        [12, 'items'],
      ),
      { path: 'src/List.tsx' },
    );
    expect(placed(r)).toEqual([
      'before',
      'before',
      'before',
      'entry',
      'entry',
      'before',
      { error: expect.stringMatching(/^Line 12 has no code that runs here/) },
    ]);
    const { exports, hits } = run(r, {
      require: (spec) => (spec === 'react/jsx-runtime' ? { jsx, jsxs: jsx } : {}),
    });
    const tree = (exports.List as (p: unknown) => { props: { onClick: () => void } })({
      items: ['apple', 'fig'],
    });
    expect(hits.map((h) => [h.site, h.values[0]])).toEqual([
      [0, 'Fruit'],
      [1, ['apple', 'fig']],
      [2, 'Fruit'],
      [4, 'apple'],
      [4, 'fig'],
      [5, ['apple', 'fig']],
    ]);
    expect(tree.props).toMatchObject({
      title: 'Fruit',
      children: [[{ type: 'li' }, { type: 'li' }], 'Count: ', 2],
    });
  });

  it('says a line has nothing to run: comments, types, blank lines', async () => {
    const r = await instrumented(
      lines(
        '// a comment',
        'type Ball = { x: number };',
        '',
        'interface P {',
        '  x: number;',
        '}',
        'export const one = 1;',
      ),
      at([1, 'x'], [2, 'x'], [3, 'x'], [5, 'x'], [7, 'one'], [40, 'x']),
    );
    expect(placed(r)).toEqual([
      {
        error:
          'Line 1 has no code that runs here (a comment, a type, a blank line or a line the bundler removed)',
      },
      { error: expect.stringMatching(/^Line 2 has no code/) },
      { error: expect.stringMatching(/^Line 3 has no code/) },
      { error: expect.stringMatching(/^Line 5 has no code/) },
      'after',
      { error: expect.stringMatching(/^Line 40 has no code/) },
    ]);
  });

  it('braces a lone statement of an if or a loop, and enters a loop whose body is on its line', async () => {
    const r = await instrumented(
      lines(
        'export let n = 3;',
        'export let hit = 0;',
        'if (n > 2)',
        '  hit = n;',
        'else',
        '  hit = -1;',
        'while (n > 0) n--;',
        'for (const k of [1, 2])',
        '  hit += k;',
      ),
      at([4, 'hit'], [6, 'hit'], [7, 'n'], [9, 'hit, k']),
    );
    expect(placed(r)).toEqual(['after', 'after', 'entry', 'after']);
    const { hits, exports } = run(r);
    expect(hits.map((h) => [h.site, ...h.values])).toEqual([
      [0, 3],
      [2, 3],
      [2, 2],
      [2, 1],
      [3, 4, 1],
      [3, 6, 2],
    ]);
    expect(exports).toMatchObject({ n: 0, hit: 6 });
  });

  it('reads after all the simple statements of a line, and before a labelled loop', async () => {
    const r = await instrumented(
      lines(
        'export let a = 0, b = 0;',
        'a = 1; b = a + 1;',
        'outer:',
        'for (let i = 0; i < 2; i++) {',
        '  for (;;) { a++; continue outer; }',
        '}',
      ),
      at([2, 'a, b'], [3, 'a']),
    );
    expect(placed(r)).toEqual(['after', 'before']);
    const { hits, exports } = run(r);
    expect(hits).toEqual([
      { site: 0, values: [1, 2] },
      { site: 1, values: [1] },
    ]);
    expect(exports.a).toBe(3);
  });

  it('enters a switch case on its own line, and each method of a multi-line object', async () => {
    const r = await instrumented(
      lines(
        'export const api = {',
        '  twice(x: number) { return x * 2; },',
        '  get zero() { return 0; },',
        '  name: "api",',
        '};',
        'export function pick(k: number) {',
        '  switch (k) {',
        '    case 1:',
        '    case 2:',
        '      return api.twice(k);',
        '    default:',
        '      return api.zero;',
        '  }',
        '}',
        'pick(2); pick(1); pick(9);',
      ),
      at([2, 'x'], [3, 'this'], [4, 'api'], [8, 'k'], [9, 'k'], [11, 'k']),
    );
    expect(placed(r)).toEqual([
      'entry',
      'entry',
      'before',
      { error: expect.stringMatching(/^Line 8 has no code/) },
      'entry',
      'entry',
    ]);
    const { hits } = run(r);
    expect(hits.map((h) => h.site)).toEqual([2, 4, 0, 4, 0, 5, 1]);
    expect(hits[6]!.values).toEqual([{ twice: 'function twice', zero: '(getter)', name: 'api' }]);
    // `case 1:` falls through to `case 2:`, whose probe runs for both.
    expect(hits.filter((h) => h.site === 4).map((h) => h.values[0])).toEqual([2, 1]);
  });

  it('leaves esbuild’s export glue and JSX runtime import alone: line 1 is the user’s first line', async () => {
    const r = await instrumented(
      lines('// header', 'export const App = () => <p>hi</p>;'),
      at([1, 'x'], [2, 'App']),
      { path: 'src/App.tsx', lineHits: true },
    );
    expect(placed(r)).toEqual([{ error: expect.stringMatching(/^Line 1 has no code/) }, 'entry']);
    expect(r.lines).toEqual([2]);
    expect(r.code).toMatch(/var import_jsx_runtime = require\("react\/jsx-runtime"\);\n/);
  });

  it('reads a shorthand property’s value as `key: (probe, value)`, keeping the key', async () => {
    const r = await instrumented(
      lines('const speed = 3;', 'export const config = {', '  speed,', '  size: speed * 2,', '};'),
      at([3, 'speed'], [4, 'speed']),
    );
    expect(placed(r)).toEqual(['before', 'before']);
    expect(r.code).toMatch(/speed: \(__ppProbe\.p\(0, [^\n]*\), speed\),/);
    const { hits, exports } = run(r);
    expect(hits).toEqual([
      { site: 0, values: [3] },
      { site: 1, values: [3] },
    ]);
    expect(exports.config).toEqual({ speed: 3, size: 6 });
  });
});
