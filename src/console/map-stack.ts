import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { SOURCE_URL_PREFIX, type Program, type ProgramModule, type RawFrame } from '../protocol';

/** A stack frame ready for display; line and column are 1-based. */
export interface MappedFrame {
  fn?: string;
  /** Project path when mapped; otherwise the frame's own URL. */
  file: string;
  line: number;
  column: number;
  /** False for vendor, CDN and runtime frames (and user frames the map does not cover): show dimmed. */
  mapped: boolean;
}

type JsModule = Extract<ProgramModule, { kind: 'js' }>;
interface Indexed {
  id: string;
  module: JsModule;
}

const urlIndexes = new WeakMap<Program, Map<string, Indexed>>();
const traceMaps = new WeakMap<JsModule, TraceMap | null>();

function urlIndex(program: Program): Map<string, Indexed> {
  let index = urlIndexes.get(program);
  if (!index) {
    index = new Map();
    for (const [id, module] of Object.entries(program.modules)) {
      if (module.kind === 'js') index.set(module.url, { id, module });
    }
    urlIndexes.set(program, index);
  }
  return index;
}

function traceMapOf(module: JsModule): TraceMap | null {
  let map = traceMaps.get(module);
  if (map === undefined) {
    try {
      map = new TraceMap(module.map);
    } catch {
      map = null; // A broken map must not break the console; such frames stay unmapped.
    }
    traceMaps.set(module, map);
  }
  return map;
}

/** Turn a map's `sources` entry into a project path (esbuild writes paths relative to its cwd). */
function sourcePath(source: string, moduleId: string, map: TraceMap): string {
  // One source per module is the normal case: the module id is the exact project path.
  if (map.sources.length === 1) return moduleId;
  let path = source;
  if (path.startsWith(SOURCE_URL_PREFIX)) path = path.slice(SOURCE_URL_PREFIX.length);
  path = path.replace(/^[a-z-]+:/i, '').replace(/^(\.\/|\/)+/, '');
  return path || moduleId;
}

function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

function unmapped(frame: RawFrame): MappedFrame {
  return {
    ...(frame.fn ? { fn: frame.fn } : {}),
    file: frame.url,
    line: frame.line,
    column: frame.column,
    mapped: false,
  };
}

/**
 * Map frames from the preview (1-based line and column, as V8 prints them) back to project
 * files through each module's source map. trace-mapping wants 1-based lines and 0-based
 * columns, and answers the same way; this converts both ways.
 */
export function mapFrames(frames: readonly RawFrame[], program: Program | null): MappedFrame[] {
  const index = program ? urlIndex(program) : null;
  return frames.map((frame) => {
    const hit = index?.get(frame.url) ?? index?.get(stripQuery(frame.url));
    if (!hit) return unmapped(frame);
    const map = traceMapOf(hit.module);
    if (!map) return unmapped(frame);
    const pos = originalPositionFor(map, {
      line: frame.line,
      column: Math.max(0, frame.column - 1),
    });
    if (pos.source === null || pos.line === null || pos.column === null) {
      return { ...unmapped(frame), file: hit.id };
    }
    // Not pos.name: that is the identifier at the position (often the callee), not the caller.
    return {
      ...(frame.fn ? { fn: frame.fn } : {}),
      file: sourcePath(pos.source, hit.id, map),
      line: pos.line,
      column: pos.column + 1,
      mapped: true,
    };
  });
}

/** `src/main.tsx:3:7`, the label of a frame link. */
export function frameLocation(frame: Pick<MappedFrame, 'file' | 'line' | 'column'>): string {
  return `${frame.file}:${frame.line}:${frame.column}`;
}
