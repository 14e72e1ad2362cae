import { describe, expect, it } from 'vitest';
import type { InputRecord } from '../../../../src/protocol/index.ts';
import { targetOf } from '../../../../src/runtime/clock/inputs.ts';

/** An element tree as elementAt reads it: local names and children. */
interface FakeElement {
  localName: string;
  children: FakeElement[];
}
const el = (localName: string, ...children: FakeElement[]): FakeElement => ({
  localName,
  children,
});
const page = (...body: FakeElement[]) => {
  const win = { name: 'window' };
  return {
    win,
    doc: { documentElement: el('html', el('head'), el('body', ...body)), defaultView: win },
  };
};

const at = (path: number[], node?: string): InputRecord => ({
  tick: 3,
  now: 1000,
  type: 'click',
  ctor: 'PointerEvent',
  target: 'element',
  path,
  ...(node ? { node } : {}),
  init: { clientX: 20, clientY: 30 },
});

describe('an old input’s target in a new page (hot swap)', () => {
  it('is the element at the same path, of the recorded kind', () => {
    const { doc } = page(el('canvas'), el('button'));
    const found = targetOf(doc as unknown as Document, at([1, 1], 'button'));
    expect((found as unknown as FakeElement).localName).toBe('button');
  });

  it('is gone when the path leads nowhere (the element was deleted)', () => {
    const { doc } = page(el('canvas'));
    expect(targetOf(doc as unknown as Document, at([1, 1], 'button'))).toBeNull();
  });

  it('is gone when another kind of element took its place', () => {
    // The button before the canvas was deleted: the canvas moved up to its index.
    const { doc } = page(el('canvas'));
    expect(targetOf(doc as unknown as Document, at([1, 0], 'button'))).toBeNull();
  });

  it('a recording without kinds (made before they were noted) goes by path alone', () => {
    const { doc } = page(el('canvas'));
    const found = targetOf(doc as unknown as Document, at([1, 0]));
    expect((found as unknown as FakeElement).localName).toBe('canvas');
  });

  it('the window and the document are always there', () => {
    const { doc, win } = page();
    const keys = { ...at([]), type: 'keydown', target: 'window' as const };
    expect(targetOf(doc as unknown as Document, keys)).toBe(win);
    expect(targetOf(doc as unknown as Document, { ...keys, target: 'document' })).toBe(doc);
  });
});
