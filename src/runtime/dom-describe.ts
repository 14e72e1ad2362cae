import { apply, charCodeAt, slice, StringCtor } from './intrinsics.ts';
import { safeGet } from './safe-reflect.ts';

const toLowerCase = String.prototype.toLowerCase;

/** A DOM node as inert text: `div#app.card`, plus a text excerpt. */
export interface DomDescription {
  tag: string;
  desc: string;
  text?: string;
}

const EXCERPT = 100;
/** Longest id and class list described: the rest of a node's description is cut. */
const MAX_DESC = 200;

/**
 * Duck-typed (nodeType + nodeName), so it works on nodes from any frame and on fakes in
 * Node tests, and reads only data properties or the platform's native getters, with string
 * methods captured at load.
 */
export function isDomNode(v: object): boolean {
  return typeof safeGet(v, 'nodeType') === 'number' && typeof safeGet(v, 'nodeName') === 'string';
}

export function describeDomNode(node: object): DomDescription {
  const type = safeGet(node, 'nodeType') as number;
  const nodeName = StringCtor(safeGet(node, 'nodeName'));
  if (type === 1) {
    const local = safeGet(node, 'localName');
    const tag = typeof local === 'string' ? local : (apply(toLowerCase, nodeName, []) as string);
    const id = safeGet(node, 'id');
    const className = safeGet(node, 'className');
    let desc = tag;
    if (typeof id === 'string' && id) desc += `#${slice(id, 0, MAX_DESC)}`;
    if (typeof className === 'string') {
      const classes = collapseSpace(slice(className, 0, MAX_DESC));
      if (classes) desc += `.${replaceSpaces(classes, '.')}`;
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
  const collapsed = collapseSpace(slice(text, 0, EXCERPT * 10));
  if (collapsed)
    d.text = collapsed.length > EXCERPT ? `${slice(collapsed, 0, EXCERPT)}…` : collapsed;
  return d;
}

/** What `\s` matches, as the character codes below 0x3000 and that one. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Runs of white space as one space, none at either end (`/\s+/g` → ' ', trimmed). */
function collapseSpace(s: string): string {
  let out = '';
  let gap = false;
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    if (isSpace(charCodeAt(s, i))) {
      if (start >= 0) {
        out += slice(s, start, i);
        start = -1;
        gap = true;
      }
    } else if (start < 0) {
      if (gap && out) out += ' ';
      gap = false;
      start = i;
    }
  }
  if (start >= 0) out += slice(s, start);
  return out;
}

/** `s` (collapsed) with each space replaced by `by`. */
function replaceSpaces(s: string, by: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (charCodeAt(s, i) === 32) {
      out += `${slice(s, from, i)}${by}`;
      from = i + 1;
    }
  }
  return out + slice(s, from);
}
