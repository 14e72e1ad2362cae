/** A preview's viewport in the protocol: a replay's starting size, and resizes as inputs. */
import type { RunEnvironment } from './environment';
import type { InputRecord } from './index';

/** A preview's size in CSS pixels, as the program reads it (innerWidth, innerHeight). */
export interface Viewport {
  /** innerWidth. */
  width: number;
  /** innerHeight. */
  height: number;
}

/** A replay of a run: where it stops and what it replays on the way. */
export interface ReplayTarget {
  /** Run to this tick, then pause. */
  tick: number;
  /** The recorded inputs up to it (resizes among them: RESIZE_INPUT). */
  inputs: InputRecord[];
  /**
   * The viewport the run had at tick 0: the host sizes the frame to it and the runtime waits
   * for that size before evaluating, so a pane resized since does not change the replay.
   */
  viewport?: Viewport;
  /**
   * The device pixel ratio and media features tick 0 ran with: the program's JavaScript reads
   * get them where the frame's own differ (CSS cannot; the host is told, see TickRecord).
   */
  environment?: RunEnvironment;
  /**
   * A hot swap (docs/architecture.md, "Edit the past"): a new program is given an old run's
   * inputs by virtual time and lands at the old run's moment. Then `tick` is where the old run
   * was and `inputs` is unused.
   */
  swap?: SwapTarget;
}

/** What a hot swap replays: the old run's inputs by virtual time, up to its moment. */
export interface SwapTarget {
  /** Virtual time to land at (ms since epoch): the moment the old run was paused at. */
  until: number;
  /** Ticks the old run had run at exactly `until` (it may rest between two ticks of one moment). */
  untilCount: number;
  /**
   * The old run's inputs up to its moment, in its order, each with the number of its ticks that
   * ran at the input's virtual time before it.
   */
  inputs: SwapInput[];
  /**
   * Fetch responses the old run got after its moment: not delivered by the swap, they answer
   * the new code's calls by request once the run goes on.
   */
  later: InputRecord[];
  /** Virtual times of the old run's uncaught errors up to `until`: the new code throwing more stops the swap. */
  errorsAt: number[];
}

/** An old run's input as a hot swap delivers it. */
export interface SwapInput {
  input: InputRecord;
  /** Ticks of the old run at `input.now` before it: at that moment the new run runs as many first. */
  lead: number;
}

/**
 * InputRecord type of the preview's viewport changing (the pane or window resized while the
 * run was live): `state.width`/`state.height` are the new innerWidth/innerHeight. A replay
 * sizes its frame to them at that tick, then dispatches `resize`, as the live run saw it.
 */
export const RESIZE_INPUT = 'resize';
/** Largest viewport side a frame is sized to (CSS px): what a runtime or a link asks beyond is refused. */
export const MAX_VIEWPORT_PX = 100_000;
