/** Timers and time for the removals (the browser's by default; fakes in tests). */
export interface RetiredFramesDeps {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Runs `callback` after `ms`; returns a handle for `clearTimer`. */
  setTimer(callback: () => void, ms: number): unknown;
  /** Cancels a callback from `setTimer`. */
  clearTimer(handle: unknown): void;
  /** The longest a retired frame stays. */
  maxMs: number;
}

export interface RetiredFrames {
  /** `iframe` (already hidden and paused) goes later: when ready, not before `keepMs`. */
  retire(iframe: HTMLIFrameElement, keepMs: number): void;
  /** Removes those that may go now (the new run has evaluated). */
  dropReady(): void;
  /** Removes them all (a stop; the pane going away). */
  dropAll(): void;
}

const browserDeps = (maxMs: number): RetiredFramesDeps => ({
  now: () => performance.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  maxMs,
});

/**
 * Replaced previews, out of sight, until the new one is up. Removing an iframe tears its
 * document down: a few milliseconds of the app's thread and ~5-8 ms of its renderer, which
 * the new frame often shares; done at the replacement, that came while the new program
 * started. Each goes when the new run has evaluated, or after `maxMs` whatever happens.
 */
export function createRetiredFrames(deps: RetiredFramesDeps | number): RetiredFrames {
  const d = typeof deps === 'number' ? browserDeps(deps) : deps;
  const waiting = new Map<HTMLIFrameElement, { timer: unknown; keepUntil: number }>();
  const drop = (iframe: HTMLIFrameElement) => {
    const entry = waiting.get(iframe);
    if (entry) d.clearTimer(entry.timer);
    waiting.delete(iframe);
    iframe.remove();
  };
  return {
    retire(iframe, keepMs) {
      const timer = d.setTimer(() => drop(iframe), Math.max(keepMs, d.maxMs));
      waiting.set(iframe, { timer, keepUntil: d.now() + keepMs });
    },
    dropReady() {
      for (const [iframe, { keepUntil }] of [...waiting]) if (d.now() >= keepUntil) drop(iframe);
    },
    dropAll() {
      for (const iframe of [...waiting.keys()]) drop(iframe);
    },
  };
}
