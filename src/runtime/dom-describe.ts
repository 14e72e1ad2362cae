import { safeGet } from './safe-reflect.ts';

/** A DOM node as inert text: `div#app.card`, plus a text excerpt. */
export interface DomDescription {
  tag: string;
  desc: string;
  text?: string;
}

const EXCERPT = 100;

/**
 * Duck-typed (nodeType + nodeName), so it works on nodes from any frame and on fakes in
 * Node tests, and reads only data properties or the platform's native getters.
 */
export function isDomNode(v: object): boolean {
  return typeof safeGet(v, 'nodeType') === 'number' && typeof safeGet(v, 'nodeName') === 'string';
}

export function describeDomNode(node: object): DomDescription {
  const type = safeGet(node, 'nodeType') as number;
  const nodeName = String(safeGet(node, 'nodeName'));
  if (type === 1) {
    const local = safeGet(node, 'localName');
    const tag = typeof local === 'string' ? local : nodeName.toLowerCase();
    const id = safeGet(node, 'id');
    const className = safeGet(node, 'className');
    let desc = tag;
    if (typeof id === 'string' && id) desc += `#${id}`;
    if (typeof className === 'string') {
      for (const c of className.split(/\s+/)) if (c) desc += `.${c}`;
    }
    return withText({ tag, desc }, safeGet(node, 'textContent'));
  }
  if (type === 3 || type === 8 || type === 4) {
    return withText({ tag: nodeName, desc: nodeName }, safeGet(node, 'data'));
  }
  return { tag: nodeName, desc: nodeName };
}

function withText(d: DomDescription, text: unknown): DomDescription {
  if (typeof text !== 'string') return d;
  // Only the start matters; collapsing a whole page's text would be wasted work.
  const collapsed = text
    .slice(0, EXCERPT * 10)
    .replace(/\s+/g, ' ')
    .trim();
  if (collapsed)
    d.text = collapsed.length > EXCERPT ? `${collapsed.slice(0, EXCERPT)}…` : collapsed;
  return d;
}
