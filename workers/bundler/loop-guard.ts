import { parse, type Node, type Position, type Statement } from 'acorn';
import { simple } from 'acorn-walk';
import MagicString from 'magic-string';
import { TraceMap, traceSegment, type SourceMapSegment } from '@jridgewell/trace-mapping';
import type { CompiledJs, JsSource } from './compile-js';
import { shiftMap, type ExtraSegment, type Insertion } from './shift-map';
import { NAV_NAME, mayNavigate, navInsertions } from './location-sites';

/**
 * The loop guard: every loop in a user's module counts down the runtime guard's shared counter
 * at the top of each iteration and calls the guard, with the loop's place in the user's file
 * baked in as text, when the counter runs out (every 1,024 iterations, see
 * src/runtime/loop-guard.ts), so a hot loop pays a decrement, not a call:
 *
 *   (function (require, module, exports, __ppLoop) {
 *     … while (x) {if (--__ppLoop.c < 0) __ppLoop("src/main.ts:2"); … } })
 *
 * The runtime passes the guard as the module function's 4th argument (module-registry.ts), so
 * user code cannot replace it or its counter from outside the module. It runs on esbuild's JS output (acorn
 * cannot parse TS/TSX), so the place is found through esbuild's map; the edits only insert
 * text within lines, so the new map is esbuild's with columns shifted (shift-map.ts).
 */
export const GUARD_NAME = '__ppLoop';

export interface GuardInput {
  /** Project path, as written into each site ("src/main.ts:2"). */
  path: string;
  /** A compiled module: `(function (require, module, exports) {…})`, see compile-js.ts. */
  code: string;
  /** Its source map (JSON) back to the user's file. */
  map: string;
}

export interface GuardOutput {
  code: string;
  map: string;
  /** "file:line" of each guarded loop, in source order. */
  sites: string[];
}

type LoopNode = Node & { body: Statement };
type RawMap = Parameters<typeof shiftMap>[1];
/** The loop statements that get a guard (also in console lines, workers/console-eval/). */
export const LOOPS = [
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
];

/** Cheap pre-check: a module without these words has no loop to guard. */
export const mayHaveLoops = (code: string): boolean => /\b(?:for|while|do)\b/.test(code);

/** What goes at the top of a loop's body: count down, and call the guard when the count runs out. */
export const guardStatement = (name: string, site: string): string =>
  `if (--${name}.c < 0) ${name}(${JSON.stringify(site)});`;

/** A name the module's own code never uses, so user code cannot shadow the guard. */
export const freeName = (code: string, base = GUARD_NAME): string => {
  let name = base;
  for (let i = 1; code.includes(name); i++) name = `${base}${i}`;
  return name;
};

/** The module wrapper's last parameter (`exports`), after which the guard parameter goes. */
const wrapperParams = (program: Node & { body: Node[] }): Node => {
  const first = program.body[0] as (Node & { expression?: Node }) | undefined;
  const fn = first?.expression as (Node & { params?: Node[] }) | undefined;
  const last = fn?.type === 'FunctionExpression' ? fn.params?.[2] : undefined;
  if (!last || last.type !== 'Identifier') throw new Error('not a module function');
  return last;
};

/** Rewrites every loop of a compiled module to call the guard; throws if the code does not parse. */
export function guardLoops({ path, code, map }: GuardInput): GuardOutput {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
  const inner = new TraceMap(map);
  const name = freeName(code);
  const s = new MagicString(code);
  const insertions: Insertion[] = [];
  const insert = (at: number, where: Position, text: string, left: boolean) => {
    if (left) s.appendLeft(at, text);
    else s.prependRight(at, text);
    insertions.push({ line: where.line - 1, column: where.column, length: text.length });
  };
  const params = wrapperParams(ast);
  // Fragment navigations go through the runtime's navigator (location-sites.ts), its 5th argument.
  const navName = freeName(code, NAV_NAME);
  const navs = mayNavigate(code) ? navInsertions(ast, navName) : [];
  insert(params.end, params.loc!.end, navs.length ? `, ${name}, ${navName}` : `, ${name}`, true);
  for (const nav of navs) insert(nav.at, nav.where, nav.text, nav.left);

  const found: { at: number; site: string; target: Readonly<SourceMapSegment> }[] = [];
  const visit = (node: Node) => {
    const loop = node as LoopNode;
    const start = loop.loc!.start;
    const target = traceSegment(inner, start.line - 1, start.column);
    // Loops that map nowhere are esbuild's own helpers (e.g. __copyProps), not the user's.
    if (!target || target.length < 4) return;
    const site = `${path}:${target[2]! + 1}`;
    const call = guardStatement(name, site);
    const body = loop.body;
    const { start: from, end: to } = body.loc!;
    if (body.type === 'BlockStatement') {
      insert(body.start + 1, { line: from.line, column: from.column + 1 } as Position, call, true);
      found.push({ at: body.start + 1, site, target });
    } else {
      // A loop without braces gets them, so the check runs on every iteration (also after
      // `continue`, which jumps to the next iteration's body).
      insert(body.start, from, `{${call}`, false);
      insert(body.end, to, '}', true);
      found.push({ at: body.start, site, target });
    }
  };
  simple(ast, Object.fromEntries(LOOPS.map((type) => [type, visit])));
  found.sort((a, b) => a.at - b.at);

  const out = s.toString();
  return {
    code: out,
    map: shiftMap(inner, JSON.parse(map) as RawMap, insertions, callSegments(out, name, found)),
    sites: found.map((f) => f.site),
  };
}

/**
 * Each inserted call maps to its loop's original position, so a stack frame inside the guard
 * points at the loop. The calls are found in the output in source order: the guard's name
 * occurs nowhere else followed by `(` (the countdown reads it as `name.c`).
 */
function callSegments(out: string, name: string, found: { target: Readonly<SourceMapSegment> }[]) {
  const extra: ExtraSegment[] = [];
  let line = 0;
  let lineStart = 0;
  let from = 0;
  for (const { target } of found) {
    const at = out.indexOf(`${name}(`, from);
    if (at === -1) break;
    for (
      let nl = out.indexOf('\n', lineStart);
      nl !== -1 && nl < at;
      nl = out.indexOf('\n', nl + 1)
    ) {
      line++;
      lineStart = nl + 1;
    }
    extra.push({ line, column: at - lineStart, target });
    from = at + name.length;
  }
  return extra;
}

/** Loaders whose output is the user's code (JSON and text modules hold data, not loops). */
const CODE_LOADERS: ReadonlySet<string> = new Set(['js', 'jsx', 'ts', 'tsx']);

/**
 * Guards a compiled project module. Only the user's own files: vendor and CDN modules never
 * pass through the bundler, and files under node_modules/ are packages, not the user's code.
 * If the guard cannot be applied the module runs unguarded and a warning says so.
 */
export function guardCompiled(source: JsSource, compiled: CompiledJs): CompiledJs {
  if (!compiled.ok || !CODE_LOADERS.has(source.loader)) return compiled;
  if (/(^|\/)node_modules\//.test(source.path)) return compiled;
  // The file as esbuild read it, not its output: the output of any module with an export or an
  // import has loops of esbuild's own (__export, __copyProps), which map nowhere and are never
  // guarded, and parsing it for nothing took ~1 ms of every edit's build.
  if (!mayHaveLoops(source.text) && !mayNavigate(source.text)) return compiled;
  try {
    const { code, map } = guardLoops({ path: source.path, code: compiled.code, map: compiled.map });
    return { ...compiled, code, map };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const text = `Loops in this file are not guarded (${reason}): an endless loop here is only stopped by the watchdog.`;
    return {
      ...compiled,
      warnings: [...compiled.warnings, { severity: 'warning', file: source.path, text }],
    };
  }
}
