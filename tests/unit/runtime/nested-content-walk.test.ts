import { describe, expect, it } from 'vitest';
import { nestedContent, type TreeAccess } from '../../../src/runtime/nested-content-walk';

/** A stand-in element: a tag, children, and maybe a shadow root (its own list of children). */
interface Fake {
  tag: string;
  children: Fake[];
  root?: Root;
  hidden?: boolean; // a closed root: `shadowRoot` does not show it
}
interface Root {
  children: Fake[];
}

const el = (tag: string, children: Fake[] = [], root?: Fake[], hidden = false): Fake => ({
  tag,
  children,
  ...(root ? { root: { children: root } } : {}),
  hidden,
});

/** The elements of one tree, as getElementsByTagName('*') lists them: document order. */
const flat = (nodes: Fake[]): Fake[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

const access: TreeAccess<Fake, Root> = {
  elementsIn: (c) => ('tag' in c ? flat([c]) : flat(c.children)),
  tag: (e) => e.tag,
  shadowRoot: (e) => (e.root && !e.hidden ? e.root : null),
};

const tags = (list: Fake[]) => list.map((e) => e.tag + (e.children[0]?.tag ?? ''));

describe('nested content walk', () => {
  it('finds the frames of the tree itself, the container included', () => {
    const frame = el('IFRAME');
    const found = nestedContent(el('DIV', [el('P'), el('SECTION', [frame])]), access);
    expect(found.iframes).toEqual([frame]);
    expect(nestedContent(frame, access).iframes).toEqual([frame]);
  });

  it('goes into shadow roots, and roots inside roots', () => {
    const inner = el('IFRAME', [el('B')]);
    const deep = el('IFRAME', [el('I')]);
    const host = el('DIV', [], [inner, el('SPAN', [], [el('P', [deep])])]);
    const found = nestedContent(el('MAIN', [host]), access);
    expect(tags(found.iframes).sort()).toEqual(['IFRAMEB', 'IFRAMEI']);
    expect(found.roots).toHaveLength(2);
  });

  it('starts from a shadow root as well as an element', () => {
    const frame = el('IFRAME');
    const root: Root = { children: [el('DIV', [frame])] };
    expect(nestedContent(root, access).iframes).toEqual([frame]);
  });

  it('sorts frames, objects and embeds apart', () => {
    const found = nestedContent(
      el('DIV', [el('FRAME'), el('OBJECT'), el('EMBED'), el('IFRAME'), el('IMG')]),
      access,
    );
    expect(tags(found.frames)).toEqual(['FRAME']);
    expect(tags(found.embeds)).toEqual(['OBJECT', 'EMBED']);
    expect(tags(found.iframes)).toEqual(['IFRAME']);
  });

  it('sees nothing in a root the access cannot show (a closed declarative one)', () => {
    const found = nestedContent(el('DIV', [], [el('IFRAME')], true), access);
    expect(found.iframes).toEqual([]);
    expect(found.roots).toEqual([]);
  });
});
