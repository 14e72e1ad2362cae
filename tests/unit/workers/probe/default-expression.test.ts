import { describe, expect, it } from 'vitest';
import { defaultExpression } from '../../../../workers/probe/default-expression';
import { parseProbeExpression } from '../../../../workers/probe/expression';

describe('defaultExpression', () => {
  it.each([
    ['  ball.x += ball.vx * dt;', 'ball.x, ball.vx, dt'],
    ['const [v, setV] = useState(0);', 'v, setV'],
    ['const [v, setV] = useState<number | null>(null);', 'v, setV'],
    ['let count: number = start + 1;', 'count, start'],
    ['export function move(ball: Ball, dt: number): void {', 'ball, dt'],
    ['const twice = (n: number): number => n * 2;', 'twice, n'],
    ['  constructor(private readonly base: Map<string, number[]>) {}', 'base'],
    ['  get area(): number {', ''],
    ['for (let i = 0; i < items.length; i++) {', 'i, items.length'],
    ['for (const p of particles) {', 'p, particles'],
    ['} else if (count < 0 && !done) {', 'count, done'],
    ['  return a + b;', 'a, b'],
    ['ctx.fillRect(ball.x, ball.y, 10, 10);', 'ball.x, ball.y'],
    ['this.size = this.base * 2;', 'this.size, this.base'],
    ['const { a, b: c, ...rest } = props;', 'a, c, rest, props'],
    ['setCount((c) => c + 1);', 'c'],
    ['x = cond ? left : right;', 'x, cond, left, right'],
    ['const label = `${user.name} has ${count} items`;', 'label, user.name, count'],
    ['const el = document.getElementById("app")!;', 'el'],
    ['const w = canvas!.width as number;', 'w, canvas.width'],
    ['if (a) /re/.test(s);', 'a, s'],
    ['const f = a.b?.c ?? d;', 'f, a.b?.c, d'],
    ['case "left": dx = -speed; break;', 'dx, speed'],
    ['outer: for (const row of grid) {', 'row, grid'],
    ['@Component({ selector: sel })', 'sel'],
    ['a = b; c = d; e = f;', 'a, b, c, d'],
    ['const s = new Set<string>(names);', 's, names'],
    ['ref.current!.focus();', ''],
    ['await sleep(ms);', 'ms'],
    ['if (typeof value === "string") return value;', 'value'],
    ['  x: ball.x + ball.vx,', 'ball.x, ball.vx'],
    ['  size: number = this.base * 2;', 'this.base'],
    ['  onClick?: () => void;', ''],
    ['  a: number,', ''],
    ['const v = getPos().x + import.meta.env.DEV + list[0].name;', 'v, list'],
  ])('%j → %j', (line, expected) => {
    expect(defaultExpression(line)).toBe(expected);
  });

  it.each([
    ['    <div onClick={() => setV(v + 1)} title={String(v)} className="box">', 'v'],
    ['      <span>{item.name}</span>', 'item.name'],
    ['      {items.map((item) => (', 'item'],
    ['      Count: {items.length}', 'items.length'],
    ['      Hello {name}, welcome', 'name'],
    ['    <Chart data={points} width={w} />', 'points, w'],
  ])('TSX %j → %j', (line, expected) => {
    expect(defaultExpression(line)).toBe(expected);
  });

  it.each([
    '// just a comment',
    '/* a block comment */',
    '',
    "import { useState } from 'react';",
    "import React, * as all from 'react';",
    'type Ball = { x: number; vx: number };',
    'export type Dt = number;',
    'interface Props {',
    '  x: number;',
    'export { a, b as c };',
    "export * from './util';",
    'declare const VERSION: string;',
    'enum Dir { Up, Down }',
    '}',
    '  );',
    '"use strict";',
    'return;',
  ])('%j has no names', (line) => {
    expect(defaultExpression(line)).toBe('');
  });

  it('keeps at most four names, each once', () => {
    expect(defaultExpression('a = b + a * c - d / e;')).toBe('a, b, c, d');
  });

  it('always gives an expression a logpoint accepts', () => {
    for (const line of [
      'const w = canvas!.width as number;',
      'const f = a.b?.c ?? d;',
      '  ball.x += ball.vx * dt;',
      'this.size = this.base * 2;',
    ]) {
      expect(() => parseProbeExpression(defaultExpression(line))).not.toThrow();
    }
  });
});
