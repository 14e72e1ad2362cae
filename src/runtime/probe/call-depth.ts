/**
 * A hit's call depth: the frames of the program's own modules (their `playpen:///` URLs) on
 * the stack, from a stack captured with the runtime's own Error. Error.stackTraceLimit (10 by
 * default) is raised for that one capture and put back at once: nothing of the program's runs
 * in between. When the program has set Error.prepareStackTrace, formatting the stack would
 * run it: the depth is then 0 (unknown).
 */
import { MAX_PROBE_DEPTH, SOURCE_URL_PREFIX } from '../../protocol/index.ts';
import { indexOf, isData, lastIndexOf, mathMin, slice, startsWith } from '../intrinsics.ts';
import { descriptor, safeGet, stackHookSet } from '../safe-reflect.ts';

const ErrorCtor = Error as ErrorConstructor & { stackTraceLimit?: unknown };
/** Frames captured: the deepest depth reported, and the runtime's own frames above the probe. */
const FRAMES = MAX_PROBE_DEPTH + 8;

export function callDepth(): number {
  if (stackHookSet(ErrorCtor)) return 0;
  const limit = descriptor(ErrorCtor, 'stackTraceLimit');
  const old = limit && isData(limit) && limit.writable === true ? limit.value : FRAMES;
  const change = old !== FRAMES;
  let stack: unknown;
  try {
    if (change) ErrorCtor.stackTraceLimit = FRAMES;
    stack = safeGet(new ErrorCtor(''), 'stack');
  } finally {
    if (change) ErrorCtor.stackTraceLimit = old;
  }
  return typeof stack === 'string' ? mathMin(userFrames(stack), MAX_PROBE_DEPTH) : 0;
}

/**
 * Lines of a stack whose location is one of the program's modules: V8's `at f (url:1:2)`,
 * `at url:1:2`, `at async f (url:1:2)`, and Firefox's and Safari's `f@url:1:2`.
 */
export function userFrames(stack: string): number {
  let count = 0;
  let from = 0;
  while (from < stack.length) {
    let end = indexOf(stack, '\n', from);
    if (end < 0) end = stack.length;
    if (isUserFrame(slice(stack, from, end))) count++;
    from = end + 1;
  }
  return count;
}

function isUserFrame(raw: string): boolean {
  let start = 0;
  while (start < raw.length && (raw[start] === ' ' || raw[start] === '\t')) start++;
  let line = slice(raw, start);
  if (startsWith(line, 'at ')) {
    line = slice(line, 3);
    if (startsWith(line, 'async ')) line = slice(line, 6);
    if (line.length > 0 && line[line.length - 1] === ')') {
      line = slice(line, lastIndexOf(line, '(') + 1);
    }
  } else {
    const at = lastIndexOf(line, '@');
    if (at < 0) return false;
    line = slice(line, at + 1);
  }
  return startsWith(line, SOURCE_URL_PREFIX);
}
