/**
 * CSS animations, transitions and Web Animations run on the compositor's real clock. Each one
 * is paused and driven from the virtual clock instead: born at the virtual time it was first
 * seen (the tick that created it), its currentTime set from virtual time at every sync, so
 * pausing freezes it and a replay shows the same frame.
 */

/** What a sync needs of an animation (a real `Animation`, or a test's fake). */
export type SyncedAnimation = Pick<
  Animation,
  'currentTime' | 'playbackRate' | 'playState' | 'pause' | 'effect'
>;

/** The document's side of it. */
export interface AnimatedDocument {
  getAnimations?: () => SyncedAnimation[];
  /** Its layout is read to flush style: a transition a style change started exists after it. */
  documentElement?: { getBoundingClientRect(): unknown } | null;
}

/** Moves every animation to virtual performance time `at` (ms); returns the animations seen. */
export type AnimationSync = (at: number) => SyncedAnimation[];

export function createAnimationSync(doc: AnimatedDocument): AnimationSync {
  /** Each animation's last placement: virtual time `at` and the currentTime it was given. */
  const placed = new WeakMap<SyncedAnimation, { at: number; time: number }>();
  let known: SyncedAnimation[] = [];
  const place = (animation: SyncedAnimation, at: number) => {
    try {
      // Cancelled (a removed class, a finished transition): pause() would start it again.
      if (animation.playState === 'idle') return;
      const last = placed.get(animation);
      let time = 0;
      if (last) {
        const current = Number(animation.currentTime ?? 0);
        // Paused and moved since: the program set currentTime itself, it goes on from there.
        const seeked = animation.playState === 'paused' && current !== last.time;
        time = seeked ? current : last.time + (at - last.at) * animation.playbackRate;
      }
      if (animation.playState !== 'paused') animation.pause();
      animation.currentTime = time;
      placed.set(animation, { at, time: Number(animation.currentTime ?? time) });
    } catch {
      // An animation the page cancelled meanwhile: nothing to sync.
    }
  };
  return (at) => {
    if (typeof doc.getAnimations !== 'function') return [];
    // Known animations first: the style flush below starts a retargeted transition from
    // their values at `at`, not from wherever real time left them.
    for (const animation of known) place(animation, at);
    // getAnimations() alone leaves a style change's transition to the next rendering, which
    // would start it on real time after the tick.
    doc.documentElement?.getBoundingClientRect();
    known = doc.getAnimations();
    for (const animation of known) if (!placed.has(animation)) place(animation, at);
    return known;
  };
}
