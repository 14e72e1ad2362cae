import { parse, type Node, type Program } from 'acorn';
import { TraceMap, decodedMappings, type SourceMapSegment } from '@jridgewell/trace-mapping';

/**
 * A compiled module (workers/bundler/compile-js.ts, after the loop guard) as the probe worker
 * reads it: acorn's tree with each node's parent, and each position's line in the user's file
 * through the module's source map. Only positions that map to the file count: esbuild's helpers
 * (`__toESM`, `__copyProps`, …) map nowhere.
 */

export type AnyNode = Node & Record<string, unknown>;

/** Where a node sits: its parent and the parent's field that holds it (`callee`, `body`, …). */
export interface Slot {
  parent: AnyNode | null;
  key: string;
  /** Its index when the field is a list (a block's statements, a call's arguments). */
  at?: number;
}

/** A mapped position: 1-based line and 0-based column in the user's file. */
export interface Original {
  line: number;
  column: number;
  /** The source map's `names` entry for the segment (esbuild sets it where it renamed). */
  name?: string;
  /** The segment starts exactly at the generated position (not one covering it from the left). */
  exact: boolean;
}

export interface ModuleIndex {
  code: string;
  ast: Program;
  /** The module function `(function (require, module, exports…) {…})`. */
  wrapper: AnyNode;
  /** Every node's parent (the wrapper's ancestors included). */
  slotOf(node: Node): Slot;
  /** The user's file position a node's start maps to, or null (esbuild's own code). */
  original(node: Node): Original | null;
  /** `original(node)?.line`. */
  lineOf(node: Node): number | null;
  /** The latest line any node inside `node` (itself included) maps to; 0 when none maps. */
  lastLine(node: Node): number;
  /** The user's file as written (the map's `sourcesContent`), split into lines. */
  sourceLines: readonly string[];
  /** 0-based line and column of a generated offset. */
  position(offset: number): { line: number; column: number };
  /** Every node, parents before their children. */
  nodes: readonly AnyNode[];
}

interface RawMap {
  names?: string[];
  sourcesContent?: (string | null)[];
}

/** Node fields that hold no child node (`loc` is acorn's position record). */
const SKIP = new Set(['type', 'start', 'end', 'loc', 'range']);

/** The child nodes of `node` with the field that holds each (and the index in a list). */
export function forEachChild(
  node: AnyNode,
  fn: (child: AnyNode, key: string, at?: number) => void,
): void {
  for (const key in node) {
    if (SKIP.has(key)) continue;
    const value = node[key];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, at) => isNode(item) && fn(item, key, at));
    } else if (isNode(value)) fn(value, key);
  }
}

/**
 * The segment covering a generated column: the last one at or before it, or, for text the loop
 * guard or the navigator inserted at a line's start (`__ppNav(location, "hash").hash = …`), the
 * first one after it, which is the code the insertion belongs to.
 */
const segmentAt = (
  segments: readonly SourceMapSegment[],
  column: number,
): SourceMapSegment | undefined => {
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid]![0] <= column) lo = mid + 1;
    else hi = mid;
  }
  return segments[lo - 1] ?? segments[0];
};

const isNode = (value: unknown): value is AnyNode =>
  typeof (value as Node | null)?.type === 'string';

/** The module function of a compiled module; throws when the code is not one. */
const moduleFunction = (ast: Program): AnyNode => {
  const first = ast.body[0] as AnyNode | undefined;
  const fn = first?.type === 'ExpressionStatement' ? (first.expression as AnyNode) : undefined;
  if (fn?.type !== 'FunctionExpression') throw new Error('not a module function');
  return fn;
};

interface NodeInfo {
  slot: Slot;
  original: Original | null;
  last: number;
}

/** Parses a compiled module and indexes it; throws when it does not parse. */
export function indexModule(code: string, map: string): ModuleIndex {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
  const wrapper = moduleFunction(ast);
  const mappings = decodedMappings(new TraceMap(map)) as readonly SourceMapSegment[][];
  const raw = JSON.parse(map) as RawMap;
  const names = raw.names ?? [];
  const sourceLines = (raw.sourcesContent?.[0] ?? '').split(/\r\n?|\n/);

  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const position = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, column: offset - lineStarts[lo]! };
  };

  const trace = (node: Node): Original | null => {
    const { line, column } = node.loc!.start;
    const seg = segmentAt(mappings[line - 1] ?? [], column);
    if (!seg || seg.length < 4) return null;
    const found: Original = { line: seg[2]! + 1, column: seg[3]!, exact: seg[0] === column };
    if (seg.length === 5) found.name = names[seg[4]!];
    return found;
  };

  const info = new WeakMap<Node, NodeInfo>();
  const nodes: AnyNode[] = [];
  const visit = (node: AnyNode, slot: Slot): number => {
    const original = trace(node);
    const record: NodeInfo = { slot, original, last: original?.line ?? 0 };
    info.set(node, record);
    nodes.push(node);
    forEachChild(node, (child, key, at) => {
      const last = visit(child, { parent: node, key, at });
      if (last > record.last) record.last = last;
    });
    return record.last;
  };
  visit(ast as unknown as AnyNode, { parent: null, key: '' });

  return {
    code,
    ast,
    wrapper,
    slotOf: (node) => info.get(node)?.slot ?? { parent: null, key: '' },
    original: (node) => info.get(node)?.original ?? null,
    lineOf: (node) => info.get(node)?.original?.line ?? null,
    lastLine: (node) => info.get(node)?.last ?? 0,
    sourceLines,
    position,
    nodes,
  };
}
