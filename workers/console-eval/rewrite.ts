import { parse, type Node, type Options, type Program } from 'acorn';
import { base, recursive, simple, type RecursiveVisitors } from 'acorn-walk';
import MagicString from 'magic-string';
import { CONSOLE_LOOP_GUARD, CONSOLE_SCOPE, type ConsoleCode } from '../../src/protocol';
import { guardStatement, LOOPS } from '../bundler/loop-guard';

/**
 * A line typed into the console, rewritten once before it is recorded (so a replay runs the
 * very same code) to behave as in browser devtools' REPL mode:
 * - an expression when it parses as one (`{a: 1}` is an object, not a block with a label);
 * - top-level `let`/`const`/`class` outlive the line, lexical as in devtools: they are
 *   properties of the console's own scope object (CONSOLE_SCOPE), which every line runs `with`,
 *   not of the window (`let name = 'x'` leaves `window.name`, `let top` shadows `window.top`),
 *   and a later line may declare them again, as devtools allow; `var` and functions stay global;
 * - top-level `await` works: the line runs in an async arrow whose promise the runtime awaits,
 *   its declarations hoisted out as `var`s and its last expression returned;
 * - every loop counts down the runtime's loop guard, as the program's loops do
 *   (workers/bundler/loop-guard.ts), so `while (true) {}` typed in the console is stopped.
 * Returns null when the line does not parse: the runtime then evaluates it as typed, and the
 * engine's own SyntaxError is what the user sees.
 */

const OPTIONS: Options = {
  ecmaVersion: 'latest',
  sourceType: 'script',
  allowAwaitOutsideFunction: true,
  locations: true,
};

/** A declaration in parentheses would become an expression and define nothing. */
const DECLARATION = /^\s*(?:async\s+function\b|function\b|class\b)/;

type AnyNode = Node & Record<string, unknown>;

const tryParse = (code: string, preserveParens = false): Program | null => {
  try {
    return parse(code, { ...OPTIONS, preserveParens });
  } catch {
    return null;
  }
};

/** Whether `wrapped` (`(line\n)`) is one parenthesised expression from its first to last character. */
const isWholeExpression = (wrapped: string): boolean => {
  const ast = tryParse(wrapped, true);
  const only = ast?.body.length === 1 ? (ast.body[0] as AnyNode) : null;
  const expression = only?.type === 'ExpressionStatement' ? (only.expression as Node) : null;
  return (
    expression?.type === 'ParenthesizedExpression' &&
    expression.start === 0 &&
    expression.end === wrapped.length
  );
};

/** Whether the code awaits outside any function (`await x`, `for await`). */
const awaitsAtTopLevel = (ast: Program): boolean => {
  let found = false;
  const visitors: RecursiveVisitors<null> = {
    Function: () => {},
    AwaitExpression: () => {
      found = true;
    },
    ForOfStatement: (node, state, c) => {
      if (node.await) found = true;
      base.ForOfStatement!(node, state, c);
    },
  };
  recursive(ast, null, visitors);
  return found;
};

/** Names a binding pattern declares (`a`, `{b, c: [d]}`, `...e`). */
const patternNames = (pattern: AnyNode, out: string[]): void => {
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const p of pattern.properties as AnyNode[])
        patternNames((p.type === 'RestElement' ? p : p.value) as AnyNode, out);
      break;
    case 'ArrayPattern':
      for (const e of pattern.elements as (AnyNode | null)[]) if (e) patternNames(e, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument as AnyNode, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left as AnyNode, out);
      break;
  }
};

/** Adds the loop guard to every loop, each named by its line in the typed text. */
const guardLoops = (ast: Program, s: MagicString): void => {
  const visit = (node: Node) => {
    const body = (node as AnyNode).body as AnyNode;
    const line = (node.loc?.start.line ?? 1) as number;
    const call = guardStatement(CONSOLE_LOOP_GUARD, `console:${line}`);
    if (body.type === 'BlockStatement') s.appendLeft(body.start + 1, call);
    else {
      // Braces, so the check runs on every iteration (also after `continue`).
      s.prependRight(body.start, `{${call}`);
      s.appendLeft(body.end, '}');
    }
  };
  simple(ast, Object.fromEntries(LOOPS.map((type) => [type, visit])));
};

/** Ends a rewritten statement with `;` unless it has one: the next statement must not join it. */
const endStatement = (s: MagicString, source: string, node: Node) => {
  if (source[node.end - 1] !== ';') s.appendLeft(node.end, ';');
};

/** `let`/`const` declarators become one assignment (`void (a = 1, {b} = c)`); returns their names. */
const assignDeclarators = (statement: AnyNode, source: string, s: MagicString): string[] => {
  const names: string[] = [];
  const declarators = statement.declarations as AnyNode[];
  for (const d of declarators) {
    patternNames(d.id as AnyNode, names);
    // `let a;` is a fresh undefined; `var a;` keeps a's value, as a var declared again does.
    if (!d.init && statement.kind !== 'var') s.appendLeft(d.end, ' = void 0');
  }
  s.overwrite(statement.start, declarators[0]!.start, 'void (');
  s.appendLeft(declarators[declarators.length - 1]!.end, ')');
  endStatement(s, source, statement);
  return names;
};

/** Top-level `let`/`const`/`class` become assignments to the console's scope; returns the names. */
const scopeDeclarations = (ast: Program, source: string, s: MagicString): string[] => {
  const names: string[] = [];
  for (const statement of ast.body as AnyNode[]) {
    if (statement.type === 'VariableDeclaration' && statement.kind !== 'var') {
      names.push(...assignDeclarators(statement, source, s));
    } else if (statement.type === 'ClassDeclaration') {
      const name = (statement.id as AnyNode).name as string;
      names.push(name);
      s.prependRight(statement.start, `${name} = `);
      endStatement(s, source, statement);
    }
  }
  return names;
};

/**
 * Runs `code` with the console's scope: `names` are made its own (fresh) properties first, so
 * the line's assignments to them land there and not on a window property of the same name.
 */
const inScope = (names: string[], code: string): string => {
  const fresh = [...new Set(names)].map((name) => `${CONSOLE_SCOPE}.${name} = `).join('');
  return `${fresh ? fresh + 'void 0; ' : ''}with (${CONSOLE_SCOPE}) ${code}`;
};

/**
 * The body of an async arrow: its top-level declarations become assignments (to the scope for
 * `let`/`const`/`class`, to hoisted global `var`s for `var` and functions), and its last
 * expression statement is returned.
 */
const asyncBody = (ast: Program, source: string, s: MagicString) => {
  const lexical: string[] = [];
  const global: string[] = [];
  const body = ast.body as AnyNode[];
  for (const statement of body) {
    if (statement.type === 'VariableDeclaration') {
      const kind = statement.kind as string;
      if (kind !== 'var' && kind !== 'let' && kind !== 'const') continue;
      (kind === 'var' ? global : lexical).push(...assignDeclarators(statement, source, s));
    } else if (
      (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') &&
      statement.id
    ) {
      const name = (statement.id as AnyNode).name as string;
      (statement.type === 'ClassDeclaration' ? lexical : global).push(name);
      s.prependRight(statement.start, `${name} = `);
      endStatement(s, source, statement);
    }
  }
  const last = body[body.length - 1];
  if (last?.type === 'ExpressionStatement') {
    const expression = last.expression as Node;
    s.prependRight(expression.start, 'return (');
    s.appendLeft(expression.end, '\n)');
  }
  return { lexical, global };
};

/** The code to record and evaluate for a console line, or null when it does not parse. */
export function rewriteConsoleInput(source: string): ConsoleCode | null {
  if (!DECLARATION.test(source)) {
    const wrapped = `(${source}\n)`;
    const ast = isWholeExpression(wrapped) ? tryParse(wrapped) : null;
    if (ast) {
      const s = new MagicString(wrapped);
      guardLoops(ast, s);
      const awaits = awaitsAtTopLevel(ast);
      const code = s.toString();
      return { code: inScope([], awaits ? `(async () => ${code})()` : code), awaits };
    }
  }
  const ast = tryParse(source);
  if (!ast) return null;
  const s = new MagicString(source);
  guardLoops(ast, s);
  if (!awaitsAtTopLevel(ast)) {
    const names = scopeDeclarations(ast, source, s);
    return { code: inScope(names, `{\n${s.toString()}\n}`), awaits: false };
  }
  const { lexical, global } = asyncBody(ast, source, s);
  const hoisted = global.length > 0 ? `var ${[...new Set(global)].join(', ')}; ` : '';
  const code = inScope(lexical, `(async () => {\n${s.toString()}\n})()`);
  return { code: hoisted + code, awaits: true };
}
