import type { PlacedLogpoint } from '../../src/protocol/probes';
import { LOOPS } from '../bundler/loop-guard';
import { isGlue, isGuardCheck } from './esbuild-glue';
import type { AnyNode, ModuleIndex } from './module-index';
import { readSlot } from './read-slots';

/**
 * Where the probe of each line goes (docs/logpoints.md, "Where a probe goes"). One place per
 * line, chosen in this order:
 *   1. a block the line opens (a function's or a loop's body, `else {`, `try {`, `catch (e) {`,
 *      `finally {`, `static {`): the probe is its first statement, after any directives;
 *   2. a statement that starts on the line: before it (control statements) or after it;
 *   3. a switch case that starts on the line: before its first statement;
 *   4. an expression that starts on the line where a value is read: `(probe, expr)`, or for a
 *      function, its body at each call.
 */

export type When = Extract<PlacedLogpoint, { ok: true }>['when'];

/** How a probe is written into the module. */
export type Form =
  /** `probe;` at `at`, left or right of other text inserted there; braces around a lone statement. */
  | {
      kind: 'statement';
      at: number;
      side: 'left' | 'right';
      braces?: { open: number; close: number };
    }
  /** `(probe, expr)` around `start`…`end`; a shorthand property `{a}` gets its key (`{a: (probe, a)}`). */
  | { kind: 'expression'; start: number; end: number; key?: string };

export interface Place {
  /** 1-based line of the user's file. */
  line: number;
  when: When;
  /** The innermost node around the probe: its names are looked up from there outwards. */
  scope: AnyNode;
  form: Form;
  /** What the probe is placed at (orders insertions at one offset: outer before inner). */
  span: [number, number];
}

/** Ranks of the rules above: a lower one wins; within a rank the first on the line wins. */
const ENTRY = 1;
const STATEMENT = 2;
const CASE = 3;
const EXPRESSION = 4;

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const LOOP_TYPES = new Set(LOOPS);
/** Statements that get the probe after them: a logpoint shows the values once the line ran. */
const AFTER = new Set(['ExpressionStatement', 'VariableDeclaration', 'ClassDeclaration']);
/** Statements that never get a probe of their own (functions open a block; rule 1). */
const NONE = new Set(['FunctionDeclaration', 'EmptyStatement']);
/** Fields holding a single statement that a probe has to put braces around. */
const LONE_STATEMENT: Record<string, readonly string[]> = {
  IfStatement: ['consequent', 'alternate'],
  ForStatement: ['body'],
  ForInStatement: ['body'],
  ForOfStatement: ['body'],
  WhileStatement: ['body'],
  DoWhileStatement: ['body'],
};

interface Candidate {
  rank: number;
  order: number;
  place: Place;
}

/** The place of every line that has one, by line. */
export function placeLines(index: ModuleIndex): Map<number, Place> {
  const best = new Map<number, Candidate>();
  const offer = (line: number | null, rank: number, order: number, place: Omit<Place, 'line'>) => {
    if (line === null) return;
    const held = best.get(line);
    if (held && (held.rank < rank || (held.rank === rank && held.order <= order))) return;
    best.set(line, { rank, order, place: { line, ...place } });
  };
  const { code, wrapper } = index;
  const top = wrapper.body as AnyNode;
  const guard = (wrapper.params as AnyNode[])[3]?.name as string | undefined;
  /** Code the user did not write: esbuild's glue and the loop guard's checks. */
  const generated = (node: AnyNode, parent: AnyNode) =>
    (parent === top && isGlue(node)) || isGuardCheck(node, guard);

  /** The probe as a block's first statement (after a directive prologue). */
  const blockEntry = (block: AnyNode, open: number): Omit<Place, 'line'> => {
    const body = block.body as AnyNode[];
    let at = open + 1;
    for (const s of body) if (s.directive !== undefined) at = s.end;
    return {
      when: 'entry',
      scope: block,
      form: { kind: 'statement', at, side: 'left' },
      span: [block.start, block.end],
    };
  };
  /** The probe at each call of a function: its body's first statement, or around its expression body. */
  const functionEntry = (fn: AnyNode): Omit<Place, 'line'> => {
    const body = fn.body as AnyNode;
    if (body.type === 'BlockStatement') return blockEntry(body, body.start);
    return {
      when: 'entry',
      scope: fn,
      form: { kind: 'expression', start: body.start, end: body.end },
      span: [body.start, body.end],
    };
  };

  let skipUntil = -1;
  for (const node of index.nodes) {
    if (node.start <= wrapper.start || node.end > wrapper.end || node === top) continue;
    // Pre-order: a generated statement's nodes follow it.
    if (node.start < skipUntil) continue;
    const { parent, key, at } = index.slotOf(node);
    if (!parent) continue;
    if (generated(node, parent)) {
      skipUntil = node.end;
      continue;
    }

    // 1. Blocks the line opens.
    if (FUNCTIONS.has(node.type)) {
      const header = functionHeader(node, parent);
      const body = node.body as AnyNode;
      const lines = new Set([index.lineOf(header)]);
      if (body.type === 'BlockStatement') lines.add(index.lineOf(body));
      const definition = isDefinition(node, parent, key, index.slotOf(parent).parent);
      for (const line of lines)
        if (line !== null && (definition || index.lastLine(body) > line))
          offer(line, ENTRY, header.start, functionEntry(node));
    } else if (LOOP_TYPES.has(node.type)) {
      // The loop's own braces: esbuild maps a `{` exactly; braces the loop guard added around a
      // lone body statement map only by covering (then the body is opened on the header's line).
      const body = node.body as AnyNode;
      const open = index.original(body);
      if (
        body.type === 'BlockStatement' &&
        open &&
        (open.exact || open.line === index.lineOf(node))
      )
        offer(open.line, ENTRY, body.start, blockEntry(body, body.start));
    } else if (node.type === 'BlockStatement' && opensBlock(parent, key)) {
      offer(index.lineOf(node), ENTRY, node.start, blockEntry(node, node.start));
    } else if (node.type === 'StaticBlock') {
      const open = code.indexOf('{', node.start);
      offer(index.lineOf(node), ENTRY, node.start, blockEntry(node, open));
    }

    // 2. Statements.
    const list = statementList(parent, key);
    if (list && !NONE.has(node.type) && node.directive === undefined) {
      const line = index.lineOf(node);
      if (AFTER.has(node.type)) {
        let last = node;
        for (let i = (at ?? list.length) + 1; i < list.length; i++) {
          const next = list[i]!;
          if (!AFTER.has(next.type) || index.lineOf(next) !== line || generated(next, parent))
            break;
          last = next;
        }
        offer(line, STATEMENT, node.start, {
          when: 'after',
          scope: parent,
          form: { kind: 'statement', at: last.end, side: 'left' },
          span: [node.start, last.end],
        });
      } else {
        offer(line, STATEMENT, node.start, {
          when: 'before',
          scope: parent,
          form: { kind: 'statement', at: node.start, side: 'right' },
          span: [node.start, node.end],
        });
      }
    } else if (
      LONE_STATEMENT[parent.type]?.includes(key) &&
      node.type !== 'BlockStatement' &&
      !NONE.has(node.type)
    ) {
      const braces = { open: node.start, close: node.end };
      const after = AFTER.has(node.type);
      offer(index.lineOf(node), STATEMENT, node.start, {
        when: after ? 'after' : 'before',
        scope: parent,
        form: {
          kind: 'statement',
          at: after ? node.end : node.start,
          side: after ? 'left' : 'right',
          braces,
        },
        span: [node.start, node.end],
      });
    }

    // 3. Switch cases.
    if (node.type === 'SwitchCase') {
      const first = (node.consequent as AnyNode[])[0];
      if (first)
        offer(index.lineOf(node), CASE, node.start, {
          when: 'entry',
          scope: parent,
          form: { kind: 'statement', at: first.start, side: 'right' },
          span: [node.start, node.end],
        });
    }

    // 4. Expressions where a value is read.
    if (readSlot(node, parent, key, index.slotOf(parent).parent)) {
      const line = index.lineOf(node);
      if (FUNCTIONS.has(node.type)) offer(line, EXPRESSION, node.start, functionEntry(node));
      else if (node.type !== 'ClassExpression') {
        const shorthand = parent.type === 'Property' && parent.shorthand === true;
        offer(line, EXPRESSION, node.start, {
          when: 'before',
          scope: parent,
          form: {
            kind: 'expression',
            start: node.start,
            end: node.end,
            ...(shorthand ? { key: code.slice(node.start, node.end) } : {}),
          },
          span: [node.start, node.end],
        });
      }
    }
  }
  return new Map([...best].map(([line, { place }]) => [line, place]));
}

/** Where a function's header starts: a method's key (`get area() {`), else the function. */
const functionHeader = (fn: AnyNode, parent: AnyNode): AnyNode =>
  parent.type === 'MethodDefinition' ||
  (parent.type === 'Property' && (parent.method === true || parent.kind !== 'init'))
    ? parent
    : fn;

/**
 * A function that is all its line defines (`function sq(x) { return x * x; }`, a method, a
 * class field's arrow, `const add = (a, b) => a + b`): a logpoint there is about its calls,
 * even when the whole function is on one line.
 */
const isDefinition = (
  fn: AnyNode,
  parent: AnyNode,
  key: string,
  grand: AnyNode | null,
): boolean => {
  if (fn.type === 'FunctionDeclaration' || parent.type === 'MethodDefinition') return true;
  if (parent.type === 'PropertyDefinition') return key === 'value';
  if (parent.type === 'Property') return parent.method === true || parent.kind !== 'init';
  return (
    parent.type === 'VariableDeclarator' &&
    key === 'init' &&
    (grand?.declarations as unknown[] | undefined)?.length === 1
  );
};

/** `} else {`, `try {`, `} catch (e) {`, `} finally {`. */
const opensBlock = (parent: AnyNode, key: string): boolean =>
  (parent.type === 'IfStatement' && key === 'alternate') ||
  (parent.type === 'TryStatement' && (key === 'block' || key === 'finalizer')) ||
  (parent.type === 'CatchClause' && key === 'body');

/** The statement list a node is in, if it is in one. */
const statementList = (parent: AnyNode, key: string): AnyNode[] | null => {
  if ((parent.type === 'BlockStatement' || parent.type === 'StaticBlock') && key === 'body')
    return parent.body as AnyNode[];
  if (parent.type === 'SwitchCase' && key === 'consequent') return parent.consequent as AnyNode[];
  return null;
};
