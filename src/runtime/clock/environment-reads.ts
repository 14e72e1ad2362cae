/**
 * The run's environment for the program's JavaScript (protocol/environment.ts): read at tick 0
 * of a live run, then changed only by environment ticks (a live change becomes one); in a
 * replay `devicePixelRatio` and `matchMedia(...).matches` answer from the recorded values,
 * whatever the frame's own. CSS cannot be told: where they differ the host says so.
 */
import {
  ENVIRONMENT_INPUT,
  environmentDifferences,
  type InputRecord,
  type RunEnvironment,
  type TickRecord,
} from '../../protocol/index.ts';
import { installMediaLists } from './media-lists.ts';
import { resizeInput, type ViewportTracker } from './viewport.ts';

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

/** A tick's environment fields (TickRecord): what the program was given, and the frame's own when it differs. */
export type EnvironmentFields = Pick<TickRecord, 'environment' | 'environmentHere'>;

/** The run's environment as the program sees it; it changes only at ticks (ENVIRONMENT_INPUT). */
export interface GivenEnvironment {
  /** Tick 0's fields: the frame's own in a live run, the recorded one in a replay. */
  readonly start: EnvironmentFields;
  /**
   * Live: the browser's environment when it is not the one the program was given (it becomes
   * an environment tick before the next tick runs), else null.
   */
  liveChange(): RunEnvironment | null;
  /** An environment tick: the program is given `env` from now on; returns the tick's fields. */
  give(env: RunEnvironment): EnvironmentFields;
  /** A resize tick: media query lists whose answer the new size changed hear of it. */
  resized(): void;
}

/** The input a live run records when the browser's environment became `env`. */
export function environmentInput(env: RunEnvironment): Omit<InputRecord, 'tick' | 'now'> {
  const state = { ...env };
  return { type: ENVIRONMENT_INPUT, ctor: 'Event', target: 'window', path: [], init: {}, state };
}

/**
 * Live, before a tick: what changed since the last tick, as the input tick that runs first (a
 * new size before a new environment: a zoom changes both); null when nothing did.
 */
export function liveChangeInput(
  viewport: Pick<ViewportTracker, 'liveChange'>,
  env: Pick<GivenEnvironment, 'liveChange'>,
): Omit<InputRecord, 'tick' | 'now'> | null {
  const size = viewport.liveChange();
  if (size) return resizeInput(size);
  const changed = env.liveChange();
  return changed && environmentInput(changed);
}

/** The queries readEnvironment asks, kept as lists: their `matches` follows the browser. */
const ASKED = [
  '(prefers-color-scheme: dark)',
  '(prefers-reduced-motion: reduce)',
  '(pointer: fine)',
  '(pointer: coarse)',
  '(hover: hover)',
];

/**
 * Gives the program the run's environment (`recorded` in a replay, else the frame's own): its
 * `devicePixelRatio` and every MediaQueryList's `matches` answer for it, whatever the browser
 * does meanwhile, until an environment tick gives it another (media-lists.ts tells the lists).
 */
export function createEnvironment(
  win: Window & typeof globalThis,
  recorded: RunEnvironment | undefined,
): GivenEnvironment {
  const realMatch = win.matchMedia.bind(win);
  const kept = new Map(ASKED.map((q) => [q, realMatch(q)]));
  const dpr = Object.getOwnPropertyDescriptor(win, 'devicePixelRatio');
  const realDpr = () => Number(dpr?.get ? dpr.get.call(win) : (dpr?.value ?? 1));
  const here = () => readEnvironment(realDpr(), (q) => (kept.get(q) ?? realMatch(q)).matches);
  let given = recorded ?? here();
  Object.defineProperty(win, 'devicePixelRatio', { configurable: true, get: () => given.dpr });
  const real: RealQuery = (q) => realMatch(q).matches;
  const lists = installMediaLists(win, (q) => matchesFor(q, given, real));
  const fields = (): EnvironmentFields => {
    const now = here();
    return environmentDifferences(given, now).length === 0
      ? { environment: given }
      : { environment: given, environmentHere: now };
  };
  return {
    start: fields(),
    liveChange() {
      const now = here();
      return environmentDifferences(given, now).length === 0 ? null : now;
    },
    give(env) {
      given = env;
      lists.refresh();
      return fields();
    },
    resized: () => lists.refresh(),
  };
}
