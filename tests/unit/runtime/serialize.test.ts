import { describe, expect, it } from 'vitest';
import type { SerializedValue } from '../../../src/protocol/index.ts';
import { serialize } from '../../../src/runtime/serialize.ts';

type Of<T extends SerializedValue['t']> = Extract<SerializedValue, { t: T }>;
function as<T extends SerializedValue['t']>(v: SerializedValue, t: T): Of<T> {
  expect(v.t).toBe(t);
  return v as Of<T>;
}
const entry = (v: SerializedValue, key: string) =>
  as(v, 'object').entries.find(([k]) => k === key)?.[1];

describe('serialize: primitives', () => {
  it('keeps numbers that JSON would lose as strings', () => {
    expect(serialize(-0)).toEqual({ t: 'number', v: '-0' });
    expect(serialize(0)).toEqual({ t: 'number', v: 0 });
    expect(serialize(NaN)).toEqual({ t: 'number', v: 'NaN' });
    expect(serialize(-Infinity)).toEqual({ t: 'number', v: '-Infinity' });
    expect(serialize(1.5)).toEqual({ t: 'number', v: 1.5 });
  });
  it('handles bigint, symbol, undefined, null, booleans', () => {
    expect(serialize(12345678901234567890n)).toEqual({ t: 'bigint', v: '12345678901234567890' });
    expect(serialize(Symbol('tag'))).toEqual({ t: 'symbol', v: 'Symbol(tag)' });
    expect(serialize(undefined)).toEqual({ t: 'undefined' });
    expect(serialize(null)).toEqual({ t: 'null' });
    expect(serialize(false)).toEqual({ t: 'boolean', v: false });
  });
  it('truncates long strings and reports the original length', () => {
    const s = 'x'.repeat(25);
    expect(serialize(s, { maxString: 10 })).toEqual({ t: 'string', v: 'x'.repeat(10), length: 25 });
    expect(serialize('short', { maxString: 10 })).toEqual({ t: 'string', v: 'short' });
    const emoji = 'a😀b';
    expect(as(serialize(emoji, { maxString: 2 }), 'string').v).toBe('a');
  });
});

describe('serialize: functions, dates, regexps', () => {
  it('names functions and detects classes', () => {
    class Widget {}
    expect(serialize(function hello() {})).toEqual({ t: 'function', name: 'hello' });
    expect(serialize(Widget)).toEqual({ t: 'function', name: 'Widget', isClass: true });
    expect(serialize(() => 1)).toEqual({ t: 'function', name: '' });
  });
  it('handles valid and invalid dates, and regexps', () => {
    expect(serialize(new Date(Date.UTC(2024, 1, 3)))).toEqual({
      t: 'date',
      v: '2024-02-03T00:00:00.000Z',
    });
    expect(serialize(new Date('nope'))).toEqual({ t: 'date', v: 'Invalid Date' });
    expect(serialize(/a+b/gi)).toEqual({ t: 'regexp', v: '/a+b/gi' });
  });
});

describe('serialize: objects', () => {
  it('describes plain objects and class instances', () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
    }
    const p = as(serialize(new Point(1, 2)), 'object');
    expect(p.cls).toBe('Point');
    expect(p.entries).toEqual([
      ['x', { t: 'number', v: 1 }],
      ['y', { t: 'number', v: 2 }],
    ]);
    expect(as(serialize({ a: 1 }), 'object').cls).toBeNull();
    expect(as(serialize(Object.create(null)), 'object').cls).toBeNull();
  });
  it('includes enumerable symbol keys and skips non-enumerable ones', () => {
    const o = { [Symbol('s')]: 1 };
    Object.defineProperty(o, 'hidden', { value: 2, enumerable: false });
    expect(as(serialize(o), 'object').entries.map(([k]) => k)).toEqual(['[Symbol(s)]']);
  });
  it('turns cycles and shared references into refs', () => {
    const shared = { n: 1 };
    const root: Record<string, unknown> = { a: shared, b: shared };
    root.self = root;
    const out = as(serialize(root), 'object');
    const a = as(entry(out, 'a')!, 'object');
    expect(entry(out, 'b')).toEqual({ t: 'ref', id: a.id });
    expect(entry(out, 'self')).toEqual({ t: 'ref', id: out.id });
    expect(a.id).not.toBe(out.id);
  });
  it('never invokes getters, and shows the getter function instead', () => {
    let calls = 0;
    const o = {
      get boom(): number {
        calls++;
        throw new Error('getter ran');
      },
      plain: 1,
    };
    const out = as(serialize(o), 'object');
    expect(calls).toBe(0);
    expect(entry(out, 'boom')).toEqual({ t: 'function', name: 'get boom' });
    expect(entry(out, 'plain')).toEqual({ t: 'number', v: 1 });
  });
  it('survives proxies whose traps throw', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys');
        },
        getPrototypeOf() {
          throw new Error('no proto');
        },
        getOwnPropertyDescriptor() {
          throw new Error('no descriptor');
        },
      },
    );
    expect(as(serialize({ hostile }), 'object').entries[0]![1].t).toBe('object');
    const { proxy, revoke } = Proxy.revocable([1, 2], {});
    revoke();
    expect(() => serialize([proxy])).not.toThrow();
  });
  it('limits entries and depth', () => {
    const wide = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]));
    const w = as(serialize(wide, { maxEntries: 100 }), 'object');
    expect(w.entries).toHaveLength(100);
    expect(w.more).toBe(50);
    const deep = { l1: { l2: { l3: { l4: 1 } } } };
    const d = as(serialize(deep, { maxDepth: 2 }), 'object');
    const l2 = as(entry(as(entry(d, 'l1')!, 'object'), 'l2')!, 'object');
    const l3 = as(entry(l2, 'l3')!, 'object');
    expect(l3.depthLimit).toBe(true);
    expect(l3.entries).toEqual([]);
  });
  it('bounds the total number of objects walked', () => {
    const grid = Array.from({ length: 50 }, () => Array.from({ length: 50 }, () => ({ v: 1 })));
    const out = serialize(grid, { maxNodes: 100 });
    const text = JSON.stringify(out);
    expect((text.match(/"t":"(object|array)"/g) ?? []).length).toBeLessThanOrEqual(101);
    const rows = as(out, 'array').items;
    expect(rows.length).toBeLessThan(50);
    expect(as(out, 'array').more).toBe(50 - rows.length);
  });
});

describe('serialize: collections', () => {
  it('describes Map and Set with limits', () => {
    const m = as(serialize(new Map([[{ k: 1 }, 'v']])), 'map');
    expect(m.size).toBe(1);
    expect(m.entries[0]![0].t).toBe('object');
    expect(m.entries[0]![1]).toEqual({ t: 'string', v: 'v' });
    const s = as(serialize(new Set([1, 2, 3, 4]), { maxEntries: 2 }), 'set');
    expect(s.items).toEqual([
      { t: 'number', v: 1 },
      { t: 'number', v: 2 },
    ]);
    expect(s.more).toBe(2);
  });
  it('marks holes in sparse arrays, also very sparse ones', () => {
    // eslint-disable-next-line no-sparse-arrays
    const a = as(serialize([1, , , 4]), 'array');
    expect(a.length).toBe(4);
    expect(a.items).toEqual([
      { t: 'number', v: 1 },
      { t: 'hole', count: 2 },
      { t: 'number', v: 4 },
    ]);
    const huge: number[] = [];
    huge[5_000_000] = 7;
    const h = as(serialize(huge), 'array');
    expect(h.items).toEqual([
      { t: 'hole', count: 5_000_000 },
      { t: 'number', v: 7 },
    ]);
  });
  it('truncates long arrays and names typed arrays', () => {
    const a = as(serialize(Array.from({ length: 250 }, (_, i) => i)), 'array');
    expect(a.items).toHaveLength(100);
    expect(a.more).toBe(150);
    const t = as(serialize(new Float32Array([0.5, 2])), 'array');
    expect(t.cls).toBe('Float32Array');
    expect(t.items).toEqual([
      { t: 'number', v: 0.5 },
      { t: 'number', v: 2 },
    ]);
    expect(as(serialize(new BigInt64Array([3n])), 'array').items).toEqual([
      { t: 'bigint', v: '3' },
    ]);
  });
  it('describes promises without settling or observing them', () => {
    const p = Promise.reject(new Error('x'));
    expect(as(serialize(p), 'promise').state).toBe('unknown');
    p.catch(() => {});
  });
});

describe('serialize: errors and DOM-like objects', () => {
  it('keeps name, message, stack and parsed frames', () => {
    const e = new TypeError('bad thing');
    const out = as(serialize(e), 'error');
    expect(out.name).toBe('TypeError');
    expect(out.message).toBe('bad thing');
    expect(out.stack).toContain('TypeError: bad thing');
    expect(out.frames!.length).toBeGreaterThan(0);
    expect(out.frames![0]!.url).toContain('serialize.test.ts');
  });
  it('reads custom error names from subclasses', () => {
    class NotFound extends Error {
      name = 'NotFound';
    }
    expect(as(serialize(new NotFound('gone')), 'error').name).toBe('NotFound');
  });
  it('describes DOM-like nodes as text, never as HTML', () => {
    const el = {
      nodeType: 1,
      nodeName: 'DIV',
      localName: 'div',
      id: 'app',
      className: 'card  big',
      textContent: '  Hello\n   <b>world</b>  ',
      innerHTML: '<b>world</b>',
    };
    expect(serialize(el)).toEqual({
      t: 'dom',
      id: 1,
      tag: 'div',
      desc: 'div#app.card.big',
      text: 'Hello <b>world</b>',
    });
    const text = { nodeType: 3, nodeName: '#text', data: 'x'.repeat(300) };
    const t = as(serialize(text), 'dom');
    expect(t.desc).toBe('#text');
    expect(t.text!.length).toBe(101);
  });
});

describe('serialize: bounds and what the program may have changed', () => {
  it('cuts long keys, class names, function names and symbols to maxString', () => {
    const key = 'k'.repeat(50);
    class LongName {}
    Object.defineProperty(LongName, 'name', { value: 'N'.repeat(50) });
    const o = new LongName() as Record<string, unknown>;
    o[key] = Symbol('s'.repeat(50));
    const out = as(serialize(o, { maxString: 10 }), 'object');
    expect(out.cls).toBe(`${'N'.repeat(9)}…`);
    expect(out.entries[0]![0]).toBe(`${'k'.repeat(9)}…`);
    expect(as(out.entries[0]![1], 'symbol').v).toHaveLength(10);
    const fn = () => {};
    Object.defineProperty(fn, 'name', { value: 'f'.repeat(50) });
    expect(as(serialize(fn, { maxString: 10 }), 'function').name).toHaveLength(10);
  });

  it('stops a value at maxSize, counting the rest', () => {
    const rows = Array.from({ length: 100 }, (_, i) => `${'x'.repeat(200)}${i}`);
    const out = as(serialize(rows, { maxSize: 5_000 }), 'array');
    expect(out.items.length).toBeGreaterThan(5);
    expect(out.items.length).toBeLessThan(30);
    expect(out.more).toBe(100 - out.items.length);
  });

  it('leaves out an error’s stack when asked, and sends at most 200 frames', () => {
    const e = new Error('m');
    expect(serialize(e, { errorStacks: false })).toEqual({
      t: 'error',
      id: 1,
      name: 'Error',
      message: 'm',
    });
    const deep = new Error('deep');
    Object.defineProperty(deep, 'stack', {
      value: [
        'Error: deep',
        ...Array.from({ length: 300 }, (_, i) => `    at f${i} (playpen:///a.js:${i + 1}:1)`),
      ].join('\n'),
    });
    expect(as(serialize(deep), 'error').frames).toHaveLength(200);
  });

  it('reads a regexp’s flags without the getters a program may put on it', () => {
    let ran = 0;
    const re = /a/gi;
    Object.defineProperty(re, 'global', { get: () => (ran++, false) });
    expect(serialize(re)).toEqual({ t: 'regexp', v: '/a/gi' });
    expect(ran).toBe(0);
  });

  it('does not take a `value` or `get` put on Object.prototype for part of a property', () => {
    const proto = Object.prototype as Record<string, unknown>;
    let ran = 0;
    let out: SerializedValue | undefined;
    Object.defineProperty(proto, 'value', {
      __proto__: null,
      get: () => (ran++, 'forged'),
      configurable: true,
    } as PropertyDescriptor);
    Object.defineProperty(proto, 'get', {
      __proto__: null,
      get: () => (ran++, () => 'forged'),
      configurable: true,
    } as PropertyDescriptor);
    try {
      out = serialize({
        a: 1,
        get b() {
          return 2;
        },
      });
    } finally {
      delete proto.value;
      delete proto.get;
    }
    expect(ran).toBe(0);
    expect(as(out!, 'object').entries).toEqual([
      ['a', { t: 'number', v: 1 }],
      ['b', { t: 'function', name: 'get b' }],
    ]);
  });
});
