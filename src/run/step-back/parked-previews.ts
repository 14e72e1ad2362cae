/**
 * Step-back checkpoints as hidden previews: parked frames (parked-frames.ts) started, shown
 * and fed by the preview host. The refill (checkpoint-refill.ts) talks to this, never to
 * frames, so it is tested with a fake.
 */
import type { PreviewHost } from '../../preview/preview-host';
import type { InputRecord, Program } from '../../protocol';
import type { RunInfo } from '../controller';
import { createParkedFrames } from './parked-frames';
import { promotedMessages } from './promoted-messages';

export interface ParkedPreviews {
  /**
   * Starts a hidden preview of `run` (a replay) and keeps it parked (a checkpoint), so a
   * later step back swaps it in instead of replaying from scratch. Several may be parked.
   */
  park(program: Program, run: RunInfo): void;
  /** The tick the parked preview of `run` reported last: 0 while silent, -1 not started yet. */
  reached(run: RunInfo): number;
  /**
   * Moves the parked preview of `run` on to `tick` (it can only go forward): sent once it
   * rests, since the runtime takes one target at a time.
   */
  advance(run: RunInfo, tick: number, inputs: InputRecord[]): void;
  /**
   * Shows the parked preview of `run` in place of the current one. Returns the tick it will
   * rest at (the last target it was sent), or null when there is no such preview.
   */
  promote(run: RunInfo): number | null;
  /** Removes the parked preview of `run`, or every parked preview. */
  drop(run?: RunInfo): void;
}

export function createParkedPreviews(host: PreviewHost): ParkedPreviews {
  const parked = createParkedFrames((message, frame) => host.handleHostMessage(message, frame));
  return {
    park(program, run) {
      parked.park(run, host.hiddenFrame(), (frame, replay) =>
        host.startHidden(frame, program, { ...run, ...(replay ? { replay } : {}) }),
      );
    },
    reached: (run) => parked.reached(run),
    advance: (run, tick, inputs) => parked.advance(run, tick, inputs),
    promote(run) {
      const taken = parked.take(run);
      if (!taken) return null;
      host.show(taken.frame, run, promotedMessages(taken.buffer, taken.resting));
      // A run-until not sent yet is dropped: the caller runs the preview on from its rest.
      return taken.sent;
    },
    drop: (run) => parked.drop(run),
  };
}
