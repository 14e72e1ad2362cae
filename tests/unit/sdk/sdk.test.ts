import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dedent } from '../../../src/sdk/dedent';
import { HOLD_MS, loadSlot } from '../../../src/sdk/load-queue';
import { hash, keptEdits } from '../../../src/sdk/kept-edits';

describe('files written inside HTML', () => {
  it('lose the first line break and the common indentation', () => {
    expect(dedent('\n      const a = 1;\n      if (a) {\n        go();\n      }\n    ')).toBe(
      'const a = 1;\nif (a) {\n  go();\n}\n',
    );
    expect(dedent('x')).toBe('x\n');
    expect(dedent('')).toBe('\n');
  });
});

describe('the page’s loading queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads one embed at a time, the nearest to the viewport first', () => {
    const started: string[] = [];
    const slot = (name: string, distance: number) => {
      const s = loadSlot(() => distance);
      return { request: () => s.request(() => started.push(name)), release: () => s.release() };
    };
    const first = slot('first', 0);
    const far = slot('far', 900);
    const near = slot('near', 100);
    first.request();
    far.request();
    near.request();
    expect(started).toEqual(['first']);
    first.release();
    expect(started).toEqual(['first', 'near']);
    // A broken embed holds the page no longer than HOLD_MS.
    vi.advanceTimersByTime(HOLD_MS);
    expect(started).toEqual(['first', 'near', 'far']);
    far.release();
    near.release();
  });

  it('lets a destroyed embed leave the queue before its turn', () => {
    const started: string[] = [];
    const a = loadSlot(() => 0);
    const b = loadSlot(() => 1);
    const c = loadSlot(() => 2);
    a.request(() => started.push('a'));
    b.request(() => started.push('b'));
    c.request(() => started.push('c'));
    b.release();
    a.release();
    expect(started).toEqual(['a', 'c']);
    c.release();
  });
});

describe('a persist embed’s edits on the host page', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      items,
      storage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
        removeItem: (k: string) => void items.delete(k),
      } as unknown as Storage,
    };
  };
  beforeEach(() => vi.stubGlobal('location', { pathname: '/lesson-1' }));
  afterEach(() => vi.unstubAllGlobals());

  it('are kept per page and initial files, and forgotten on null', () => {
    const { items, storage } = memory();
    const a = keptEdits({ files: { 'a.ts': '1' } }, storage);
    const b = keptEdits({ files: { 'a.ts': '2' } }, storage);
    a.save({ 'a.ts': 'edited' });
    expect(a.load()).toEqual({ 'a.ts': 'edited' });
    expect(b.load()).toBeUndefined();
    vi.stubGlobal('location', { pathname: '/lesson-2' });
    expect(keptEdits({ files: { 'a.ts': '1' } }, storage).load()).toBeUndefined();
    a.save(null);
    expect(items.size).toBe(0);
  });

  it('are nothing where storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const kept = keptEdits({}, refusing);
    expect(kept.load()).toBeUndefined();
    kept.save({ 'a.ts': '' });
    expect(warn).toHaveBeenCalledOnce();
    expect(hash('a')).not.toBe(hash('b'));
  });
});
