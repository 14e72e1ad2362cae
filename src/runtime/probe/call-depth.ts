/**
 * A hit's call depth: the frames of the program's own modules (their `playpen:///` URLs) on
 * the stack, from a stack captured with the runtime's own Error. Error.stackTraceLimit (10 by
 * default) is raised for that one capture and put back at once: nothing of the program's runs
 * in between. When the program has set Error.prepareStackTrace, formatting the stack would
 * run it: the depth is then 0 (unknown).
 *
 * In V8 the frames are counted from its structured stack (call sites, through a
 * prepareStackTrace of the runtime's own, set for the capture and removed after): formatting
 * every frame as text was most of a logpoint hit's cost (about 60 µs of a hit's 65 in a
 * preview). The call sites' methods (read-only in V8) are taken when the runtime loads;
 * elsewhere (or when V8's API is not there) the text is read.
 */
import { MAX_PROBE_DEPTH, SOURCE_URL_PREFIX } from '../../protocol/index.ts';
import {
  apply,
  defineProperty,
  getProto,
  indexOf,
  isArray,
  isData,
  lastIndexOf,
  mathMin,
  slice,
  startsWith,
} from '../intrinsics.ts';
import { descriptor, safeGet, stackHookSet } from '../safe-reflect.ts';

type ErrorWithHooks = ErrorConstructor & {
  stackTraceLimit?: unknown;
  prepareStackTrace?: unknown;
};
const deleteProperty = Reflect.deleteProperty;
/** Frames captured: the deepest depth reported, and the runtime's own frames above the probe. */
const FRAMES = MAX_PROBE_DEPTH + 8;

/** A V8 call site's methods the count reads (CallSite.prototype's, as the runtime loaded). */
interface SiteMethods {
  source: (this: object) => unknown;
  isEval: (this: object) => unknown;
  evalOrigin: (this: object) => unknown;
}

/** The call depth reader of this realm's Error, with V8's call site methods as they are now. */
export function createCallDepth(ErrorCtor: ErrorWithHooks = Error): () => number {
  const methods = siteMethods(ErrorCtor);
  const count = methods ? (_: unknown, sites: unknown) => countSites(methods, sites) : null;
  const counting = count ? { value: count, configurable: true, writable: true } : null;
  return () => {
    if (stackHookSet(ErrorCtor)) return 0;
    const limit = descriptor(ErrorCtor, 'stackTraceLimit');
    const old = limit && isData(limit) && limit.writable === true ? limit.value : FRAMES;
    const change = old !== FRAMES;
    const hook = counting ? descriptor(ErrorCtor, 'prepareStackTrace') : undefined;
    let stack: unknown;
    try {
      if (change) ErrorCtor.stackTraceLimit = FRAMES;
      if (counting) defineProperty(ErrorCtor, 'prepareStackTrace', counting);
      stack = safeGet(new ErrorCtor(''), 'stack');
    } finally {
      if (counting) restoreHook(ErrorCtor, hook);
      if (change) ErrorCtor.stackTraceLimit = old;
    }
    if (typeof stack === 'number') return mathMin(stack, MAX_PROBE_DEPTH);
    return typeof stack === 'string' ? mathMin(userFrames(stack), MAX_PROBE_DEPTH) : 0;
  };
}

export const callDepth = createCallDepth();

/** Puts Error.prepareStackTrace back as it was (absent, or set to undefined). */
function restoreHook(ErrorCtor: ErrorWithHooks, was: PropertyDescriptor | undefined) {
  if (was) defineProperty(ErrorCtor, 'prepareStackTrace', was);
  else deleteProperty(ErrorCtor, 'prepareStackTrace');
}

/** V8's call site methods, from one capture now; null outside V8 or with a hook set. */
function siteMethods(ErrorCtor: ErrorWithHooks): SiteMethods | null {
  if (stackHookSet(ErrorCtor)) return null;
  const was = descriptor(ErrorCtor, 'prepareStackTrace');
  let found: SiteMethods | null = null;
  try {
    defineProperty(ErrorCtor, 'prepareStackTrace', {
      configurable: true,
      writable: true,
      value: (_: unknown, sites: unknown) => {
        const first = isArray(sites) ? (sites[0] as object | undefined) : undefined;
        const proto = first ? (getProto(first) as Record<string, unknown>) : null;
        const source = proto?.getScriptNameOrSourceURL;
        const isEval = proto?.isEval;
        const evalOrigin = proto?.getEvalOrigin;
        if (
          typeof source === 'function' &&
          typeof isEval === 'function' &&
          typeof evalOrigin === 'function'
        )
          found = { source, isEval, evalOrigin } as SiteMethods;
        return '';
      },
    });
    safeGet(new ErrorCtor(''), 'stack');
  } catch {
    found = null;
  } finally {
    try {
      restoreHook(ErrorCtor, was);
    } catch {
      found = null;
    }
  }
  return found;
}

/** The program's frames among V8's call sites (as userFrames counts them in the text). */
function countSites(methods: SiteMethods, sites: unknown): number {
  if (!isArray(sites)) return 0;
  let count = 0;
  for (let i = 0; i < sites.length; i++) {
    const site = sites[i] as object;
    let url = apply(methods.source, site, []);
    // Code a module eval'd without a sourceURL of its own: its text reads "eval at f (url)".
    if ((typeof url !== 'string' || url === '') && apply(methods.isEval, site, []) === true) {
      const origin = apply(methods.evalOrigin, site, []);
      url = typeof origin === 'string' ? slice(origin, lastIndexOf(origin, '(') + 1) : '';
    }
    if (typeof url === 'string' && startsWith(url, SOURCE_URL_PREFIX)) count++;
  }
  return count;
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
