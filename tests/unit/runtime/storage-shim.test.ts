import { describe, expect, it } from 'vitest';
import { createMemoryStorage, installStorageShim } from '../../../src/runtime/storage-shim.ts';

describe('memory storage', () => {
  it('implements the Storage methods', () => {
    const s = createMemoryStorage();
    expect(s.getItem('a')).toBeNull();
    s.setItem('a', '1');
    s.setItem('b', 2 as unknown as string);
    expect(s.getItem('b')).toBe('2');
    expect(s.length).toBe(2);
    expect([s.key(0), s.key(1), s.key(2)]).toEqual(['a', 'b', null]);
    s.removeItem('a');
    expect(s.length).toBe(1);
    expect(s.key(0)).toBe('b');
    s.clear();
    expect(s.length).toBe(0);
    expect(Object.prototype.toString.call(s)).toBe('[object Storage]');
  });

  it('maps property access to items, as the real Storage does', () => {
    const s = createMemoryStorage() as Storage & Record<string, unknown>;
    s.theme = 'dark';
    expect(s.getItem('theme')).toBe('dark');
    s.setItem('count', '3');
    expect(s.count).toBe('3');
    expect('count' in s).toBe(true);
    expect(Object.keys(s)).toEqual(['theme', 'count']);
    expect(JSON.stringify(s)).toBe('{"theme":"dark","count":"3"}');
    delete s.theme;
    expect(s.getItem('theme')).toBeNull();
    // Methods win over items with the same name.
    s.setItem('getItem', 'x');
    expect(typeof s.getItem).toBe('function');
    expect(s.getItem('getItem')).toBe('x');
  });

  it('enforces a quota with QuotaExceededError', () => {
    const s = createMemoryStorage();
    s.setItem('big', 'x'.repeat(4_000_000));
    expect(() => s.setItem('more', 'y'.repeat(1_500_000))).toThrow(/quota/);
    expect(s.getItem('more')).toBeNull();
    s.setItem('big', 'small');
    s.setItem('more', 'y'.repeat(1_500_000));
    expect(s.length).toBe(2);
  });

  it('throws on methods called without a storage', () => {
    const { getItem } = createMemoryStorage();
    expect(() => getItem('x')).toThrow(TypeError);
  });

  it('replaces throwing localStorage/sessionStorage getters on a window', () => {
    const win = {};
    Object.defineProperty(win, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError');
      },
    });
    installStorageShim(win);
    const w = win as { localStorage: Storage; sessionStorage: Storage };
    w.localStorage.setItem('k', 'v');
    expect(w.localStorage.getItem('k')).toBe('v');
    expect(w.sessionStorage.getItem('k')).toBeNull();
  });
});
