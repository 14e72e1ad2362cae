/**
 * The run's environment for the program's JavaScript (protocol/environment.ts): read at tick 0
 * of a live run; in a replay, `devicePixelRatio` and `matchMedia(...).matches` answer from the
 * recorded values where they differ from the frame's own. CSS cannot be told: the host says so.
 */
import { environmentDifferences, type RunEnvironment } from '../../protocol/index.ts';

/** Evaluates one media query against the real browser. */
export type RealQuery = (query: string) => boolean;

/** The environment as the browser gives it now. */
export function readEnvironment(dpr: number, real: RealQuery): RunEnvironment {
  return {
    dpr,
    colorScheme: real('(prefers-color-scheme: dark)') ? 'dark' : 'light',
    reducedMotion: real('(prefers-reduced-motion: reduce)'),
    pointer: real('(pointer: fine)') ? 'fine' : real('(pointer: coarse)') ? 'coarse' : 'none',
    hover: real('(hover: hover)'),
  };
}

/** A dppx value of a `resolution` feature (`2dppx`, `2x`, `192dpi`, `75.6dpcm`), or NaN. */
function dppx(value: string): number {
  const m = /^([\d.]+)(dppx|x|dpi|dpcm)$/.exec(value);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'dpi' ? n / 96 : m[2] === 'dpcm' ? (n * 2.54) / 96 : n;
}

/** One `(feature[: value])` of the recorded environment: its answer, or null (not ours). */
function feature(term: string, env: RunEnvironment): boolean | null {
  const m = /^\(\s*([a-z-]+)\s*(?::\s*([^)]+?))?\s*\)$/.exec(term);
  if (!m) return null;
  const [, name, value] = m as unknown as [string, string, string | undefined];
  switch (name) {
    case 'prefers-color-scheme':
      return value === undefined ? true : value === env.colorScheme;
    case 'prefers-reduced-motion':
      return value === undefined ? env.reducedMotion : (value === 'reduce') === env.reducedMotion;
    case 'pointer':
    case 'any-pointer':
      return value === undefined ? env.pointer !== 'none' : value === env.pointer;
    case 'hover':
    case 'any-hover':
      return value === undefined ? env.hover : (value === 'hover') === env.hover;
  }
  const ratio = name.replace(/^-webkit-/, '').replace('device-pixel-ratio', 'resolution');
  const res = /^(min-|max-)?resolution$/.exec(ratio);
  if (!res || value === undefined) return null;
  const want = name.includes('device-pixel-ratio') ? Number(value) : dppx(value);
  if (Number.isNaN(want)) return null;
  return res[1] === 'min-'
    ? env.dpr >= want
    : res[1] === 'max-'
      ? env.dpr <= want
      : env.dpr === want;
}

/**
 * `query` answered for `env`: the recorded features from it, anything else (sizes, media
 * types) from the real browser, which a replay frame sized to the run answers as the run did.
 * Level-4 syntax this does not split (`or`, nested `not`) goes to the real browser whole.
 */
export function matchesFor(query: string, env: RunEnvironment, real: RealQuery): boolean {
  return query
    .toLowerCase()
    .split(',')
    .some((part) => {
      let rest = part.trim();
      const negated = /^not\s/.test(rest);
      if (negated) rest = rest.slice(4).trim();
      if (/\bor\b|\(\s*not\b|\(\s*\(/.test(rest)) return real(part);
      const terms = rest.split(/\s+and\s+/);
      const all = terms.every((term) => feature(term.trim(), env) ?? real(term.trim()));
      return negated ? !all : all;
    });
}

/**
 * Gives the program `env` instead of the frame's own (a replay whose browser differs): its
 * `devicePixelRatio`, and each MediaQueryList's `matches`.
 */
export function giveEnvironment(win: Window & typeof globalThis, env: RunEnvironment): void {
  const realMatch = win.matchMedia.bind(win);
  const real: RealQuery = (q) => realMatch(q).matches;
  Object.defineProperty(win, 'devicePixelRatio', { configurable: true, get: () => env.dpr });
  win.matchMedia = function matchMedia(query: string) {
    const list = realMatch(query);
    const matches = matchesFor(String(query), env, real);
    Object.defineProperty(list, 'matches', { configurable: true, get: () => matches });
    return list;
  };
}

/**
 * Tick 0's environment fields (TickRecord): the frame's own in a live run; in a replay the
 * recorded one, given to the program when the frame's own differs (then reported as well).
 */
export function startEnvironment(
  win: Window & typeof globalThis,
  recorded: RunEnvironment | undefined,
): { environment: RunEnvironment; environmentHere?: RunEnvironment } {
  const realMatch = win.matchMedia.bind(win);
  const here = readEnvironment(win.devicePixelRatio, (q) => realMatch(q).matches);
  if (!recorded || environmentDifferences(recorded, here).length === 0)
    return { environment: here };
  giveEnvironment(win, recorded);
  return { environment: recorded, environmentHere: here };
}
