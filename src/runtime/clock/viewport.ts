/**
 * The viewport as a recorded input (RESIZE_INPUT, docs/architecture.md "The run loop"). A live
 * run that finds its size changed makes the change a tick of its own (a synthetic `resize`
 * with the new size); a replay asks the host for the recorded size and waits until its frame
 * has it before that tick, so a program drawn from innerWidth/innerHeight replays exactly.
 */
import { RESIZE_INPUT, type InputRecord, type Viewport } from '../../protocol/index.ts';

/** What the tracker reads of the window. */
export type ViewportWindow = Pick<Window, 'innerWidth' | 'innerHeight'>;

export const viewportOf = (w: ViewportWindow): Viewport => ({
  width: w.innerWidth,
  height: w.innerHeight,
});

export const sameViewport = (a: Viewport, b: Viewport) =>
  a.width === b.width && a.height === b.height;

/** The size a recorded resize asks for; null for any other input (or a malformed resize). */
export function resizeTarget(
  input: Pick<InputRecord, 'type' | 'target' | 'state'>,
): Viewport | null {
  if (input.type !== RESIZE_INPUT || input.target !== 'window') return null;
  const width = input.state?.width;
  const height = input.state?.height;
  if (typeof width !== 'number' || typeof height !== 'number') return null;
  return { width, height };
}

/** The input a live run records when its viewport became `size`. */
export function resizeInput(size: Viewport): Omit<InputRecord, 'tick' | 'now'> {
  return {
    type: RESIZE_INPUT,
    ctor: 'UIEvent',
    target: 'window',
    path: [],
    init: {},
    state: { width: size.width, height: size.height },
  };
}

/**
 * How long a replay waits for its frame to take a size (real ms). Past it the replay goes on:
 * its fingerprint then shows the other viewport and the host reports the divergence.
 */
export const VIEWPORT_WAIT_MS = 3000;

export interface ViewportDeps {
  win: ViewportWindow;
  /** Asks the host to size the frame (null: fill the preview pane again). */
  request(size: Viewport | null): void;
  /** A new real task (the tick loop's hop): the frame's new size arrives between tasks. */
  hop(fn: () => void): void;
  /** Real time in ms. */
  realNow(): number;
}

/** Calls `then` once `win` has `size`, or after VIEWPORT_WAIT_MS. */
export function waitForViewport(deps: ViewportDeps, size: Viewport, then: () => void): void {
  const start = deps.realNow();
  const check = () => {
    if (sameViewport(viewportOf(deps.win), size) || deps.realNow() - start > VIEWPORT_WAIT_MS)
      then();
    else deps.hop(check);
  };
  check();
}

export interface ViewportTracker {
  /** Tick 0 runs now, at `size` (a replay's recorded one) or at the frame's own. */
  start(size?: Viewport): void;
  /**
   * Before replaying `input`: false when there is nothing to wait for (not a resize, or the
   * frame has its size); true when `then` runs once the frame has the recorded size.
   */
  resizeTo(input: InputRecord, then: () => void): boolean;
  /** Live: the viewport the run has not seen yet (it becomes a resize tick), or null. */
  liveChange(): Viewport | null;
  /** The run goes live: a frame sized for a replay fills the preview pane again. */
  goLive(): void;
  /**
   * The viewport the program has been given (its fingerprint's): a live frame resized after a
   * tick ran still shows that tick's size, and the change is the next tick's (a resize).
   */
  seen(): Viewport;
}

export function createViewportTracker(deps: ViewportDeps): ViewportTracker {
  let known = viewportOf(deps.win);
  /** The host was asked for a fixed size (a replay's): live again, the frame fills the pane. */
  let fixed = false;
  let waiting: { input: InputRecord; then: (() => void)[] } | null = null;
  let reached: InputRecord | null = null;
  return {
    start(size) {
      // The frame's own: a replay waited for `size` (a wait that gave up shows as divergence).
      known = viewportOf(deps.win);
      fixed = size !== undefined;
    },
    resizeTo(input, then) {
      const size = resizeTarget(input);
      if (!size) return false;
      if (reached === input) return false;
      if (sameViewport(viewportOf(deps.win), size)) {
        known = size;
        return false;
      }
      if (waiting?.input === input) {
        waiting.then.push(then);
        return true;
      }
      const entry = { input, then: [then] };
      waiting = entry;
      fixed = true;
      deps.request(size);
      waitForViewport(deps, size, () => {
        if (waiting === entry) waiting = null;
        reached = input;
        known = viewportOf(deps.win);
        for (const fn of entry.then) fn();
      });
      return true;
    },
    liveChange() {
      const now = viewportOf(deps.win);
      if (sameViewport(now, known)) return null;
      known = now;
      return now;
    },
    seen: () => known,
    goLive() {
      if (!fixed) return;
      fixed = false;
      deps.request(null);
    },
  };
}

/**
 * The viewport a tick's fingerprint names. Live, the one the program was given: a frame
 * resized after the tick ran still shows that tick's size, the change is the next tick's (a
 * resize). Replaying, the frame's own, which every tick of a replay must have as recorded: a
 * frame at another size (a resize that came late or never) is then reported, not silent.
 */
export function fingerprintViewport(
  tracker: Pick<ViewportTracker, 'seen'>,
  win: ViewportWindow,
  replaying: boolean,
): Viewport {
  return replaying ? viewportOf(win) : tracker.seen();
}
