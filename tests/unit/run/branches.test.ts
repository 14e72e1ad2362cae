import { describe, expect, it } from 'vitest';
import { createBranches } from '../../../src/run/branches';

describe('branches', () => {
  it('keeps the future a fork left, and restoring swaps it with the current one', () => {
    const branches = createBranches<string>();
    expect(branches.restore('now', 10)).toBeNull();
    expect(branches.fork('old', 4, 67)).toBeNull();
    expect(branches.list()).toEqual([{ forkTick: 4, lastTick: 67, saved: 'old' }]);
    const back = branches.restore('new', 30);
    expect(back).toEqual({ forkTick: 4, lastTick: 67, saved: 'old' });
    // The future left by the restore is kept in its place: restoring again comes back to it.
    expect(branches.list()).toEqual([{ forkTick: 4, lastTick: 30, saved: 'new' }]);
    expect(branches.restore('old', 67)?.saved).toBe('new');
  });

  it('visits every kept future in turn, losing none', () => {
    const branches = createBranches<string>();
    branches.fork('a', 1, 10);
    branches.fork('b', 2, 20);
    let current = 'c';
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      current = branches.restore(current, 0)!.saved;
      seen.push(current);
    }
    expect(seen).toEqual(['b', 'a', 'c']);
    expect(branches.list().map((b) => b.saved)).toEqual(['b', 'a']);
  });

  it('keeps at most `limit` futures, handing back the oldest one it let go', () => {
    const branches = createBranches<string>(2);
    expect(branches.fork('a', 1, 10)).toBeNull();
    expect(branches.fork('b', 2, 20)).toBeNull();
    expect(branches.fork('c', 3, 30)).toMatchObject({ saved: 'a', forkTick: 1 });
    expect(branches.list().map((b) => b.saved)).toEqual(['c', 'b']);
  });

  it('forgets every future on clear (a new run)', () => {
    const branches = createBranches<string>();
    branches.fork('a', 1, 10);
    branches.clear();
    expect(branches.list()).toEqual([]);
    expect(branches.restore('x', 5)).toBeNull();
  });
});
