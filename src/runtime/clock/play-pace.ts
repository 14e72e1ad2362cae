/** Real time spent running ticks per real frame while playing; beyond it, slow motion. */
export const FRAME_BUDGET_MS = 10;
/** Longest real gap counted between frames (a background tab must not jump the clock). */
const MAX_FRAME_GAP_MS = 100;

const clampSpeed = (speed: number) => Math.min(4, Math.max(0.25, speed));

/**
 * How far a playing run's virtual time may go: it follows real time × speed, frame by frame,
 * and waits (slow motion) while the ticks already due have not run.
 */
export function createPlayPace(initialSpeed = 1) {
  let speed = clampSpeed(initialSpeed);
  let target = 0;
  let lastReal = 0;
  let behind = false;
  return {
    /** The speed play uses, clamped to 0.25–4×. */
    speed: () => speed,
    setSpeed(next: number) {
      speed = clampSpeed(next);
    },
    /** Play starts at virtual time `now`, real time `realNow`. */
    start(now: number, realNow: number) {
      target = now;
      behind = false;
      lastReal = realNow;
    },
    /** A real frame at `realNow`: the target moves on by the gap × speed, unless behind. */
    frame(realNow: number) {
      const gap = Math.min(Math.max(realNow - lastReal, 0), MAX_FRAME_GAP_MS);
      lastReal = realNow;
      if (!behind) target += gap * speed;
    },
    /** The virtual time play may reach now. */
    target: () => target,
    /** Due ticks are left over this frame: the target waits until they have run. */
    fallBehind() {
      behind = true;
    },
    /** Every due tick has run. */
    caughtUp() {
      behind = false;
    },
  };
}
