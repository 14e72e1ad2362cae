import type { GateFrame, MessageGate } from './message-gate';

/** What the user reads when a program posted to the app's window. */
export const POSTED_TO_APP =
  'The program posted a message to the app (parent.postMessage or top.postMessage): Playpen ignores messages from the preview.';

/** Messages a second from one run's windows past which the run is stopped. */
export const MAX_POSTS_PER_SECOND = 1000;

/** What the user reads when a run was stopped for posting too much (status detail, console). */
export const POST_FLOOD = `The program posted over ${MAX_POSTS_PER_SECOND.toLocaleString('en')} messages a second to the app (parent.postMessage or top.postMessage) and was stopped: each one costs the app's page some work, and Playpen ignores them.`;

/** What the run's host hears of the messages its preview posted to the app's window. */
export interface PostWatchEvents {
  /** The preview of `runId` posted (said once per run). */
  posted(runId: number): void;
  /** It posted more than MAX_POSTS_PER_SECOND in a second (said once per run): stop it. */
  flooded(runId: number): void;
}

/**
 * Follows the messages the gate stopped that came from the preview on screen or a window it
 * made. The gate makes each one cheap, but not free: a program posting 200,000 a second kept
 * the app's main thread busy delivering them until the tab stopped answering, so past a rate
 * no program needs (nothing in the app listens) the run is stopped. Returns a function that
 * stops watching.
 */
export function watchPosts(
  gate: MessageGate,
  shown: () => { runId: number; frame: { iframe: GateFrame } } | null,
  events: PostWatchEvents,
  now: () => number = () => performance.now(),
): () => void {
  let runId: number | null = null;
  let secondStart = -Infinity;
  let inSecond = 0;
  let flooded = false;
  return gate.onStopped((source) => {
    const run = shown();
    if (!run || !comesFrom(source, run.frame.iframe.contentWindow)) return;
    if (run.runId !== runId) {
      runId = run.runId;
      secondStart = -Infinity;
      flooded = false;
      events.posted(run.runId);
    }
    const t = now();
    if (t - secondStart >= 1000) {
      secondStart = t;
      inSecond = 0;
    }
    if (++inSecond > MAX_POSTS_PER_SECOND && !flooded) {
      flooded = true;
      events.flooded(run.runId);
    }
  });
}

/**
 * Whether a message's `source` is `win` or a window it made: a frame inside it, or a popup
 * it opened (`parent` and `opener` are readable across origins). A few steps at most: a
 * program's frames nest, but the app is never more than a few levels above them.
 */
export function comesFrom(source: unknown, win: unknown): boolean {
  let w = source as { parent?: unknown; opener?: unknown } | null;
  for (let step = 0; w && step < 8; step++) {
    if (w === win) return true;
    try {
      const up: unknown = w.parent !== w ? w.parent : w.opener;
      w = up as typeof w;
    } catch {
      return false;
    }
  }
  return false;
}
