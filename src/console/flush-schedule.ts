/** What the leading-edge schedule needs from the page; injected so tests control time. */
export interface FlushScheduleDeps {
  /** Milliseconds on a monotonic clock (performance.now). */
  now(): number;
  /** The next animation frame (requestAnimationFrame). */
  frame(callback: () => void): void;
  /** After the current task's synchronous work (queueMicrotask). */
  microtask(callback: () => void): void;
}

/** A flush within this long of the last one waits for the next frame: a burst renders per frame. */
const FRAME_MS = 16;

/** Whether a leading flush may run in the caller's task (a whole message is one burst). */
export type FlushTiming = 'end-of-task' | 'now';

/**
 * When to apply a console burst: the first change after a quiet spell at the end of its task
 * (a new run's first line shows in the frame it arrived in, not the one after), later ones
 * once per animation frame (a flood costs one render per frame). With 'now', a leading flush
 * runs at once: the caller's other store updates of the task then render with it, in one
 * commit (React renders a task's updates in a microtask queued by the first of them).
 */
export function createLeadingFrameSchedule(deps: FlushScheduleDeps) {
  let last = -Infinity;
  return (flush: () => void, timing: FlushTiming = 'end-of-task'): void => {
    const run = () => {
      last = deps.now();
      flush();
    };
    if (deps.now() - last < FRAME_MS) deps.frame(run);
    else if (timing === 'now') run();
    else deps.microtask(run);
  };
}

/** The page's clock and frames; a 16 ms timer where there are no frames (tests, workers). */
export const pageFlushDeps = (): FlushScheduleDeps => ({
  now: () => performance.now(),
  frame: (callback) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => callback())
      : setTimeout(callback, FRAME_MS),
  microtask: (callback) => queueMicrotask(callback),
});
