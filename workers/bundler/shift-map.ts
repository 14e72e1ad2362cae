import {
  TraceMap,
  decodedMappings,
  encodedMappings,
  type SourceMapSegment,
} from '@jridgewell/trace-mapping';

/** Text inserted into generated code at a 0-based line and column (never a line break). */
export interface Insertion {
  line: number;
  column: number;
  length: number;
}

/** A mapping to add for inserted code: generated 0-based line and column to a segment's target. */
export interface ExtraSegment {
  line: number;
  column: number;
  target: Readonly<SourceMapSegment>;
}

/**
 * The source map of code after pure insertions: with no line added or removed, each mapping
 * keeps its line and moves right by the text inserted before it on that line. Inserted text
 * maps like the position it was inserted at and the original text after it resumes its own
 * mapping, which equals composing the edit's own hires map with the old one, at a fraction of
 * the cost. `extra` maps inserted code that should point elsewhere (a guard call → its loop).
 */
export function shiftMap(
  map: TraceMap,
  raw: { sources: string[]; names?: string[]; sourcesContent?: unknown },
  insertions: Insertion[],
  extra: ExtraSegment[] = [],
): string {
  const lines: SourceMapSegment[][] = decodedMappings(map).map((l) => l as SourceMapSegment[]);
  const byLine = new Map<number, Insertion[]>();
  for (const ins of insertions) byLine.set(ins.line, [...(byLine.get(ins.line) ?? []), ins]);
  for (const [line, list] of byLine) lines[line] = shiftLine(lines[line] ?? [], list);
  for (const { line, column, target } of extra) {
    lines[line] = withSegment(lines[line] ?? [], [column, ...target.slice(1)] as SourceMapSegment);
  }
  for (let i = 0; i < lines.length; i++) lines[i] ??= [];
  const names = raw.names ?? [];
  const mappings = encodedMappings(
    new TraceMap({ version: 3, sources: raw.sources, names, mappings: lines }),
  );
  return JSON.stringify({ ...raw, version: 3, names, mappings });
}

function shiftLine(old: SourceMapSegment[], list: Insertion[]): SourceMapSegment[] {
  const shiftAt = (column: number) =>
    list.reduce((sum, ins) => (ins.column <= column ? sum + ins.length : sum), 0);
  let out = old.map((seg) => {
    const shift = shiftAt(seg[0]);
    return shift ? ([seg[0] + shift, ...seg.slice(1)] as SourceMapSegment) : seg;
  });
  for (const ins of list) {
    // The original text after an insertion keeps the mapping that covered it.
    const cover = old.findLast((seg) => seg[0] <= ins.column);
    const resume = ins.column + shiftAt(ins.column);
    if (cover && cover.length > 1 && !out.some((seg) => seg[0] === resume)) {
      out = withSegment(out, [resume, ...cover.slice(1)] as SourceMapSegment);
    }
  }
  return out;
}

/** `segments` (sorted by column) with `seg` added, replacing one at the same column. */
function withSegment(segments: SourceMapSegment[], seg: SourceMapSegment): SourceMapSegment[] {
  const out = [...segments];
  const at = out.findIndex((s) => s[0] >= seg[0]);
  if (at === -1) out.push(seg);
  else if (out[at]![0] === seg[0]) out[at] = seg;
  else out.splice(at, 0, seg);
  return out;
}
