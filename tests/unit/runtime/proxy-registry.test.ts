import { describe, expect, it } from 'vitest';
import type { SerializedValue } from '../../../src/protocol/index.ts';
import {
  installProxyRegistry,
  isProxy,
  isRevoked,
  proxyTarget,
} from '../../../src/runtime/proxy-registry.ts';
import { serialize } from '../../../src/runtime/serialize.ts';

/** A global of its own with the stand-in installed, beside the real Proxy. */
function scope() {
  const s = { Proxy } as { Proxy: ProxyConstructor };
  installProxyRegistry(s);
  return s.Proxy;
}

/** The TypeError `fn` throws, as text (its message and constructor). */
function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return `${(error as Error).constructor.name}: ${(error as Error).message}`;
  }
  return 'nothing thrown';
}

describe('the Proxy stand-in', () => {
  const P = scope();

  it('makes working proxies and remembers each with its target', () => {
    const target = { a: 1 };
    const proxy = new P(target, { get: (t, k) => (k === 'b' ? 2 : Reflect.get(t, k)) });
    expect(proxy.a).toBe(1);
    expect((proxy as Record<string, number>).b).toBe(2);
    expect(isProxy(proxy)).toBe(true);
    expect(proxyTarget(proxy)).toBe(target);
    expect(isProxy(target)).toBe(false);
    const viaReflect = Reflect.construct(P, [[1, 2], {}]) as number[];
    expect(Array.isArray(viaReflect)).toBe(true);
    expect(isProxy(viaReflect)).toBe(true);
    expect(isProxy(new Proxy({}, {}))).toBe(false); // made by the real one: not the program's
  });

  it('behaves as the real constructor for everything else a program can observe', () => {
    expect(P).not.toBe(Proxy);
    expect(typeof P).toBe('function');
    expect(P.name).toBe('Proxy');
    expect(P.length).toBe(2);
    expect('prototype' in P).toBe(false);
    expect(Object.getOwnPropertyNames(P).sort()).toEqual(Object.getOwnPropertyNames(Proxy).sort());
    const callP = P as unknown as (t: object, h: object) => object;
    const callReal = Proxy as unknown as (t: object, h: object) => object;
    expect(thrown(() => callP({}, {}))).toBe(thrown(() => callReal({}, {})));
    expect(thrown(() => new P(1 as never, {}))).toBe(thrown(() => new Proxy(1 as never, {})));
    expect(thrown(() => ({}) instanceof (P as never))).toBe(
      thrown(() => ({}) instanceof (Proxy as never)),
    );
    expect(thrown(() => class extends (P as unknown as new () => object) {})).toBe(
      thrown(() => class extends (Proxy as unknown as new () => object) {}),
    );
  });

  it('wraps Proxy.revocable the same way', () => {
    const { proxy, revoke } = P.revocable({ x: 1 }, {});
    expect(proxy.x).toBe(1);
    expect(isProxy(proxy)).toBe(true);
    expect(isRevoked(proxy)).toBe(false);
    revoke();
    expect(isRevoked(proxy)).toBe(true);
    expect(() => proxy.x).toThrow(TypeError);
    expect(P.revocable.name).toBe('revocable');
    expect(P.revocable.length).toBe(2);
    expect(thrown(() => new (P.revocable as never as new () => object)())).toMatch(/^TypeError: /);
  });

  it('uses no trap a program put on Object.prototype, and installs once', () => {
    const proto = Object.prototype as Record<string, unknown>;
    let ran = 0;
    let name: string | undefined;
    let called: string | undefined;
    let made: object | undefined;
    // Nothing else in here: test tooling itself stumbles on such a prototype.
    proto.get = () => ran++;
    proto.apply = () => ran++;
    try {
      name = P.name;
      called = thrown(() => (P as unknown as () => object)());
      made = new P({}, {});
    } finally {
      delete proto.get;
      delete proto.apply;
    }
    expect(ran).toBe(0);
    expect(name).toBe('Proxy');
    expect(called).toMatch(/requires 'new'/);
    expect(isProxy(made)).toBe(true);
    const s = { Proxy: P };
    installProxyRegistry(s);
    expect(s.Proxy).toBe(P);
  });
});

describe('the console serialiser and proxies', () => {
  const P = scope();

  /** A handler that records every trap run. */
  function spy() {
    const ran: string[] = [];
    const handler = new Proxy(
      {},
      {
        get:
          (_, trap: string) =>
          (...args: unknown[]) => {
            ran.push(trap);
            return (Reflect as unknown as Record<string, (...a: unknown[]) => unknown>)[trap]!(
              ...args,
            );
          },
      },
    );
    return { ran, handler: handler as ProxyHandler<object> };
  }

  it('shows a proxy through its target, as devtools do, without running a trap', () => {
    const { ran, handler } = spy();
    class Store {
      count = 1;
    }
    const state = new P(new Store(), handler);
    const list = new P([1, 2], handler);
    const fn = new P(function named() {}, handler);
    const out = serialize({ state, list, fn, again: state });
    expect(ran).toEqual([]);
    const entries = (out as Extract<SerializedValue, { t: 'object' }>).entries;
    const [, stateValue] = entries[0]!;
    expect(stateValue).toEqual({
      t: 'object',
      id: 2,
      cls: 'Proxy(Store)',
      entries: [['count', { t: 'number', v: 1 }]],
    });
    expect(entries[1]![1]).toMatchObject({
      t: 'array',
      cls: 'Proxy(Array)',
      length: 2,
      items: [
        { t: 'number', v: 1 },
        { t: 'number', v: 2 },
      ],
    });
    expect(entries[2]![1]).toMatchObject({
      t: 'object',
      cls: 'Proxy',
      entries: [['[[Target]]', { t: 'function', name: 'named' }]],
    });
    expect(entries[3]![1]).toEqual({ t: 'ref', id: 2 });
  });

  it('shows a revoked proxy as such, and a proxy deep in a value as a stub', () => {
    const { proxy, revoke } = P.revocable({ a: 1 }, {});
    revoke();
    expect(serialize(proxy)).toEqual({
      t: 'object',
      id: 1,
      cls: 'Proxy',
      entries: [['[[IsRevoked]]', { t: 'boolean', v: true }]],
    });
    const deep = { a: { b: new P({ c: 1 }, {}) } };
    const out = serialize(deep, { maxDepth: 1 });
    expect(JSON.stringify(out)).toContain('"cls":"Proxy","entries":[],"depthLimit":true');
  });
});
