import { describe, expect, it } from 'vitest';
import type { Logpoint } from '../../../../src/protocol';
import {
  addLogpoint,
  MAX_LOGPOINTS,
  moveLogpoints,
  removeLogpoint,
  updateLogpoint,
  validLogpoints,
} from '../../../../src/project/model/logpoints';
import { createProjectStore } from '../../../../src/project/model/store';

const seq = () => {
  let n = 0;
  return () => (n++ * 0.123457) % 1;
};
const lp = (id: string, path: string, line: number, expression = 'x'): Logpoint => ({
  id,
  path,
  line,
  expression,
});

describe('logpoint edits', () => {
  it('adds one per line, sorted by file and line, and returns the existing one on its line', () => {
    const random = seq();
    const a = addLogpoint([], { path: 'src/b.ts', line: 3, expression: ' ball.x ' }, random);
    if (!a.ok) throw new Error(a.error);
    const b = addLogpoint(a.list, { path: 'src/a.ts', line: 9, expression: 'y' }, random);
    if (!b.ok) throw new Error(b.error);
    expect(b.list.map((l) => `${l.path}:${l.line} ${l.expression}`)).toEqual([
      'src/a.ts:9 y',
      'src/b.ts:3 ball.x',
    ]);
    const again = addLogpoint(b.list, { path: 'src/b.ts', line: 3, expression: 'z' }, random);
    expect(again).toEqual({ ok: true, list: b.list, id: a.id });
  });

  it('refuses past the cap with a message', () => {
    const list = Array.from({ length: MAX_LOGPOINTS }, (_, i) => lp(`l${i}`, 'a.ts', i + 1));
    const r = addLogpoint(list, { path: 'a.ts', line: 999, expression: 'x' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/at most 50 logpoints/);
  });

  it('updates an expression, keeps the array when nothing changed, and removes', () => {
    const list = [lp('a', 'm.ts', 2, 'x')];
    expect(updateLogpoint(list, 'a', { expression: 'x' })).toBe(list);
    expect(updateLogpoint(list, 'a', { expression: ' x.y ' })[0]!.expression).toBe('x.y');
    expect(updateLogpoint(list, 'nope', { expression: 'q' })).toBe(list);
    expect(removeLogpoint(list, 'a')).toEqual([]);
    expect(removeLogpoint(list, 'nope')).toBe(list);
  });

  it('moves lines after an edit, keeping one logpoint per line', () => {
    const list = [lp('a', 'm.ts', 2), lp('b', 'm.ts', 5), lp('c', 'n.ts', 1)];
    const moved = moveLogpoints(
      list,
      new Map([
        ['a', 4],
        ['b', 4],
      ]),
    );
    expect(moved.map((l) => `${l.id}:${l.line}`)).toEqual(['a:4', 'c:1']);
    expect(moveLogpoints(list, new Map([['a', 2]]))).toBe(list);
  });

  it('reads only well-formed logpoints from storage or a link', () => {
    const read = validLogpoints([
      { id: 'ok', path: 'src/a.ts', line: 3, expression: 'x' },
      { id: 'bad line', path: 'src/a.ts', line: 0, expression: 'x' },
      { path: 'src/a.ts', line: 3, expression: 'dup' },
      { id: '<script>', path: 'src/b.ts', line: 1, expression: 'y' },
      'nonsense',
      null,
    ]);
    expect(read.map((l) => `${l.path}:${l.line} ${l.expression}`)).toEqual([
      'src/a.ts:3 x',
      'src/b.ts:1 y',
    ]);
    expect(read[1]!.id).toMatch(/^lp-/);
    expect(validLogpoints('not a list')).toEqual([]);
  });
});

describe('logpoints in the project store', () => {
  const project = () =>
    createProjectStore({
      name: 'p',
      entry: 'src/main.ts',
      files: {
        'src/main.ts': { kind: 'text', text: 'import "./util/a";' },
        'src/util/a.ts': { kind: 'text', text: 'let x = 1;' },
      },
    });

  it('follow a file or folder that moves, and go with one deleted', () => {
    const store = project();
    store.setLogpoints([lp('a', 'src/util/a.ts', 1), lp('m', 'src/main.ts', 1)]);
    expect(store.rename('src/util', 'src/lib').ok).toBe(true);
    expect(store.getState().logpoints.map((l) => l.path)).toEqual(['src/lib/a.ts', 'src/main.ts']);
    expect(store.remove('src/lib/a.ts').ok).toBe(true);
    expect(store.getState().logpoints.map((l) => l.id)).toEqual(['m']);
  });

  it('are not part of the project: another project loaded has none', () => {
    const store = project();
    store.setLogpoints([lp('m', 'src/main.ts', 1)]);
    const files = store.getState().project.files;
    expect(store.getState().project).not.toHaveProperty('logpoints');
    store.replace({ name: 'q', entry: 'src/main.ts', files });
    expect(store.getState().logpoints).toEqual([]);
  });
});
