import type { AnyNode } from './module-index';

/**
 * esbuild's own statements at a module's top level that its source map points at the user's
 * lines: the CommonJS export glue (mapped to line 1, column 0) and the automatic JSX runtime's
 * import (mapped to the first JSX element). They are not the user's code, so no probe goes
 * there: a logpoint on the first JSX line must not run once at the module's start.
 */

const JSX_RUNTIME = /\/jsx(?:-dev)?-runtime$/;

const isCall = (node: AnyNode | undefined, name: string): boolean =>
  node?.type === 'CallExpression' &&
  (node.callee as AnyNode).type === 'Identifier' &&
  (node.callee as AnyNode).name === name;

/** `require("…/jsx-runtime")`, or `__toESM(require("…/jsx-runtime"))`. */
const requiresJsxRuntime = (node: AnyNode | undefined): boolean => {
  if (isCall(node, '__toESM')) return requiresJsxRuntime((node!.arguments as AnyNode[])[0]);
  if (!isCall(node, 'require')) return false;
  const spec = (node!.arguments as AnyNode[])[0];
  return spec?.type === 'Literal' && typeof spec.value === 'string' && JSX_RUNTIME.test(spec.value);
};

/**
 * The loop guard's countdown at the top of a loop body (workers/bundler/loop-guard.ts):
 * `if (--__ppLoop.c < 0) __ppLoop("src/main.ts:2");`, mapped like the code after it.
 */
export function isGuardCheck(statement: AnyNode, guard: string | undefined): boolean {
  if (!guard || statement.type !== 'IfStatement') return false;
  const test = statement.test as AnyNode;
  const update = test.left as AnyNode | undefined;
  const counter = update?.argument as AnyNode | undefined;
  return (
    test.type === 'BinaryExpression' &&
    update?.type === 'UpdateExpression' &&
    counter?.type === 'MemberExpression' &&
    (counter.object as AnyNode).type === 'Identifier' &&
    (counter.object as AnyNode).name === guard
  );
}

/** `var name = init;`: its name and initialiser. */
const soleDeclarator = (statement: AnyNode): { id: AnyNode; init: AnyNode } | null => {
  if (statement.type !== 'VariableDeclaration') return null;
  const declarators = statement.declarations as AnyNode[];
  const only = declarators.length === 1 ? declarators[0]! : null;
  const id = only?.id as AnyNode | undefined;
  const init = only?.init as AnyNode | null | undefined;
  return id?.type === 'Identifier' && init ? { id, init } : null;
};

/** Whether a statement of the module function's body is esbuild's glue (see above). */
export function isGlue(statement: AnyNode): boolean {
  if (statement.type === 'ExpressionStatement') {
    const e = statement.expression as AnyNode;
    if (isCall(e, '__export')) return true;
    // module.exports = __toCommonJS(main_exports);
    return (
      e.type === 'AssignmentExpression' &&
      isCall(e.right as AnyNode, '__toCommonJS') &&
      (e.left as AnyNode).type === 'MemberExpression'
    );
  }
  const { id, init } = soleDeclarator(statement) ?? {};
  if (!id || !init) return false;
  // var main_exports = {};
  if (/_exports\d*$/.test(id.name as string) && init.type === 'ObjectExpression')
    return (init.properties as unknown[]).length === 0;
  return requiresJsxRuntime(init);
}

/** Whether a top-level `var` holds an import (`var import_x = require(…)` / `__toESM(require(…))`). */
export function importBinding(statement: AnyNode): string | null {
  const { id, init } = soleDeclarator(statement) ?? {};
  if (!id || !init || requiresJsxRuntime(init)) return null;
  const call = isCall(init, '__toESM') ? (init.arguments as AnyNode[])[0] : init;
  return isCall(call, 'require') ? (id.name as string) : null;
}
