import type { ProjectFile, WarmUpResult } from '../../src/protocol';
import { StaleBuild, type Bundler } from './program';

export interface WarmUpOptions {
  /** A bundler with empty caches: each round compiles every file, as a first build does. */
  makeBundler: () => Bundler;
  /** The project as the worker knows it (its mirror). */
  files: Readonly<Record<string, ProjectFile>>;
  entry: string;
  cdnBase: string;
  /** True once a real request has come: the round under way stops at its next step. */
  interrupted: () => boolean;
  /** Milliseconds on a monotonic clock (performance.now). */
  now: () => number;
  /** Lets the worker take its messages (a real request) between rounds. */
  yieldTask: () => Promise<void>;
  /** The warm-up gives up after this long, whether or not rounds still get faster. */
  budgetMs: number;
  /** Rounds in a row no faster than the best one before it stops (the code is warm). */
  calmRounds?: number;
}

/** A round this much faster than the best one so far counts as progress. */
const PROGRESS = 0.95;

/**
 * Builds the project from scratch, again and again, until the builds stop getting faster.
 *
 * Why: V8 first runs esbuild's wasm (and the bundler's JS) in baseline code and optimises the
 * hot functions only once they have run a while, on background threads. Until then every
 * build is slower and the optimising threads compete with the app for the cores: on two cores
 * the first edits after a load took about twice as long as later ones. Done while the user
 * reads the code after the load, the first edit finds the bundler warm.
 */
export async function warmUp(options: WarmUpOptions): Promise<WarmUpResult> {
  const { now, budgetMs, interrupted } = options;
  const calmRounds = options.calmRounds ?? 4;
  const start = now();
  let rounds = 0;
  let bestMs = Infinity;
  let calm = 0;
  const end = (ended: WarmUpResult['ended']): WarmUpResult => ({
    rounds,
    bestMs,
    ended,
    ms: now() - start,
  });
  for (;;) {
    if (interrupted()) return end('interrupted');
    if (calm >= calmRounds) return end('calm');
    if (now() - start >= budgetMs) return end('budget');
    const bundler = options.makeBundler();
    const roundStart = now();
    try {
      await bundler.build(
        { changes: options.files, reset: true, entry: options.entry, cdnBase: options.cdnBase },
        interrupted,
      );
    } catch (error) {
      if (error instanceof StaleBuild) return end('interrupted');
      throw error;
    }
    const ms = now() - roundStart;
    rounds++;
    if (ms < bestMs * PROGRESS) calm = 0;
    else calm++;
    bestMs = Math.min(bestMs, ms);
    await options.yieldTask();
  }
}
