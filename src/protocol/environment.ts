/**
 * The environment a run starts in besides its size (viewport.ts): the device pixel ratio and
 * the media features a program can read. A replay gives the program's JavaScript reads the
 * recorded values (runtime/clock/environment-reads.ts); CSS follows the real browser, so where
 * the two differ the user is told once (never silent).
 */

/** What a program can read of its device besides innerWidth/innerHeight. */
export interface RunEnvironment {
  /** window.devicePixelRatio (also the `resolution` media feature, in dppx). */
  dpr: number;
  /** prefers-color-scheme. */
  colorScheme: 'light' | 'dark';
  /** prefers-reduced-motion: reduce. */
  reducedMotion: boolean;
  /** The primary pointer's accuracy (the `pointer` media feature). */
  pointer: 'none' | 'coarse' | 'fine';
  /** Whether the primary pointer can hover (the `hover` media feature). */
  hover: boolean;
}

/** Largest device pixel ratio a link or a runtime may claim (browsers zoom to 5× at most). */
export const MAX_DPR = 16;

const FEATURES: [keyof RunEnvironment, string, (v: never) => string][] = [
  ['dpr', 'device pixel ratio', (v: number) => String(v)],
  ['colorScheme', 'prefers-color-scheme', (v: string) => v],
  ['reducedMotion', 'prefers-reduced-motion', (v: boolean) => (v ? 'reduce' : 'no-preference')],
  ['pointer', 'pointer', (v: string) => v],
  ['hover', 'hover', (v: boolean) => (v ? 'hover' : 'none')],
];

/** What differs, one phrase each ("prefers-color-scheme is light here, dark in the run"). */
export function environmentDifferences(recorded: RunEnvironment, here: RunEnvironment): string[] {
  const out: string[] = [];
  for (const [key, name, show] of FEATURES) {
    if (recorded[key] === here[key]) continue;
    const fmt = show as (v: unknown) => string;
    out.push(`${name} is ${fmt(here[key])} here, ${fmt(recorded[key])} in the run`);
  }
  return out;
}

/**
 * InputRecord type of the environment changing during a run (the system switched to dark
 * mode, the page was zoomed to another pixel ratio): `state` holds the new RunEnvironment. From
 * that tick on, live and in replays, the program's reads answer for it and its media query
 * lists whose answer changed get their `change` event.
 */
export const ENVIRONMENT_INPUT = 'environment';

/** The environment an ENVIRONMENT_INPUT's `state` carries, or null when it is not one. */
export function environmentOfInput(input: {
  type: string;
  state?: Record<string, unknown>;
}): RunEnvironment | null {
  const s = input.state;
  if (input.type !== ENVIRONMENT_INPUT || !s) return null;
  const ok =
    typeof s.dpr === 'number' &&
    s.dpr > 0 &&
    s.dpr <= MAX_DPR &&
    (s.colorScheme === 'light' || s.colorScheme === 'dark') &&
    typeof s.reducedMotion === 'boolean' &&
    (s.pointer === 'none' || s.pointer === 'coarse' || s.pointer === 'fine') &&
    typeof s.hover === 'boolean';
  if (!ok) return null;
  const { dpr, colorScheme, reducedMotion, pointer, hover } = s as unknown as RunEnvironment;
  return { dpr, colorScheme, reducedMotion, pointer, hover };
}
