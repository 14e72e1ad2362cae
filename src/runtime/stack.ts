import type { RawFrame } from '../protocol/index.ts';

/** sourceURL of the runtime's own code in the iframe; its frames are noise in user stacks. */
export const RUNTIME_SOURCE_URL = 'playpen-runtime:///runtime.js';
/** sourceURL of a prebuilt vendor bundle (`react-vendor`, `vue-vendor`, `svelte-vendor`). */
export const vendorSourceUrl = (name: string) => `playpen-runtime:///${name}.js`;

const LOCATION = /^(.*):(\d+):(\d+)$/;
// Firefox and Safari: `fn@url:line:col` (fn may be empty).
const GECKO = /^([^@]*)@(.*):(\d+):(\d+)$/;

/**
 * Parses an `error.stack` string (V8, or Firefox/Safari style) into frames. Lines without a
 * line and column (native frames such as `Array.map (<anonymous>)`) are dropped.
 */
export function parseStack(stack: string): RawFrame[] {
  const frames: RawFrame[] = [];
  for (const line of stack.split('\n')) {
    const frame = parseLine(line.trim());
    if (frame) frames.push(frame);
  }
  return frames;
}

/** Frames the user can act on: the runtime's own frames are dropped. */
export function userFrames(frames: RawFrame[]): RawFrame[] {
  return frames.filter((f) => f.url !== RUNTIME_SOURCE_URL);
}

function parseLine(line: string): RawFrame | undefined {
  if (line.startsWith('at ')) return parseV8(line.slice(3));
  const m = GECKO.exec(line);
  if (!m) return undefined;
  return frame(m[1], m[2]!, m[3]!, m[4]!);
}

function parseV8(body: string): RawFrame | undefined {
  let rest = body.startsWith('async ') ? body.slice(6) : body;
  let fn: string | undefined;
  if (rest.endsWith(')')) {
    const open = matchingOpen(rest);
    if (open > 0) {
      fn = rest.slice(0, open).trim();
      rest = rest.slice(open + 1, -1);
    }
  }
  // Code eval'd without a sourceURL: "eval at outer (url:1:2), <anonymous>:3:4".
  if (rest.startsWith('eval at ')) rest = rest.slice(rest.lastIndexOf(', ') + 2);
  const m = LOCATION.exec(rest);
  if (!m) return undefined;
  return frame(fn, m[1]!, m[2]!, m[3]!);
}

/** Index of the `(` that matches the final `)`, or -1. */
function matchingOpen(s: string): number {
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    if (s[i] === ')') depth++;
    else if (s[i] === '(' && --depth === 0) return i;
  }
  return -1;
}

function frame(fn: string | undefined, url: string, line: string, column: string): RawFrame {
  const f: RawFrame = { url, line: Number(line), column: Number(column) };
  if (fn) f.fn = fn;
  return f;
}
