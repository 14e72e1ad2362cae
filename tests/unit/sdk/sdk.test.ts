import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dedent } from '../../../src/sdk/dedent';
import { HOLD_MS, loadSlot } from '../../../src/sdk/load-queue';

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
