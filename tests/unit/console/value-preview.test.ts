import { describe, expect, it } from 'vitest';
import type { SerializedValue } from '../../../src/protocol';
import { indexRefs, previewParts, previewText } from '../../../src/console/value-preview';
import { childRows, isExpandable, CHILD_CHUNK } from '../../../src/console/value-children';

const n = (v: number | string): SerializedValue => ({ t: 'number', v });
const s = (v: string): SerializedValue => ({ t: 'string', v });

describe('previewText', () => {
  it('previews objects, arrays, maps and sets like devtools', () => {
    const obj: SerializedValue = {
      t: 'object',
      id: 1,
      cls: null,
      entries: [
        ['a', n(1)],
        ['b', s('x')],
        ['my-key', { t: 'object', id: 2, cls: null, entries: [['z', n(0)]] }],
        ['list', { t: 'array', id: 3, length: 2, items: [n(1), n(2)] }],
      ],
    };
    expect(previewText(obj)).toBe("{a: 1, b: 'x', 'my-key': {…}, list: Array(2)}");
    expect(previewText({ t: 'array', id: 1, length: 3, items: [n(1), n(2), n(3)] })).toBe(
      'Array(3) [1, 2, 3]',
    );
    expect(
      previewText({ t: 'array', id: 1, cls: 'Uint8Array', length: 2, items: [n(7), n(8)] }),
    ).toBe('Uint8Array(2) [7, 8]');
    expect(
      previewText({
        t: 'map',
        id: 1,
        size: 2,
        entries: [
          [s('a'), n(1)],
          [s('b'), n(2)],
        ],
      }),
    ).toBe("Map(2) {'a' => 1, 'b' => 2}");
    expect(previewText({ t: 'set', id: 1, size: 3, items: [n(1), n(2)], more: 1 })).toBe(
      'Set(3) {1, 2, …}',
    );
    expect(previewText({ t: 'object', id: 9, cls: 'Foo', entries: [['x', n(1)]] })).toBe(
      'Foo {x: 1}',
    );
    expect(previewText({ t: 'object', id: 9, cls: 'Foo', entries: [], depthLimit: true })).toBe(
      'Foo {…}',
    );
    expect(previewText({ t: 'object', id: 9, cls: null, entries: [] })).toBe('{}');
  });

  it('quotes strings only when nested or asked, and shortens long nested ones', () => {
    expect(previewText(s("it's"))).toBe("it's");
    expect(previewText(s("it's\n"), { quote: true })).toBe("'it\\'s\\n'");
    const long = 'y'.repeat(500);
    const inObj = previewText({ t: 'object', id: 1, cls: null, entries: [['k', s(long)]] });
    expect(inObj.length).toBeLessThan(100);
    expect(inObj.endsWith("…'}")).toBe(true);
    expect(previewText({ t: 'string', v: 'abc', length: 10 }, { quote: true })).toBe("'abc…'");
  });

  it('renders every primitive kind as text', () => {
    const cases: [SerializedValue, string][] = [
      [{ t: 'undefined' }, 'undefined'],
      [{ t: 'null' }, 'null'],
      [{ t: 'boolean', v: false }, 'false'],
      [n('-0'), '-0'],
      [n('NaN'), 'NaN'],
      [{ t: 'bigint', v: '12345678901234567890' }, '12345678901234567890n'],
      [{ t: 'symbol', v: 'Symbol(tag)' }, 'Symbol(tag)'],
      [{ t: 'function', name: 'go' }, 'ƒ go()'],
      [{ t: 'function', name: 'Foo', isClass: true }, 'class Foo'],
      [{ t: 'regexp', v: '/a+/g' }, '/a+/g'],
      [
        { t: 'error', id: 1, name: 'TypeError', message: 'x is not a function' },
        'TypeError: x is not a function',
      ],
      [{ t: 'dom', id: 1, tag: 'div', desc: 'div#app.main' }, '<div#app.main>'],
      [{ t: 'promise', id: 1, state: 'pending' }, 'Promise {<pending>}'],
    ];
    for (const [value, text] of cases) expect(previewText(value)).toBe(text);
  });

  it('shows sparse arrays with holes and counts covered indices', () => {
    const sparse: SerializedValue = {
      t: 'array',
      id: 1,
      length: 5,
      items: [n(1), { t: 'hole', count: 3 }, n(5)],
    };
    expect(previewText(sparse)).toBe('Array(5) [1, empty × 3, 5]');
    expect(
      previewText({ t: 'array', id: 2, length: 100, items: [{ t: 'hole', count: 100 }] }),
    ).toBe('Array(100) [empty × 100]');
    const rows = childRows(sparse);
    expect(
      rows.map((r) => (r.kind === 'value' ? r.name : r.kind === 'note' ? r.text : r.kind)),
    ).toEqual(['0', 'empty × 3', '4', 'length']);
  });

  it('marks cycles as [Circular] and resolves shared refs', () => {
    // a = {name: 'a', self: a, child: {parent: a}}; shared = b logged twice
    const a: SerializedValue = {
      t: 'object',
      id: 1,
      cls: null,
      entries: [
        ['name', s('a')],
        ['self', { t: 'ref', id: 1 }],
        ['child', { t: 'object', id: 2, cls: null, entries: [['parent', { t: 'ref', id: 1 }]] }],
      ],
    };
    const refs = indexRefs([a]);
    expect(previewText(a, { refs, ancestors: [1] })).toBe(
      "{name: 'a', self: [Circular], child: {…}}",
    );
    // Expanding `child` then `parent`: parent is a ref to the root, expandable again (lazily).
    const child = childRows(a, refs).find((r) => r.kind === 'value' && r.name === 'child');
    expect(child?.kind).toBe('value');
    const parent = childRows(child!.kind === 'value' ? child!.value : a, refs)[0]!;
    expect(parent.kind === 'value' && isExpandable(parent.value, refs)).toBe(true);
    expect(parent.kind === 'value' && previewText(parent.value, { refs, ancestors: [1, 2] })).toBe(
      '[Circular]',
    );
    const shared: SerializedValue = { t: 'array', id: 5, length: 1, items: [n(1)] };
    const refs2 = indexRefs([shared, { t: 'ref', id: 5 }]);
    expect(previewText({ t: 'ref', id: 5 }, { refs: refs2 })).toBe('Array(1)');
    expect(previewText({ t: 'ref', id: 99 }, { refs: refs2 })).toBe('[Circular]');
  });

  it('colours parts by type', () => {
    const parts = previewParts({ t: 'object', id: 1, cls: null, entries: [['k', s('v')]] });
    expect(parts.map((p) => p.kind)).toEqual(['punct', 'key', 'punct', 'string', 'punct']);
  });

  it('survives an unknown tag from a hostile runtime', () => {
    expect(previewText({ t: 'evil' } as unknown as SerializedValue)).toBe('[unknown value]');
  });
});

describe('childRows', () => {
  it('reveals sent items in chunks and reports what was not captured', () => {
    const items = Array.from({ length: 250 }, (_, i) => n(i));
    const big: SerializedValue = { t: 'array', id: 1, length: 10_000, items, more: 9_750 };
    const first = childRows(big);
    expect(first.filter((r) => r.kind === 'value' && r.nameKind === 'index')).toHaveLength(
      CHILD_CHUNK,
    );
    expect(first.find((r) => r.kind === 'showMore')).toMatchObject({ remaining: 150 });
    expect(first.find((r) => r.kind === 'note')).toMatchObject({
      text: '… 9750 more items not captured',
    });
    const all = childRows(big, undefined, 250);
    expect(all.some((r) => r.kind === 'showMore')).toBe(false);
    expect(all.at(-1)).toMatchObject({ name: 'length', value: n(10_000) });
  });

  it('lists map entries as expandable key/value pairs and error frames', () => {
    const m: SerializedValue = { t: 'map', id: 1, size: 1, entries: [[s('k'), n(1)]] };
    expect(childRows(m)[0]).toMatchObject({ kind: 'mapEntry', k: s('k'), v: n(1) });
    const err: SerializedValue = {
      t: 'error',
      id: 2,
      name: 'Error',
      message: 'boom',
      stack: 'Error: boom\n    at f (playpen:///src/a.ts:1:2)',
    };
    expect(childRows(err)).toEqual([
      { kind: 'note', key: 's0', text: 'at f (playpen:///src/a.ts:1:2)' },
    ]);
    const withFrames = { ...err, frames: [{ url: 'playpen:///src/a.ts', line: 1, column: 2 }] };
    expect(childRows(withFrames)[0]?.kind).toBe('frame');
    expect(
      childRows({ t: 'object', id: 3, cls: null, entries: [], depthLimit: true })[0]?.kind,
    ).toBe('note');
  });
});
