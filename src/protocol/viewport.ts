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
}

/**
 * InputRecord type of the preview's viewport changing (the pane or window resized while the
 * run was live): `state.width`/`state.height` are the new innerWidth/innerHeight. A replay
 * sizes its frame to them at that tick, then dispatches `resize`, as the live run saw it.
 */
export const RESIZE_INPUT = 'resize';
/** Largest viewport side a frame is sized to (CSS px): what a runtime or a link asks beyond is refused. */
export const MAX_VIEWPORT_PX = 100_000;
