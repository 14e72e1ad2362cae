/**
 * Test helper: a logpoint expression as the probe worker hands it to the runtime (ProbeExpr,
 * src/protocol/probes.ts), parsed with acorn as the worker does. Names in `slots` are the
 * site's slots (the reader's cases), others are globals; `this` is the slot named 'this'.
 */
import { parseExpressionAt, type Expression, type Node, type Pattern } from 'acorn';
import type { ProbeExpr, ProbeSpec } from '../../../../src/protocol/index.ts';

export function probeSpec(source: string, slots: readonly string[]): ProbeSpec {
  const root = parseExpressionAt(source, 0, { ecmaVersion: 'latest' });
  const parts = root.type === 'SequenceExpression' ? root.expressions : [root];
  return {
    values: parts.map((part) => ({
      label: source.slice(part.start, part.end),
      expr: convert(part, slots),
    })),
    slots: [...slots],
  };
}

function convert(node: Node, slots: readonly string[]): ProbeExpr {
  const n = node as Expression;
  const sub = (x: Node | Pattern) => convert(x, slots);
  switch (n.type) {
    case 'Literal':
      if ('regex' in n && n.regex)
        return { k: 'regexp', pattern: n.regex.pattern, flags: n.regex.flags };
      if ('bigint' in n && typeof n.bigint === 'string') return { k: 'bigint', v: n.bigint };
      return { k: 'lit', v: n.value as string | number | boolean | null };
    case 'Identifier': {
      const slot = slots.indexOf(n.name);
      return slot >= 0 ? { k: 'name', name: n.name, slot } : { k: 'name', name: n.name };
    }
    case 'ThisExpression':
      return { k: 'this', slot: slots.indexOf('this') };
    case 'ChainExpression':
      return sub(n.expression);
    case 'MemberExpression':
      return {
        k: 'get',
        obj: sub(n.object),
        key:
          n.computed || n.property.type !== 'Identifier'
            ? sub(n.property)
            : { k: 'lit', v: n.property.name },
        computed: n.computed,
        optional: n.optional,
      };
    case 'UnaryExpression':
      return { k: 'unary', op: n.operator as never, arg: sub(n.argument) };
    case 'BinaryExpression':
      return { k: 'binary', op: n.operator, left: sub(n.left), right: sub(n.right) };
    case 'LogicalExpression':
      return { k: 'logical', op: n.operator, left: sub(n.left), right: sub(n.right) };
    case 'ConditionalExpression':
      return { k: 'cond', test: sub(n.test), then: sub(n.consequent), else: sub(n.alternate) };
    case 'ArrayExpression':
      return { k: 'array', items: n.elements.map((e) => sub(e!)) };
    case 'ObjectExpression':
      return {
        k: 'object',
        entries: n.properties.map((p) => {
          if (p.type !== 'Property') throw new Error('spread');
          const key =
            p.key.type === 'Identifier' ? p.key.name : String((p.key as { value: unknown }).value);
          return [key, sub(p.value)];
        }),
      };
    case 'TemplateLiteral':
      return {
        k: 'template',
        quasis: n.quasis.map((q) => q.value.cooked ?? ''),
        exprs: n.expressions.map(sub),
      };
    case 'CallExpression':
      return { k: 'call', callee: sub(n.callee), args: n.arguments.map(sub), optional: n.optional };
    default:
      throw new Error(`Logpoints read values: ${n.type} is refused by the worker`);
  }
}
