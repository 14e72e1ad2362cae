import { parseExpressionAt, tokenizer, tokTypes, type Options } from 'acorn';
import type { ProbeExpr } from '../../src/protocol/probes';
import type { AnyNode } from './module-index';

/**
 * A logpoint's expression, parsed once here (docs/logpoints.md, "What the runtime evaluates").
 * A top-level comma makes several values, each labelled with its text. What would run the
 * program's code or change it is refused here, with a message that says why, so the runtime
 * only ever evaluates reads, operators on what it read and calls of its own pure built-ins.
 */

/** A parsed expression before its names are resolved at a place. */
export interface ParsedExpression {
  values: { label: string; node: AnyNode }[];
  /** The free names it reads, in order of first use (`arguments` included). */
  names: string[];
  /** It reads `this`. */
  usesThis: boolean;
}

/** The slot of a name at the probe's place (undefined: a global), and of `this`. */
export interface Slots {
  name(written: string): number | undefined;
  this(): number;
}

const OPTIONS: Options = {
  ecmaVersion: 'latest',
  sourceType: 'script',
  allowAwaitOutsideFunction: true,
  // Parentheses end where the text does (`({ a })`); toProbeExpr looks through them.
  preserveParens: true,
};

/** What the runtime evaluates (ProbeExpr), and the parts of those nodes. */
const READABLE = new Set([
  'Literal',
  'Identifier',
  'ThisExpression',
  'ChainExpression',
  'MemberExpression',
  'CallExpression',
  'UnaryExpression',
  'BinaryExpression',
  'LogicalExpression',
  'ConditionalExpression',
  'ArrayExpression',
  'ObjectExpression',
  'Property',
  'TemplateLiteral',
  'TemplateElement',
  'ParenthesizedExpression',
]);

const SHOWN = 40;
/** The expression's text as a message quotes it. */
const quote = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return `\`${one.length > SHOWN ? `${one.slice(0, SHOWN - 1)}…` : one}\``;
};

const refused = (source: string, node: AnyNode, why: string): Error =>
  new Error(`Logpoints read values: ${quote(source.slice(node.start, node.end))} ${why}`);

/** Why a node is refused, or null when the runtime can evaluate it. */
const refusal = (node: AnyNode): string | null => {
  switch (node.type) {
    case 'AssignmentExpression':
      return 'assigns';
    case 'UpdateExpression':
      return `changes ${(node.argument as AnyNode).type === 'Identifier' ? `\`${(node.argument as AnyNode).name as string}\`` : 'a value'}`;
    case 'UnaryExpression':
      return node.operator === 'delete' ? 'deletes a property' : null;
    case 'NewExpression':
      return 'runs a constructor';
    case 'AwaitExpression':
      return 'waits (`await` is not run by a logpoint)';
    case 'YieldExpression':
      return 'yields';
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return 'defines a function';
    case 'ClassExpression':
      return 'defines a class';
    case 'TaggedTemplateExpression':
      return "calls the template's tag";
    case 'SpreadElement':
      return "runs the program's iterators (spread)";
    case 'Super':
      return 'uses `super`';
    case 'ImportExpression':
      return 'imports a module';
    case 'MetaProperty':
      return 'is not available to a logpoint';
    case 'SequenceExpression':
      return 'has a comma inside brackets: separate values with commas at the top level';
    case 'BinaryExpression':
      if (node.operator === 'in') return 'uses `in`, which can run Proxy traps';
      if (node.operator === 'instanceof')
        return 'uses `instanceof`, which can run Symbol.hasInstance';
      return null;
    case 'Property':
      if (node.kind !== 'init' || node.method) return 'defines a function';
      if (node.computed) return 'has a computed key';
      return null;
    default:
      return null;
  }
};

/** The first token after the expression, if any (acorn parses the longest expression it can). */
const trailing = (text: string, end: number): { value: string; start: number } | null => {
  const token = tokenizer(text.slice(end), OPTIONS).getToken();
  if (token.type === tokTypes.eof) return null;
  return { value: text.slice(end + token.start, end + token.end), start: end + token.start };
};

/** A plain message for acorn's syntax errors ("Unexpected token (1:4)" → "… at column 5"). */
const syntaxMessage = (error: unknown): string => {
  const e = error as { message?: string; loc?: { column: number } };
  const what = (e.message ?? String(error)).replace(/\s*\(\d+:\d+\)$/, '');
  return `Syntax error: ${what}${e.loc ? ` at column ${e.loc.column + 1}` : ''}`;
};

/** Parses and checks a logpoint expression; throws an Error with a plain message when it cannot be used. */
export function parseProbeExpression(text: string): ParsedExpression {
  if (text.trim() === '') throw new Error('Write an expression to log, e.g. `ball.x`');
  let root: AnyNode;
  try {
    root = parseExpressionAt(text, 0, OPTIONS) as unknown as AnyNode;
  } catch (error) {
    throw new Error(syntaxMessage(error), { cause: error });
  }
  const rest = trailing(text, root.end);
  if (rest) {
    // `yield x` parses as the name `yield` outside a generator.
    if (root.type === 'Identifier' && root.name === 'yield')
      throw new Error(`Logpoints read values: ${quote(text)} yields`);
    const hint = /^(?:as|satisfies|!)$/.test(rest.value)
      ? ' (a logpoint is JavaScript: no TypeScript types)'
      : '';
    throw new Error(
      `Syntax error: unexpected \`${rest.value}\` at column ${rest.start + 1}${hint}`,
    );
  }
  const parts = root.type === 'SequenceExpression' ? (root.expressions as AnyNode[]) : [root];
  const names: string[] = [];
  let usesThis = false;
  const check = (node: AnyNode, parent: AnyNode | null, key: string): void => {
    const why =
      refusal(node) ?? (READABLE.has(node.type) ? null : 'is not something a logpoint reads');
    if (why) throw refused(text, node, why);
    if (node.type === 'Identifier' && isReference(parent, key)) {
      if (!names.includes(node.name as string)) names.push(node.name as string);
    } else if (node.type === 'ThisExpression') usesThis = true;
    for (const k of Object.keys(node)) {
      const value = node[k];
      const children = Array.isArray(value) ? value : [value];
      for (const child of children)
        if (child && typeof child === 'object' && typeof (child as AnyNode).type === 'string')
          check(child as AnyNode, node, k);
    }
  };
  for (const part of parts) check(part, null, '');
  return {
    values: parts.map((node) => ({ label: text.slice(node.start, node.end), node })),
    names,
    usesThis,
  };
}

/** An identifier that names a variable (not a property key after `.`, nor an object literal's key). */
const isReference = (parent: AnyNode | null, key: string): boolean => {
  if (!parent) return true;
  if (parent.type === 'MemberExpression') return key === 'object' || parent.computed === true;
  if (parent.type === 'Property') return key === 'value';
  return true;
};

/** The runtime's form of a checked expression node, with names resolved to the place's slots. */
export function toProbeExpr(node: AnyNode, slots: Slots): ProbeExpr {
  const to = (n: AnyNode) => toProbeExpr(n, slots);
  switch (node.type) {
    case 'Literal': {
      if (node.regex) {
        const { pattern, flags } = node.regex as { pattern: string; flags: string };
        return { k: 'regexp', pattern, flags };
      }
      if (typeof node.bigint === 'string') return { k: 'bigint', v: node.bigint };
      return { k: 'lit', v: node.value as string | number | boolean | null };
    }
    case 'Identifier': {
      const name = node.name as string;
      const slot = slots.name(name);
      return slot === undefined ? { k: 'name', name } : { k: 'name', name, slot };
    }
    case 'ThisExpression':
      return { k: 'this', slot: slots.this() };
    case 'ChainExpression':
    case 'ParenthesizedExpression':
      return to(node.expression as AnyNode);
    case 'MemberExpression': {
      const property = node.property as AnyNode;
      return {
        k: 'get',
        obj: to(node.object as AnyNode),
        key: node.computed ? to(property) : { k: 'lit', v: property.name as string },
        computed: node.computed === true,
        optional: node.optional === true,
      };
    }
    case 'CallExpression':
      return {
        k: 'call',
        callee: to(node.callee as AnyNode),
        args: (node.arguments as AnyNode[]).map(to),
        optional: node.optional === true,
      };
    case 'UnaryExpression':
      return {
        k: 'unary',
        op: node.operator as Extract<ProbeExpr, { k: 'unary' }>['op'],
        arg: to(node.argument as AnyNode),
      };
    case 'BinaryExpression':
      return {
        k: 'binary',
        op: node.operator as string,
        left: to(node.left as AnyNode),
        right: to(node.right as AnyNode),
      };
    case 'LogicalExpression':
      return {
        k: 'logical',
        op: node.operator as '&&' | '||' | '??',
        left: to(node.left as AnyNode),
        right: to(node.right as AnyNode),
      };
    case 'ConditionalExpression':
      return {
        k: 'cond',
        test: to(node.test as AnyNode),
        then: to(node.consequent as AnyNode),
        else: to(node.alternate as AnyNode),
      };
    case 'ArrayExpression':
      return {
        k: 'array',
        // A hole reads as undefined.
        items: (node.elements as (AnyNode | null)[]).map((e) =>
          e ? to(e) : { k: 'unary', op: 'void', arg: { k: 'lit', v: 0 } },
        ),
      };
    case 'ObjectExpression':
      return {
        k: 'object',
        entries: (node.properties as AnyNode[]).map((p) => {
          const key = p.key as AnyNode;
          const name = key.type === 'Identifier' ? (key.name as string) : String(key.value);
          return [name, to(p.value as AnyNode)];
        }),
      };
    case 'TemplateLiteral':
      return {
        k: 'template',
        quasis: (node.quasis as AnyNode[]).map(
          (q) => (q.value as { cooked: string | null }).cooked ?? '',
        ),
        exprs: (node.expressions as AnyNode[]).map(to),
      };
    default:
      // parseProbeExpression refused everything else.
      throw new Error(`Logpoints cannot read a ${node.type}`);
  }
}
