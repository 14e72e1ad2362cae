import {
  TraceMap,
  encodedMappings,
  traceSegment,
  type SourceMapSegment,
} from '@jridgewell/trace-mapping';

/** The parts of a source map kept from the inner (compiler's) map. */
export interface MapShell {
  sources: string[];
  sourcesContent?: (string | null)[];
  names: string[];
}

/** A mapping to add by hand: generated 0-based line and column to an inner segment. */
export interface ExtraSegment {
  line: number;
  column: number;
  target: Readonly<SourceMapSegment>;
}

const sameTarget = (a: SourceMapSegment | undefined, b: SourceMapSegment): boolean =>
  !!a && a.length === b.length && a.slice(1).every((v, i) => v === b[i + 1]);

/**
 * Composes two maps: `outer` (decoded, from the rewritten code to the compiler's output, e.g.
 * magic-string's hires map) with `inner` (the compiler's output to the user's file). Each
 * outer segment takes the inner segment that covers its position; runs of segments that land
 * on the same original position collapse into one. `extra` adds mappings for inserted code
 * that has none of its own. Only @jridgewell/trace-mapping is needed (a declared dependency).
 */
export function composeMaps(
  outer: readonly (readonly SourceMapSegment[])[],
  inner: TraceMap,
  shell: MapShell,
  extra: ExtraSegment[] = [],
): string {
  const lines: SourceMapSegment[][] = outer.map((segments) =>
    segments.map((seg): SourceMapSegment => {
      const found = seg.length >= 4 ? traceSegment(inner, seg[2]!, seg[3]!) : null;
      return found && found.length >= 4
        ? ([seg[0], ...found.slice(1)] as SourceMapSegment)
        : [seg[0]];
    }),
  );
  for (const { line, column, target } of extra) {
    const segments = (lines[line] ??= []);
    const at = segments.findIndex((s) => s[0] >= column);
    const seg = [column, ...target.slice(1)] as SourceMapSegment;
    if (at === -1) segments.push(seg);
    else if (segments[at]![0] === column) segments[at] = seg;
    else segments.splice(at, 0, seg);
  }
  const compact = Array.from(lines, (segments = []) => {
    const out: SourceMapSegment[] = [];
    for (const seg of segments) {
      const last = out[out.length - 1];
      // Runs on one original position collapse; an unmapped stretch (a compiler helper)
      // ends the mapping before it, and needs no marker when nothing precedes it.
      if (seg.length === 1 ? (last?.length ?? 1) > 1 : !sameTarget(last, seg)) out.push(seg);
    }
    return out;
  });
  const mappings = encodedMappings(
    new TraceMap({ version: 3, sources: shell.sources, names: shell.names, mappings: compact }),
  );
  return JSON.stringify({
    version: 3,
    sources: shell.sources,
    ...(shell.sourcesContent ? { sourcesContent: shell.sourcesContent } : {}),
    names: shell.names,
    mappings,
  });
}
