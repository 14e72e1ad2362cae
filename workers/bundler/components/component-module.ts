import {
  TraceMap,
  decodedMappings,
  encodedMappings,
  originalPositionFor,
  type SourceMapInput,
  type SourceMapSegment,
} from '@jridgewell/trace-mapping';
import type { Diagnostic } from '../../../src/protocol';

/** One `<style>` of a component, compiled by its framework (scoped already when it said so). */
export interface ComponentStyle {
  /** The CSS. */
  css: string;
  /** `<style module>`: the name the class map is exposed as (`$style`); absent: a plain stylesheet. */
  module?: string;
  /** The file's line its content starts on (1-based), for the stylesheet's diagnostics. */
  line: number;
}

/** A component (or rune module) compiled by its framework, before esbuild and resolution. */
export type CompiledComponent =
  | {
      ok: true;
      /**
       * One ES module: its imports as written, plus `import "<STYLE_PREFIX>i"` (or a default
       * import, for a CSS module) for its i-th style.
       */
      code: string;
      /** Source map of `code` back to the component's file (one source). */
      map: SourceMapInput;
      /** How esbuild reads `code`: TypeScript when the component's script is. */
      lang: 'ts' | 'js';
      styles: ComponentStyle[];
      warnings: Diagnostic[];
      /** Other project files the compile read (types imported by `defineProps<…>()`). */
      reads: string[];
    }
  | {
      ok: false;
      errors: Diagnostic[];
      warnings: Diagnostic[];
      /** The compiler could not be loaded: not the file's fault, so never cached. */
      retry?: boolean;
    };

/** The specifier of a component's i-th style in its module's code. */
export const STYLE_PREFIX = 'playpen-style:';
export const styleSpecifier = (i: number) => `${STYLE_PREFIX}${i}`;

/** 1-based line and column of a 0-based offset in `text`. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** One piece of generated code and its map (absent: its lines map to nothing). */
export interface MappedPiece {
  code: string;
  map?: SourceMapInput | null;
}

/**
 * Pieces of generated code joined by line breaks, with one source map: each piece's own map
 * shifted down by the lines before it. Every piece's map is of the same one file (`source`).
 * Names are dropped: stacks and the loop guard need lines and columns only.
 */
export function joinPieces(
  pieces: MappedPiece[],
  source: string,
  sourceContent: string,
): { code: string; map: SourceMapInput } {
  const lines: SourceMapSegment[][] = [];
  for (const piece of pieces) {
    const count = piece.code.split('\n').length;
    const decoded = piece.map ? decodedMappings(new TraceMap(piece.map)) : [];
    for (let i = 0; i < count; i++)
      lines.push(
        (decoded[i] ?? [])
          .filter((s) => s.length >= 4)
          .map((s) => [s[0], 0, s[2]!, s[3]!] as SourceMapSegment),
      );
  }
  const joined = new TraceMap({
    version: 3,
    sources: [source],
    sourcesContent: [sourceContent],
    names: [],
    mappings: lines,
  });
  return {
    code: pieces.map((p) => p.code).join('\n'),
    map: {
      version: 3,
      sources: [source],
      sourcesContent: [sourceContent],
      names: [],
      mappings: encodedMappings(joined),
    },
  };
}

/**
 * A diagnostic esbuild reported in generated code, moved to the component's own line and
 * column through the compile's map (left as it is when the map has no place for it).
 */
export function mapDiagnostic(d: Diagnostic, path: string, map: TraceMap): Diagnostic {
  if (d.file !== path || d.line === undefined) return d;
  const found = originalPositionFor(map, {
    line: d.line,
    column: Math.max(0, (d.column ?? 1) - 1),
  });
  if (found.line === null) return d;
  return { ...d, line: found.line, column: found.column + 1 };
}
