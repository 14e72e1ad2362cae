import { describe, expect, it } from 'vitest';
import { instrumentModule } from '../../../../workers/probe/instrument';
import { defaultExpression } from '../../../../workers/probe/default-expression';
import { built, lines, run } from './helpers';

/**
 * A probe never changes the program: with a logpoint on every line (its default expression)
 * and line hits on, each program computes exactly what it computes without them.
 */
const jsx = (type: unknown, props: Record<string, unknown>, key?: unknown) => ({
  type,
  props,
  key,
});
const require = (spec: string): unknown =>
  spec === 'react/jsx-runtime' ? { jsx, jsxs: jsx, Fragment: 'Fragment' } : {};

const PROGRAMS: Record<string, string> = {
  'src/ball.ts': lines(
    'interface Vec { x: number; y: number }',
    'export class Ball {',
    '  pos: Vec = { x: 0, y: 0 };',
    '  #hits = 0;',
    '  constructor(public vx: number, public vy: number) {}',
    '  get hits() { return this.#hits; }',
    '  step(dt: number, w: number) {',
    '    this.pos.x += this.vx * dt;',
    '    this.pos.y += this.vy * dt;',
    '    if (this.pos.x < 0 || this.pos.x > w) {',
    '      this.vx = -this.vx;',
    '      this.#hits++;',
    '    } else if (this.pos.y > w) this.vy *= -1;',
    '    return this;',
    '  }',
    '}',
    'export const log: string[] = [];',
    'const ball = new Ball(3, 1);',
    'for (let t = 0; t < 40; t++) {',
    '  ball.step(1, 20);',
    '  if (t % 10 === 0) log.push(`${t}:${ball.pos.x},${ball.pos.y}`);',
    '}',
    'export const hits = ball.hits;',
  ),
  'src/reducer.ts': lines(
    'type Action = { type: "add"; n: number } | { type: "reset" } | { type: "double" };',
    'export function reduce(state: number, action: Action): number {',
    '  switch (action.type) {',
    '    case "add":',
    '      return state + action.n;',
    '    case "double": {',
    '      const next = state * 2;',
    '      return next;',
    '    }',
    '    default:',
    '      return 0;',
    '  }',
    '}',
    'const actions: Action[] = [{ type: "add", n: 2 }, { type: "double" }, { type: "add", n: 1 }];',
    'export const final = actions.reduce(reduce, 1);',
    'export const labels = actions.map(({ type }, i) =>',
    '  `${i}-${type}`,',
    ');',
  ),
  'src/App.tsx': lines(
    'import { useState } from "react";',
    'type Item = { id: number; name: string };',
    'export function App({ items }: { items: Item[] }) {',
    '  const title = items.length ? "Items" : "None";',
    '  return (',
    '    <section className="list" data-count={items.length}>',
    '      <h1>{title}</h1>',
    '      {items.map((item) => (',
    '        <p key={item.id}>',
    '          {item.name.toUpperCase()}',
    '        </p>',
    '      ))}',
    '      {items.length > 1 && <footer>more</footer>}',
    '    </section>',
    '  );',
    '}',
    'export const tree = App({ items: [{ id: 1, name: "a" }, { id: 2, name: "b" }] });',
    'export const hook = typeof useState;',
  ),
  'src/gen.ts': lines(
    'export function* fib(limit: number) {',
    '  let [a, b] = [0, 1];',
    '  while (a < limit) {',
    '    yield a;',
    '    [a, b] = [b, a + b];',
    '  }',
    '}',
    'const seen = new Set<number>();',
    'for (const n of fib(50)) seen.add(n);',
    'export const list = [...seen];',
    'let i = 0;',
    'do {',
    '  i += 3;',
    '} while (i < 10);',
    'export const count = i;',
    'export const safe = (() => {',
    '  try {',
    '    JSON.parse("{");',
    '  } catch (e) {',
    '    return (e as Error).name;',
    '  } finally {',
    '    i = -1;',
    '  }',
    '})();',
  ),
  'src/sink.ts': lines(
    'const tag = (s: TemplateStringsArray, ...v: unknown[]) => s.raw.join("|") + v.join(",");',
    'export const out: unknown[] = [];',
    'let n: number | undefined;',
    'n ??= 4;',
    'const o = { a: { b: () => 5 }, get g() { return n! * 2; }, set s(v: number) { n = v; } };',
    'out.push(o.a?.b?.(), o.g, tag`x${n}y${1 + 1}`, 2 ** 3, /a+/.test("caa"));',
    'const { a: { b: fn } = { b: () => 0 }, ...rest } = o as any;',
    'out.push(fn(), Object.keys(rest).length);',
    'const total = [1, 2, 3]',
    '  .map((x) => x * 2)',
    '  .filter(',
    '    (x) =>',
    '      x > 2,',
    '  )',
    '  .reduce((acc, x) => acc + x, 0);',
    'out.push(total);',
    'const pick = (k: string) =>',
    '  k === "a"',
    '    ? 1',
    '    : k === "b"',
    '      ? 2',
    '      : 3;',
    'out.push(pick("a"), pick("b"), pick("z"));',
    'outer: for (const row of [[1, 2], [3, 4]]) {',
    '  for (const cell of row) {',
    '    if (cell === 2) continue outer;',
    '    if (cell === 4) break outer;',
    '    out.push(cell);',
    '  }',
    '}',
    'for (const key in { p: 1, q: 2 }) out.push(key);',
    'try {',
    '  JSON.parse("nope");',
    '} catch {',
    '  out.push("caught");',
    '}',
    'class Secret {',
    '  static #count = 0;',
    '  #value: number;',
    '  constructor(v: number) {',
    '    this.#value = v;',
    '    Secret.#count++;',
    '  }',
    '  reveal() {',
    '    return [this.#value, Secret.#count];',
    '  }',
    '}',
    'out.push(new Secret(7).reveal());',
    'function variadic(this: unknown, ...args: number[]) {',
    '  return arguments.length + args.length;',
    '}',
    'out.push(variadic(1, 2, 3));',
    'const obj: Record<string, number> = {};',
    'obj["k" + 1] = 1;',
    'obj.k1 += 1;',
    'out.push({',
    '  ...obj,',
    '  n,',
    '  [`k${2}`]: n,',
    '});',
    'export default (function () {',
    '  return out.length;',
    '})();',
  ),
};

describe('a probed module computes what it computed', () => {
  it.each(Object.keys(PROGRAMS))(
    '%s, with a logpoint on every line and line hits',
    async (path) => {
      const text = PROGRAMS[path]!;
      const module = await built(text, path);
      const logpoints = text.split('\n').map((line, i) => ({
        site: i,
        line: i + 1,
        expression: defaultExpression(line) || 'this',
      }));
      const plain = instrumentModule({ ...module, logpoints: [], lineHits: false });
      const probed = instrumentModule({ ...module, logpoints, lineHits: true });
      const placed = probed.logpoints.filter((p) => p.ok);
      expect(placed.length).toBeGreaterThan(text.split('\n').length / 2);
      // Every default expression is one a logpoint accepts; only lines without code are refused.
      for (const p of probed.logpoints)
        if (!p.ok) expect(p.error).toMatch(/^Line \d+ has no code that runs here/);
      const before = run(plain, { require });
      const after = run(probed, { require });
      expect(JSON.stringify(after.exports)).toBe(JSON.stringify(before.exports));
      expect(after.hits.length).toBeGreaterThan(0);
      expect(Object.values(after.lineRuns()).some((n) => n > 1)).toBe(true);
    },
  );
});
