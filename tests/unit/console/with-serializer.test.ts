import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { serialize } from '../../../src/runtime/serialize';
import { childRows } from '../../../src/console/value-children';
import { indexRefs, previewText } from '../../../src/console/value-preview';
import { createConsoleStore } from '../../../src/console/console-store';
import { ConsolePanel } from '../../../src/console/ConsolePanel';

// Values produced by the runtime's real serializer, rendered by the host side.
class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

describe('console rendering of serialised values', () => {
  it('previews class instances, maps, sets, errors and cycles', () => {
    const sparse = [1, 2, 3];
    delete sparse[1];
    const node: { name: string; self?: unknown; kids: unknown[] } = { name: 'loop', kids: [] };
    node.self = node;
    node.kids.push(node);
    const v = serialize(node);
    const refs = indexRefs([v]);
    expect(previewText(v, { refs })).toBe("{name: 'loop', kids: Array(1), self: [Circular]}");
    expect(previewText(serialize(new Point(1, 2)))).toBe('Point {x: 1, y: 2}');
    expect(previewText(serialize(new Map([['k', 1]])))).toBe("Map(1) {'k' => 1}");
    expect(previewText(serialize(new Set([1, 'a'])))).toBe("Set(2) {1, 'a'}");
    expect(previewText(serialize(new TypeError('bad type')))).toBe('TypeError: bad type');
    expect(previewText(serialize(sparse))).toBe('Array(3) [1, empty × 1, 3]');
    // Expanding `self` goes back to the same object, one level at a time.
    const self = childRows(v, refs).find((r) => r.kind === 'value' && r.name === 'self');
    expect(self && self.kind === 'value' && childRows(self.value, refs).length).toBe(3);
  });

  it('truncated big arrays say how many items were not captured', () => {
    const v = serialize(Array.from({ length: 5000 }, (_, i) => i));
    const rows = childRows(v);
    expect(rows.some((r) => r.kind === 'note' && /not captured/.test(r.text))).toBe(true);
    expect(previewText(v).startsWith('Array(5000) [0, 1, 2')).toBe(true);
  });

  it('renders a call logging several serialised objects, one with a cycle', () => {
    const store = createConsoleStore({ schedule: () => undefined });
    const a = { tag: 'first' };
    const b: { tag: string; me?: unknown } = { tag: 'second' };
    b.me = b;
    store.pushRuntime({ type: 'console', level: 'log', args: [serialize(a), serialize(b)] });
    store.flush();
    const html = renderToStaticMarkup(
      createElement(ConsolePanel, { store, onOpenLocation: () => undefined }),
    );
    expect(html).toContain('first');
    expect(html).toContain('second');
    expect(html).toMatch(/me<\/span>.*\[Circular\]/);
  });
});
