import type { Node, Position } from 'acorn';
import { fullAncestor } from 'acorn-walk';

/**
 * Where a module may navigate its own frame to a fragment. A fragment navigation in the preview
 * (`location.hash = '#x'`) adds an entry to the app tab's history, and `Location` cannot be
 * patched (its members are unforgeable), so the bundler wraps the object of each such write in
 * a call to the runtime's fragment navigator (src/runtime/fragment-nav.ts):
 *
 *   location.hash = v            →  __ppNav(location, "hash").hash = v
 *   window.location.href = v     →  __ppNav(window.location, "href").href = v
 *   document.location = v        →  __ppNav(document, "location").location = v
 *   location.assign(v)           →  __ppNav(location, "assign").assign(v)
 *   location = v                 →  __ppNav(location, "href").href = v  (where `location` is global)
 *
 * `__ppNav(x, key)` returns `x` itself unless `x` is the frame's real Location (or window, or
 * document, for `location`), so an anchor's `a.href = …` is untouched. Only text is inserted, never removed,
 * so the source map shifts as the loop guard's does. What escapes: computed keys
 * (`location[key] = …`), `Reflect.set`, code in strings (eval, srcdoc) and packages.
 */
export const NAV_NAME = '__ppNav';

/** Properties whose write may navigate: on a Location, and `location` on a window or document. */
const WRITES = new Set(['hash', 'href', 'location']);
/** Location's navigating methods (only called on something named `location`: `s.replace` is common). */
const CALLS = new Set(['assign', 'replace']);

/** Cheap pre-check: a module without these words navigates nowhere. */
export const mayNavigate = (code: string): boolean => /\b(?:hash|href|location)\b/.test(code);

/** Text to insert: `text` at offset `at` (line/column `where`), left of text inserted there before. */
export interface NavInsertion {
  at: number;
  where: Position;
  text: string;
  left: boolean;
}

type AnyNode = Node & Record<string, unknown>;

const keyOf = (member: AnyNode): string | null => {
  const property = member.property as AnyNode;
  if (!member.computed && property.type === 'Identifier') return property.name as string;
  if (member.computed && property.type === 'Literal' && typeof property.value === 'string')
    return property.value;
  return null;
};

/** `location`, or `<anything>.location`: what `.assign(…)`/`.replace(…)` must be called on. */
const namesLocation = (node: AnyNode): boolean =>
  (node.type === 'Identifier' && node.name === 'location') ||
  (node.type === 'MemberExpression' && keyOf(node) === 'location');

/** Whether `node` (an identifier) declares a binding in `parent`, not only reads one. */
const declares = (node: AnyNode, parent: AnyNode, grand: AnyNode | undefined): boolean => {
  switch (parent.type) {
    case 'VariableDeclarator':
      return parent.id === node;
    case 'AssignmentPattern':
      return parent.left === node;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return parent.id === node || (parent.params as AnyNode[]).includes(node);
    case 'ClassDeclaration':
    case 'ClassExpression':
      return parent.id === node;
    case 'CatchClause':
      return parent.param === node;
    case 'ArrayPattern':
    case 'RestElement':
      return true;
    case 'Property':
      return parent.value === node && grand?.type === 'ObjectPattern';
    default:
      return false;
  }
};

/** The insertions that route the module's fragment navigations through `name`. */
export function navInsertions(ast: Node, name: string): NavInsertion[] {
  const out: NavInsertion[] = [];
  const wrap = (node: AnyNode, key: string, after = '') => {
    out.push({ at: node.start, where: node.loc!.start, text: `${name}(`, left: false });
    out.push({ at: node.end, where: node.loc!.end, text: `, "${key}")${after}`, left: true });
  };
  const bareAssignments: AnyNode[] = [];
  let locationBound = false;
  fullAncestor(ast, (raw, _state, ancestors) => {
    const node = raw as AnyNode;
    if (node.type === 'Identifier' && node.name === 'location') {
      const parent = ancestors[ancestors.length - 2] as AnyNode | undefined;
      const grand = ancestors[ancestors.length - 3] as AnyNode | undefined;
      if (parent && declares(node, parent, grand)) locationBound = true;
    }
    if (node.type === 'AssignmentExpression') {
      const left = node.left as AnyNode;
      if (left.type === 'Identifier' && left.name === 'location') bareAssignments.push(left);
      else if (left.type === 'MemberExpression' && WRITES.has(keyOf(left) ?? '')) {
        const object = left.object as AnyNode;
        // `(a, b).x` loses its parentheses in the node's range: left alone.
        if (object.type !== 'Super' && object.type !== 'SequenceExpression')
          wrap(object, keyOf(left)!);
      }
    } else if (node.type === 'CallExpression') {
      const callee = node.callee as AnyNode;
      if (callee.type !== 'MemberExpression' || !CALLS.has(keyOf(callee) ?? '')) return;
      const object = callee.object as AnyNode;
      if (namesLocation(object)) wrap(object, keyOf(callee)!);
    }
  });
  if (!locationBound) for (const left of bareAssignments) wrap(left, 'href', '.href');
  return out.sort((a, b) => a.at - b.at || Number(b.left) - Number(a.left));
}
