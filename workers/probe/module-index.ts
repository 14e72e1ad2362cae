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
  /** The user's file position a generated offset maps to, or null (esbuild's own code). */
  original(offset: number): Original | null;
  /** `original(offset)?.line`. */
  lineAt(offset: number): number | null;
  /** The latest line any node inside `node` (itself included) maps to; 0 when none maps. */
  lastLine(node: Node): number;
  /** The user's file as written (the map's `sourcesContent`), split into lines. */
  sourceLines: readonly string[];
  /** 0-based line and column of a generated offset. */
  position(offset: number): { line: number; column: number };
  /** Every node in source order (pre-order), with its depth. */
  nodes: readonly { node: AnyNode; depth: number }[];
}

interface RawMap {
  names?: string[];
  sourcesContent?: (string | null)[];
}

const SKIP = new Set(['type', 'start', 'end', 'loc', 'range']);

/** The child nodes of `node` with the field that holds each, in source order. */
export function childrenOf(node: AnyNode): { key: string; child: AnyNode }[] {
  const out: { key: string; child: AnyNode }[] = [];
  for (const key of Object.keys(node)) {
    if (SKIP.has(key)) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push({ key, child: item });
    } else if (isNode(value)) out.push({ key, child: value });
  }
  return out.sort((a, b) => a.child.start - b.child.start);
}

/**
 * The segment covering a generated column: the last one at or before it, or, for text the loop
 * guard or the navigator inserted at a line's start (`__ppNav(location, "hash").hash = …`), the
 * first one after it, which is the code the insertion belongs to.
 */
const segmentAt = (segments: SourceMapSegment[], column: number): SourceMapSegment | undefined => {
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
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The module function of a compiled module; throws when the code is not one. */
const moduleFunction = (ast: Program): AnyNode => {
  const first = ast.body[0] as AnyNode | undefined;
  const fn = first?.type === 'ExpressionStatement' ? (first.expression as AnyNode) : undefined;
  if (fn?.type !== 'FunctionExpression') throw new Error('not a module function');
  return fn;
};

/** Parses a compiled module and indexes it; throws when it does not parse. */
export function indexModule(code: string, map: string): ModuleIndex {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
  const wrapper = moduleFunction(ast);
  const trace = new TraceMap(map);
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

  const mappings = decodedMappings(trace) as SourceMapSegment[][];
  const originals = new Map<number, Original | null>();
  const original = (offset: number): Original | null => {
    let found = originals.get(offset);
    if (found !== undefined) return found;
    const { line, column } = position(offset);
    const seg = segmentAt(mappings[line] ?? [], column);
    found =
      seg && seg.length >= 4
        ? {
            line: seg[2]! + 1,
            column: seg[3]!,
            exact: seg[0] === column,
            ...(seg.length === 5 ? { name: names[seg[4]!] } : {}),
          }
        : null;
    originals.set(offset, found);
    return found;
  };

  const slots = new WeakMap<Node, Slot>();
  const last = new WeakMap<Node, number>();
  const nodes: { node: AnyNode; depth: number }[] = [];
  const visit = (node: AnyNode, slot: Slot, depth: number): number => {
    slots.set(node, slot);
    nodes.push({ node, depth });
    let max = original(node.start)?.line ?? 0;
    for (const { key, child } of childrenOf(node))
      max = Math.max(max, visit(child, { parent: node, key }, depth + 1));
    last.set(node, max);
    return max;
  };
  visit(ast as unknown as AnyNode, { parent: null, key: '' }, 0);

  return {
    code,
    ast,
    wrapper,
    slotOf: (node) => slots.get(node) ?? { parent: null, key: '' },
    original,
    lineAt: (offset) => original(offset)?.line ?? null,
    lastLine: (node) => last.get(node) ?? 0,
    sourceLines,
    position,
    nodes,
  };
}
