import type { AnyNode } from './module-index';

/**
 * Whether an expression sits where the program reads its value, so that `(probe, expr)` in its
 * place evaluates to the same value with the same effects: a call's argument, an array element,
 * a property's value, an operand, a branch, an initialiser, a test… Not where the expression is
 * a target or where its reference matters: a callee (`(p, obj.f)()` loses `this`), an assignment
 * target or `++`'s operand, `delete`'s operand, `typeof x` (`typeof (p, x)` throws where `x` is
 * undeclared), a tag, a part of an optional chain (`a?.b.c` must short-circuit as a whole),
 * esbuild's `(0, fn)` callees, patterns, keys. Nor a case's test: it is evaluated for every case
 * tried, taken or not. `grand` is the parent's parent.
 */
export function readSlot(
  node: AnyNode,
  parent: AnyNode,
  key: string,
  grand: AnyNode | null,
): boolean {
  if (!isExpression(node)) return false;
  switch (parent.type) {
    case 'CallExpression':
    case 'NewExpression':
    case 'ImportExpression':
      return key === 'arguments' || key === 'source';
    case 'MemberExpression':
      return key === 'property' && parent.computed === true;
    case 'ArrayExpression':
      return true;
    case 'Property':
      // Object literals only (a pattern's property is a binding), values and computed keys.
      return (
        grand?.type === 'ObjectExpression' &&
        parent.kind === 'init' &&
        parent.method !== true &&
        (key === 'value' || parent.computed === true)
      );
    case 'PropertyDefinition':
    case 'MethodDefinition':
      return key === 'value' ? parent.type === 'PropertyDefinition' : parent.computed === true;
    case 'ConditionalExpression':
    case 'LogicalExpression':
    case 'TemplateLiteral':
    case 'AwaitExpression':
    case 'YieldExpression':
    case 'SpreadElement':
      return true;
    case 'BinaryExpression':
      return node.type !== 'PrivateIdentifier';
    case 'UnaryExpression':
      return (
        parent.operator !== 'delete' &&
        !(parent.operator === 'typeof' && node.type === 'Identifier')
      );
    case 'AssignmentExpression':
    case 'AssignmentPattern':
      return key === 'right';
    case 'ReturnStatement':
    case 'ThrowStatement':
      return key === 'argument';
    case 'VariableDeclarator':
      return key === 'init';
    case 'IfStatement':
    case 'WhileStatement':
    case 'DoWhileStatement':
      return key === 'test';
    case 'SwitchStatement':
      return key === 'discriminant';
    case 'ForStatement':
      return key === 'test' || key === 'update' || key === 'init';
    case 'ForInStatement':
    case 'ForOfStatement':
      return key === 'right';
    case 'ArrowFunctionExpression':
      return key === 'body';
    case 'ClassDeclaration':
    case 'ClassExpression':
      return key === 'superClass';
    default:
      return false;
  }
}

const NOT_VALUES = new Set([
  'Super',
  'PrivateIdentifier',
  'ObjectPattern',
  'ArrayPattern',
  'RestElement',
  'AssignmentPattern',
  'SpreadElement',
]);

/** An expression node (a function or class counts: the caller decides what it does with them). */
const isExpression = (node: AnyNode): boolean =>
  !NOT_VALUES.has(node.type) &&
  (node.type.endsWith('Expression') ||
    node.type === 'Identifier' ||
    node.type === 'Literal' ||
    node.type === 'TemplateLiteral' ||
    node.type === 'MetaProperty');
