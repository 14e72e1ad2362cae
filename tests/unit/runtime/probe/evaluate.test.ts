import { describe, expect, it } from 'vitest';
import type { ProbeValue, RuntimeMessage } from '../../../../src/protocol/index.ts';
import { createProbe } from '../../../../src/runtime/probe/index.ts';
import { installProxyRegistry } from '../../../../src/runtime/proxy-registry.ts';
import { probeSpec } from './probe-expr.ts';

type Hits = Extract<RuntimeMessage, { type: 'probe-hits' }>;

/**
 * The values one hit of a logpoint `source` shows, with `scope`'s names as the site's slots
 * (read by a reader as the instrumenter writes one) and `global` as the window.
 */
function values(
  source: string,
  scope: Record<string, unknown> = {},
  global: object = globalThis,
): ProbeValue[] {
  const names = Object.keys(scope);
  const sent: RuntimeMessage[] = [];
  const probe = createProbe(
    { sites: [probeSpec(source, names)], lines: 0, maxHits: 10 },
    { global, now: () => 0, send: (m) => sent.push(m), depth: () => 1 },
  );
  probe.module.p(0, (k) => scope[names[k]!]);
  probe.flush();
  return (sent[0] as Hits).hits[0]!.values;
}
const value = (source: string, scope?: Record<string, unknown>, global?: object) =>
  values(source, scope, global)[0]!;

const num = (v: number) => ({ t: 'number', v });
const str = (v: string) => ({ t: 'string', v });
const bool = (v: boolean) => ({ t: 'boolean', v });

/** An object whose conversions count their calls (none may run). */
function convertible() {
  const calls: string[] = [];
  const o = {
    valueOf: () => (calls.push('valueOf'), 1),
    toString: () => (calls.push('toString'), 'o'),
    toJSON: () => (calls.push('toJSON'), 'json'),
    [Symbol.toPrimitive]: () => (calls.push('toPrimitive'), 2),
  };
  return { o, calls };
}

describe('logpoint values: reading properties', () => {
  it('reads data properties, nested, computed and along the prototype chain', () => {
    class Ball {
      x = 3;
      vx = -1;
    }
    const ball = new Ball();
    const base = { inherited: 'yes' };
    const child = Object.create(base) as object;
    expect(values('ball.x, ball.vx, ball["x"], child.inherited', { ball, child })).toEqual([
      num(3),
      num(-1),
      num(3),
      str('yes'),
    ]);
    expect(value('grid[i][j]', { grid: [[0, 7]], i: 0, j: 1 })).toEqual(num(7));
    expect(value('ball.missing', { ball })).toEqual({ t: 'undefined' });
  });

  it('never calls a getter of the program: the value is unread, with why', () => {
    let calls = 0;
    const ball = {
      get x() {
        calls++;
        return 1;
      },
    };
    class Paddle {
      get speed() {
        calls++;
        return 2;
      }
    }
    expect(value('ball.x', { ball })).toEqual({
      t: 'unread',
      why: 'ball.x is a getter: a logpoint does not run it',
    });
    expect(value('paddle.speed * 2', { paddle: new Paddle() })).toEqual({
      t: 'unread',
      why: 'paddle.speed is a getter: a logpoint does not run it',
    });
    expect(calls).toBe(0);
  });

  it('calls the platform’s own getters, not a bound function or a proxy dressed as one', () => {
    const map = new Map([['a', 1]]);
    const bytes = new Uint8Array(4);
    expect(values('map.size, bytes.length, bytes.byteLength, /a+/g.flags', { map, bytes })).toEqual(
      [num(1), num(4), num(4), str('g')],
    );
    let calls = 0;
    const sneaky = function (this: unknown) {
      calls++;
      return 5;
    }.bind(null);
    const o = {};
    Object.defineProperty(o, 'x', { get: sneaky });
    expect(value('o.x', { o }).t).toBe('unread');
    expect(calls).toBe(0);
  });

  it('reads the getters esbuild makes for a module’s exports (they only read a binding)', () => {
    const helper = () => 1;
    const count = 41;
    const ns = {};
    Object.defineProperty(ns, 'helper', { get: () => helper, enumerable: true });
    Object.defineProperty(ns, 'count', { get: () => count, enumerable: true });
    let reads = 0;
    const from = {
      get n() {
        return ++reads;
      },
    };
    const reexport = {};
    Object.defineProperty(reexport, 'n', { get: () => from.n, enumerable: true });
    expect(value('ns.helper', { ns })).toEqual({ t: 'function', name: 'helper' });
    expect(value('ns.count', { ns })).toEqual(num(41));
    expect(value('reexport.n', { reexport }).t).toBe('unread');
    expect(reads).toBe(0);
  });

  it('reads a string’s length and characters, and primitives’ native getters', () => {
    expect(
      values('s.length, s[1], s[9], sym.description', { s: 'héllo', sym: Symbol('tag') }),
    ).toEqual([num(5), str('é'), { t: 'undefined' }, str('tag')]);
  });

  it('throws as JS would for a property of undefined, and stops at ?.', () => {
    const scope = { a: null, b: { c: undefined } };
    expect(value('a.x', scope)).toEqual({
      t: 'thrown',
      text: "TypeError: Cannot read properties of null (reading 'x')",
    });
    expect(value('b.c.d', scope)).toEqual({
      t: 'thrown',
      text: "TypeError: Cannot read properties of undefined (reading 'd')",
    });
    expect(values('a?.x.y.z, b.c?.d, b?.c, a?.[0]', scope)).toEqual([
      { t: 'undefined' },
      { t: 'undefined' },
      { t: 'undefined' },
      { t: 'undefined' },
    ]);
    expect(value('a?.f()', scope)).toEqual({ t: 'undefined' });
    expect(value('b.f?.()', scope)).toEqual({ t: 'undefined' });
  });

  it('refuses a key that is an object (its toString would run)', () => {
    const { o, calls } = convertible();
    expect(value('map[o]', { map: {}, o }).t).toBe('unread');
    expect(calls).toEqual([]);
  });

  it('does not read a stack when Error.prepareStackTrace would run', () => {
    const error = new Error('boom');
    const E = Error as unknown as { prepareStackTrace?: unknown };
    let hooked = 0;
    const saved = Object.getOwnPropertyDescriptor(E, 'prepareStackTrace');
    E.prepareStackTrace = () => (hooked++, 'stack');
    try {
      const read = value('error.stack, error.message', { error });
      expect(read).toEqual({
        t: 'unread',
        why: 'error.stack would run Error.prepareStackTrace: a logpoint does not run it',
      });
      expect(values('error.message, error', { error })).toEqual([
        str('boom'),
        expect.objectContaining({ t: 'error', name: 'Error', message: 'boom' }),
      ]);
    } finally {
      if (saved) Object.defineProperty(E, 'prepareStackTrace', saved);
      else delete E.prepareStackTrace;
    }
    expect(hooked).toBe(0);
  });
});

describe('logpoint values: proxies', () => {
  const scope = { Proxy } as { Proxy: ProxyConstructor };
  installProxyRegistry(scope);

  it('never reads through a Proxy the program made, not even by its prototype', () => {
    const trapped: string[] = [];
    const handler: ProxyHandler<object> = {};
    for (const trap of ['get', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has', 'ownKeys']) {
      (handler as Record<string, unknown>)[trap] = (...args: unknown[]) => {
        trapped.push(trap);
        return (Reflect as unknown as Record<string, (...a: unknown[]) => unknown>)[trap]!(...args);
      };
    }
    const state = new scope.Proxy({ count: 1 }, handler);
    const child = Object.create(state) as object;
    expect(value('state.count', { state })).toEqual({
      t: 'unread',
      why: 'state is a Proxy: a logpoint does not run its traps',
    });
    expect(value('child.count', { child }).t).toBe('unread');
    expect(value('Object.keys(state)', { state }).t).toBe('unread');
    // As a value it is shown through its target, as devtools do.
    expect(value('state', { state })).toEqual({
      t: 'object',
      id: 1,
      cls: 'Proxy(Object)',
      entries: [['count', num(1)]],
    });
    expect(value('typeof state, state === state', { state })).toEqual(str('object'));
    expect(trapped).toEqual([]);
  });
});

describe('logpoint values: operators', () => {
  it('applies operators to primitives', () => {
    expect(
      values('a + b, a * b - 1, 2 ** 10, s + a, a < b, a & 6, -a, ~a, !a, a % 4', {
        a: 5,
        b: 3,
        s: 'x',
      }),
    ).toEqual([
      num(8),
      num(14),
      num(1024),
      str('x5'),
      bool(false),
      num(4),
      num(-5),
      num(-6),
      bool(false),
      num(1),
    ]);
    expect(values('n + 2n, n + 1', { n: 1n })).toEqual([
      { t: 'bigint', v: '3' },
      {
        t: 'thrown',
        text: 'TypeError: Cannot mix BigInt and other types, use explicit conversions',
      },
    ]);
    expect(value('`at ${x}, ${y}`', { x: 1, y: 'two' })).toEqual(str('at 1, two'));
  });

  it('never converts an object: valueOf, toString, Symbol.toPrimitive and toJSON do not run', () => {
    const { o, calls } = convertible();
    for (const source of [
      'o + 1',
      'o * 2',
      '-o',
      '+o',
      'o < 1',
      'o == 1',
      '`${o}`',
      'Math.max(o, 1)',
      'String(o)',
      '"s".concat(o)',
    ]) {
      expect(value(source, { o }), source).toMatchObject({ t: 'unread' });
    }
    expect(value('o + 1', { o })).toEqual({
      t: 'unread',
      why: 'o + 1 would convert o (an object) with valueOf or toString: a logpoint does not run them',
    });
    // Shown as a value: its methods are listed, none called (toJSON included).
    expect(value('o', { o }).t).toBe('object');
    expect(calls).toEqual([]);
  });

  it('compares anything by identity, typeof, !, &&, ||, ??, ?: without converting', () => {
    const { o, calls } = convertible();
    expect(
      values(
        'o === o, o !== o, o == o, o == null, null == undefined, typeof o, !o, o && 1, 0 || o, z ?? 2, o ? "y" : "n", void o',
        {
          o,
          z: null,
        },
      ),
    ).toEqual([
      bool(true),
      bool(false),
      bool(true),
      bool(false),
      bool(true),
      str('object'),
      bool(false),
      num(1),
      expect.objectContaining({ t: 'object' }),
      num(2),
      str('y'),
      { t: 'undefined' },
    ]);
    expect(calls).toEqual([]);
  });

  it('refuses in and instanceof', () => {
    class Foo {
      static [Symbol.hasInstance]() {
        throw new Error('ran');
      }
    }
    expect(value('f instanceof Foo', { f: {}, Foo }).t).toBe('unread');
    expect(value('"x" in o', { o: { x: 1 } }).t).toBe('unread');
  });
});

describe('logpoint values: calls', () => {
  it('calls the pure built-ins with primitive arguments', () => {
    expect(
      values(
        'Math.max(a, b), Math.hypot(3, 4), s.slice(0, 2).toUpperCase(), n.toFixed(2), Number.isFinite(n), String(a), Array.isArray(list), Object.keys(o), s.padStart(6, "-"), (255).toString(16)',
        { a: 1, b: 2, s: 'abc', n: 3.14159, list: [1], o: { p: 1, q: 2 } },
        globalThis,
      ),
    ).toEqual([
      num(2),
      num(5),
      str('AB'),
      str('3.14'),
      bool(true),
      str('1'),
      bool(true),
      {
        t: 'array',
        id: 1,
        length: 2,
        items: [str('p'), str('q')],
      },
      str('---abc'),
      str('ff'),
    ]);
  });

  it('makes no other call: the program’s functions, methods, and built-ins it replaced', () => {
    let calls = 0;
    const update = () => calls++;
    const list = [1, 2];
    const global = { Math: { ...Math, max: () => calls++ }, update };
    expect(value('update(1)', {}, global)).toEqual({
      t: 'unread',
      why: 'update(1) is a call: a logpoint calls only pure built-ins (Math.max, s.slice, n.toFixed…) with primitive arguments',
    });
    expect(value('list.map(update)', { list, update }).t).toBe('unread');
    expect(value('Math.max(1, 2)', {}, global).t).toBe('unread');
    expect(value('Math.random()', {}, { Math }).t).toBe('unread');
    expect(value('s.repeat(1e7)', { s: 'ab' })).toMatchObject({ t: 'unread' });
    expect(value('s.slice(1)', { s: new String('ab') })).toMatchObject({ t: 'unread' });
    expect(value('nope(1)', {}, {})).toEqual({
      t: 'thrown',
      text: 'ReferenceError: nope is not defined',
    });
    expect(value('o.f(1)', { o: {} })).toEqual({
      t: 'thrown',
      text: 'TypeError: o.f is not a function',
    });
    expect(calls).toBe(0);
  });
});

describe('logpoint values: names', () => {
  it('reads globals from the window by descriptor: data, native getters; not its getters', () => {
    let calls = 0;
    const global = new Map([['k', 1]]) as Map<string, number> & Record<string, unknown>;
    global.answer = 42;
    Object.defineProperty(global, 'score', {
      get: () => {
        calls++;
        return 1;
      },
    });
    expect(values('answer, size, score', {}, global)).toEqual([
      num(42),
      num(1),
      { t: 'unread', why: 'score is a getter: a logpoint does not run it' },
    ]);
    expect(values('missing, typeof missing', {}, global)).toEqual([
      { t: 'thrown', text: 'ReferenceError: missing is not defined' },
      str('undefined'),
    ]);
    expect(calls).toBe(0);
  });

  it('gives a slot that throws (its temporal dead zone) as thrown, the other values still read', () => {
    const sent: RuntimeMessage[] = [];
    const probe = createProbe(
      { sites: [probeSpec('early, later, early + 1', ['early', 'later'])], lines: 0, maxHits: 10 },
      { global: {}, now: () => 0, send: (m) => sent.push(m), depth: () => 1 },
    );
    const program = new Function(
      '__ppProbe',
      'const early = 1; __ppProbe.p(0, (k) => { switch (k) { case 0: return early; case 1: return later; } }); let later = 2;',
    ) as (probe: unknown) => void;
    program(probe.module);
    probe.flush();
    expect((sent[0] as Hits).hits[0]!.values).toEqual([
      num(1),
      { t: 'thrown', text: "ReferenceError: Cannot access 'later' before initialization" },
      num(2),
    ]);
  });

  it('reads `this` from its slot, and makes arrays, objects and regexps as written', () => {
    const self = { id: 7 };
    expect(values('this.id, [a, this.id], {a, b: a + 1}, /x+/i', { a: 1, this: self })).toEqual([
      num(7),
      { t: 'array', id: 1, length: 2, items: [num(1), num(7)] },
      {
        t: 'object',
        id: 1,
        cls: null,
        entries: [
          ['a', num(1)],
          ['b', num(2)],
        ],
      },
      { t: 'regexp', v: '/x+/i' },
    ]);
  });
});

describe('logpoint values: a program that replaced the built-ins', () => {
  it('reads, calls and serialises with the intrinsics captured at load', () => {
    const scope = {
      ball: { x: 1, tags: ['a', 'b'], pos: new Map([['k', { v: 2 }]]), seen: new Set([1]) },
      s: 'abc',
    };
    const names = Object.keys(scope);
    const slots = names.map((n) => scope[n as keyof typeof scope]);
    const sent: RuntimeMessage[] = [];
    const probe = createProbe(
      {
        sites: [probeSpec('ball, ball.tags[1], s.toUpperCase(), ball.x + 1, /a/g.flags', names)],
        lines: 1,
        maxHits: 10,
      },
      { global: globalThis, now: () => 0, send: (m) => void (sent[sent.length] = m) },
    );
    const replaced: [object, PropertyKey][] = [
      [Array.prototype, 'push'],
      [Array.prototype, 'map'],
      [Array.prototype, 'includes'],
      [Array.prototype, Symbol.iterator],
      [Object.getPrototypeOf([][Symbol.iterator]()) as object, 'next'],
      [Map.prototype, 'get'],
      [Map.prototype, 'set'],
      [Map.prototype, 'has'],
      [WeakMap.prototype, 'get'],
      [WeakMap.prototype, 'has'],
      [String.prototype, 'slice'],
      [String.prototype, 'startsWith'],
      [String.prototype, 'indexOf'],
      [String.prototype, 'lastIndexOf'],
      [RegExp.prototype, 'exec'],
      [RegExp.prototype, 'test'],
      [Object, 'keys'],
      [Object, 'getOwnPropertyDescriptor'],
      [Object, 'getPrototypeOf'],
      [Reflect, 'apply'],
      [globalThis, 'JSON'],
      [globalThis, 'Math'],
      [globalThis, 'String'],
      [globalThis, 'Number'],
    ];
    const saved = replaced.map(([o, k]) => Object.getOwnPropertyDescriptor(o, k)!);
    const define = Object.defineProperty;
    let ran = 0;
    // While they are replaced, this test itself uses none of them (index loops, no push).
    const theirs = () => {
      ran++;
      throw new Error('the program’s own');
    };
    try {
      for (let i = 0; i < replaced.length; i++) {
        define(replaced[i]![0], replaced[i]![1], {
          value: theirs,
          configurable: true,
          writable: true,
        });
      }
      probe.module.l(0);
      probe.module.p(0, (k) => slots[k]);
      probe.flush();
    } finally {
      for (let i = 0; i < replaced.length; i++) define(replaced[i]![0], replaced[i]![1], saved[i]!);
    }
    expect(ran).toBe(0);
    const out = (sent[0] as Hits).hits[0]!.values;
    expect(out.slice(1)).toEqual([str('b'), str('ABC'), num(2), str('g')]);
    expect(out[0]).toMatchObject({
      t: 'object',
      entries: [
        ['x', num(1)],
        ['tags', { t: 'array', items: [str('a'), str('b')] }],
        ['pos', { t: 'map', size: 1, entries: [[str('k'), { t: 'object' }]] }],
        ['seen', { t: 'set', size: 1, items: [num(1)] }],
      ],
    });
    expect(sent[1]).toEqual({ type: 'line-hits', lines: [{ i: 0, runs: 1, ticks: [0] }] });
  });
});
