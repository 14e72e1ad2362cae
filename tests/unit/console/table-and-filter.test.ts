import { describe, expect, it } from 'vitest';
import type { SerializedValue } from '../../../src/protocol';
import { spaceBetween } from '../../../src/console/arg-spacing';
import { tableModel, VALUE_COLUMN } from '../../../src/console/table-model';
import { visibleEntries } from '../../../src/console/entry-filter';
import { createConsoleStore } from '../../../src/console/console-store';

const n = (v: number | string): SerializedValue => ({ t: 'number', v });
const s = (v: string): SerializedValue => ({ t: 'string', v });
const obj = (id: number, entries: [string, SerializedValue][]): SerializedValue => ({
  t: 'object',
  id,
  cls: null,
  entries,
});

describe('spaceBetween', () => {
  it('spaces plain arguments once, and not next to pieces that carry their own space', () => {
    // What the runtime sends for console.log('a %o b', {}, 2): pieces of the format, then extras.
    const args = [s('a '), obj(1, []), s(' b'), n(2)];
    const gaps = args.slice(1).map((v, i) => spaceBetween(args[i]!, v));
    expect(gaps).toEqual([false, false, true]);
    expect(spaceBetween(s('x'), n(1))).toBe(true);
    expect(spaceBetween(n(1), s('\ty'))).toBe(false);
  });
});

describe('tableModel', () => {
  it('builds columns from object rows in first-seen order plus a Value column', () => {
    const data: SerializedValue = {
      t: 'array',
      id: 1,
      length: 3,
      items: [
        obj(2, [
          ['a', n(1)],
          ['b', n(2)],
        ]),
        obj(3, [
          ['c', n(3)],
          ['a', n(4)],
        ]),
        s('plain'),
      ],
    };
    const t = tableModel(data)!;
    expect(t.columns).toEqual(['a', 'b', 'c', VALUE_COLUMN]);
    expect(t.rows.map((r) => r.index)).toEqual(['0', '1', '2']);
    expect(t.rows[1]!.cells).toEqual([n(4), undefined, n(3), undefined]);
    expect(t.rows[2]!.cells).toEqual([undefined, undefined, undefined, s('plain')]);
  });

  it('honours the columns argument and object-of-objects data', () => {
    const data = obj(1, [
      [
        'alice',
        obj(2, [
          ['age', n(30)],
          ['city', s('Oslo')],
        ]),
      ],
      ['bob', obj(3, [['age', n(25)]])],
    ]);
    const cols: SerializedValue = { t: 'array', id: 4, length: 1, items: [s('city')] };
    const t = tableModel(data, undefined, cols)!;
    expect(t.columns).toEqual(['city']);
    expect(t.rows).toEqual([
      { index: 'alice', cells: [s('Oslo')] },
      { index: 'bob', cells: [undefined] },
    ]);
    expect(tableModel(n(3))).toBeNull();
  });
});

describe('visibleEntries', () => {
  it('filters by level and text, and hides the insides of closed groups', () => {
    const store = createConsoleStore({ schedule: () => undefined });
    const send = (
      level: 'log' | 'warn' | 'error' | 'group' | 'groupCollapsed' | 'groupEnd',
      v?: string,
    ) => store.pushRuntime({ type: 'console', level, args: v ? [s(v)] : [] });
    send('log', 'Hello');
    send('warn', 'careful');
    send('groupCollapsed', 'details');
    send('error', 'inside closed');
    send('groupEnd');
    send('error', 'Outside');
    store.flush();
    const entries = store.getState().entries;
    const names = (f: Parameters<typeof visibleEntries>[1]) =>
      visibleEntries(entries, f).map((e) =>
        e.kind === 'message' && e.args[0]?.t === 'string' ? e.args[0].v : '',
      );
    const none = new Set<number>();
    expect(names({ level: 'all', text: '', toggledGroups: none })).toEqual([
      'Hello',
      'careful',
      'details',
      'Outside',
    ]);
    expect(names({ level: 'error', text: '', toggledGroups: none })).toEqual(['Outside']);
    expect(names({ level: 'all', text: 'OUT', toggledGroups: none })).toEqual(['Outside']);
    const group = entries[2]!.id;
    expect(names({ level: 'error', text: '', toggledGroups: new Set([group]) })).toEqual([
      'inside closed',
      'Outside',
    ]);
  });

  it('handles 10,000 nested groups: closing one hides everything inside it, at any depth', () => {
    const store = createConsoleStore({ schedule: () => undefined, maxEntries: 20_000 });
    const depth = 10_000;
    for (let i = 0; i < depth; i++)
      store.pushRuntime({ type: 'console', level: 'group', args: [s(`g${i}`)] });
    store.pushRuntime({ type: 'console', level: 'log', args: [s('deepest')] });
    for (let i = 0; i < depth; i++)
      store.pushRuntime({ type: 'console', level: 'groupEnd', args: [] });
    store.pushRuntime({ type: 'console', level: 'log', args: [s('after')] });
    store.flush();
    const entries = store.getState().entries;
    expect(entries).toHaveLength(depth + 2);
    expect(entries[depth]?.depth).toBe(depth);
    expect(entries[depth + 1]?.depth).toBe(0);
    const shown = (toggled: number[]) =>
      visibleEntries(entries, { level: 'all', text: '', toggledGroups: new Set(toggled) }).length;
    expect(shown([])).toBe(depth + 2);
    // The outermost closed: its header and the line after the groups remain.
    expect(shown([entries[0]!.id])).toBe(2);
    // A group halfway down closed: the headers above it, itself, and the line after.
    expect(shown([entries[depth / 2]!.id])).toBe(depth / 2 + 2);
    // The innermost closed: only 'deepest' is hidden.
    expect(shown([entries[depth - 1]!.id])).toBe(depth + 1);
  });
});
