import { describe, expect, it } from 'vitest';
import { createGlobalNames } from '../../../src/runtime/global-names';

describe("the preview's global names for the console input", () => {
  it('lists the global, its prototypes and the console scope, without the runtime’s own', () => {
    class Base {
      inherited() {}
    }
    const win = Object.assign(Object.create(Base.prototype) as object, {
      document: 1,
      __ppNav: 2,
      'not an identifier': 3,
      $ok: 4,
    });
    const scope = Object.assign(Object.create(null) as object, { answer: 42 });
    const names = createGlobalNames(win, scope)();
    expect(names).toEqual(expect.arrayContaining(['document', '$ok', 'inherited', 'answer']));
    expect(names).toContain('hasOwnProperty'); // Object.prototype, at the chain's end
    expect(names).not.toContain('__ppNav');
    expect(names).not.toContain('not an identifier');
    expect(new Set(names).size).toBe(names.length);
  });

  it('runs none of the program’s code: no getter, no proxy put in the chain later', () => {
    const touched: string[] = [];
    const proto = {};
    const win = Object.create(proto) as object;
    Object.defineProperty(win, 'lazy', {
      get: () => touched.push('getter'),
      enumerable: true,
    });
    const read = createGlobalNames(win, Object.create(null) as object);
    Object.setPrototypeOf(
      proto,
      new Proxy({}, { ownKeys: () => (touched.push('trap'), ['trapped']) }),
    );
    (win as Record<string, unknown>).later = 1;
    const names = read();
    expect(names).toEqual(expect.arrayContaining(['lazy', 'later']));
    expect(names).not.toContain('trapped');
    expect(touched).toEqual([]);
  });
});
