import { describe, expect, it } from 'vitest';
import { parseProbeExpression, toProbeExpr } from '../../../../workers/probe/expression';

/** The runtime's form of an expression, every name in slot order of first use, `this` last. */
const compile = (text: string) => {
  const parsed = parseProbeExpression(text);
  const slots = new Map(parsed.names.map((n, i) => [n, i]));
  const at = { name: (n: string) => slots.get(n), this: () => parsed.names.length };
  return {
    names: parsed.names,
    usesThis: parsed.usesThis,
    values: parsed.values.map((v) => ({ label: v.label, expr: toProbeExpr(v.node, at) })),
  };
};

const error = (text: string) => {
  try {
    parseProbeExpression(text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${text} was accepted`);
};

describe('logpoint expressions', () => {
  it('splits a top-level comma into values, each labelled with its text', () => {
    const out = compile('ball.x,  ball.vx * dt ,count');
    expect(out.values.map((v) => v.label)).toEqual(['ball.x', 'ball.vx * dt', 'count']);
    expect(out.names).toEqual(['ball', 'dt', 'count']);
  });

  it('turns reads, operators, literals and calls into the runtime’s form', () => {
    const [v] = compile(
      '(a?.[i].b ?? (typeof c === "string" ? `${c}!` : [1, , 2n, /x/g, { d, e: -f }])) && Math.max(a.n, 0)',
    ).values;
    expect(v!.expr).toEqual({
      k: 'logical',
      op: '&&',
      left: {
        k: 'logical',
        op: '??',
        left: {
          k: 'get',
          obj: {
            k: 'get',
            obj: { k: 'name', name: 'a', slot: 0 },
            key: { k: 'name', name: 'i', slot: 1 },
            computed: true,
            optional: true,
          },
          key: { k: 'lit', v: 'b' },
          computed: false,
          optional: false,
        },
        right: {
          k: 'cond',
          test: {
            k: 'binary',
            op: '===',
            left: { k: 'unary', op: 'typeof', arg: { k: 'name', name: 'c', slot: 2 } },
            right: { k: 'lit', v: 'string' },
          },
          then: { k: 'template', quasis: ['', '!'], exprs: [{ k: 'name', name: 'c', slot: 2 }] },
          else: {
            k: 'array',
            items: [
              { k: 'lit', v: 1 },
              { k: 'unary', op: 'void', arg: { k: 'lit', v: 0 } },
              { k: 'bigint', v: '2' },
              { k: 'regexp', pattern: 'x', flags: 'g' },
              {
                k: 'object',
                entries: [
                  ['d', { k: 'name', name: 'd', slot: 3 }],
                  ['e', { k: 'unary', op: '-', arg: { k: 'name', name: 'f', slot: 4 } }],
                ],
              },
            ],
          },
        },
      },
      right: {
        k: 'call',
        callee: {
          k: 'get',
          obj: { k: 'name', name: 'Math', slot: 5 },
          key: { k: 'lit', v: 'max' },
          computed: false,
          optional: false,
        },
        args: [
          {
            k: 'get',
            obj: { k: 'name', name: 'a', slot: 0 },
            key: { k: 'lit', v: 'n' },
            computed: false,
            optional: false,
          },
          { k: 'lit', v: 0 },
        ],
        optional: false,
      },
    });
  });

  it('gives this its own slot after the names, and reads optional calls', () => {
    const out = compile('this.size, fn?.(x)');
    expect(out.usesThis).toBe(true);
    expect(out.values[0]!.expr).toEqual({
      k: 'get',
      obj: { k: 'this', slot: 2 },
      key: { k: 'lit', v: 'size' },
      computed: false,
      optional: false,
    });
    expect(out.values[1]!.expr).toEqual({
      k: 'call',
      callee: { k: 'name', name: 'fn', slot: 0 },
      args: [{ k: 'name', name: 'x', slot: 1 }],
      optional: true,
    });
  });

  it.each([
    ['x = 1', 'Logpoints read values: `x = 1` assigns'],
    ['a.b += 2', 'Logpoints read values: `a.b += 2` assigns'],
    ['i++', 'Logpoints read values: `i++` changes `i`'],
    ['--a.b', 'Logpoints read values: `--a.b` changes a value'],
    ['delete a.b', 'Logpoints read values: `delete a.b` deletes a property'],
    ['new Date()', 'Logpoints read values: `new Date()` runs a constructor'],
    ['await p', 'Logpoints read values: `await p` waits (`await` is not run by a logpoint)'],
    ['yield x', 'Logpoints read values: `yield x` yields'],
    ['() => 1', 'Logpoints read values: `() => 1` defines a function'],
    [
      'xs.map(function (x) { return x; })',
      'Logpoints read values: `function (x) { return x; }` defines a function',
    ],
    [
      '({ get a() { return 1; } })',
      'Logpoints read values: `get a() { return 1; }` defines a function',
    ],
    ['class {}', 'Logpoints read values: `class {}` defines a class'],
    ['tag`x`', "Logpoints read values: `tag`x`` calls the template's tag"],
    ['f(...xs)', "Logpoints read values: `...xs` runs the program's iterators (spread)"],
    ['[...xs]', "Logpoints read values: `...xs` runs the program's iterators (spread)"],
    ['({ ...o })', "Logpoints read values: `...o` runs the program's iterators (spread)"],
    ['import("x")', 'Logpoints read values: `import("x")` imports a module'],
    ['"a" in o', 'Logpoints read values: `"a" in o` uses `in`, which can run Proxy traps'],
    [
      'o instanceof C',
      'Logpoints read values: `o instanceof C` uses `instanceof`, which can run Symbol.hasInstance',
    ],
    ['({ [k]: 1 })', 'Logpoints read values: `[k]: 1` has a computed key'],
    [
      'f((a, b))',
      'Logpoints read values: `a, b` has a comma inside brackets: separate values with commas at the top level',
    ],
  ])('refuses %s, saying why', (text, message) => {
    expect(error(text)).toBe(message);
  });

  it('shortens a long refused expression in its message', () => {
    expect(error(`x = ${'a'.repeat(60)}`)).toBe(
      `Logpoints read values: \`x = ${'a'.repeat(35)}…\` assigns`,
    );
  });

  it.each([
    ['ball.', 'Syntax error: Unexpected token at column 6'],
    ['a b', 'Syntax error: unexpected `b` at column 3'],
    [
      'x as number',
      'Syntax error: unexpected `as` at column 3 (a logpoint is JavaScript: no TypeScript types)',
    ],
    ['(a', 'Syntax error: Unexpected token at column 3'],
    [
      'this.#x',
      "Syntax error: Private field '#x' must be declared in an enclosing class at column 6",
    ],
    ['   ', 'Write an expression to log, e.g. `ball.x`'],
  ])('says what is wrong with the syntax of %j', (text, message) => {
    expect(error(text)).toBe(message);
  });

  it('accepts a trailing comment and surrounding space', () => {
    expect(compile('  x  // why').values).toEqual([
      { label: 'x', expr: { k: 'name', name: 'x', slot: 0 } },
    ]);
  });
});
