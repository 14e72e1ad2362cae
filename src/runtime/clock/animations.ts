/**
 * CSS animations, transitions and Web Animations run on the compositor's real clock. Each new
 * one is paused and its virtual birth noted; after every tick its currentTime is set from the
 * virtual clock, so pausing freezes it and a replay shows the same frame.
 */
export function createAnimationSync(doc: Document, perfNow: () => number): () => void {
  const births = new WeakMap<Animation, number>();
  return () => {
    if (typeof doc.getAnimations !== 'function') return;
    const now = perfNow();
    for (const animation of doc.getAnimations()) {
      try {
        let birth = births.get(animation);
        if (birth === undefined) {
          birth = now - Number(animation.currentTime ?? 0);
          births.set(animation, birth);
          animation.pause();
        }
        animation.currentTime = now - birth;
      } catch {
        // An animation the page cancelled meanwhile: nothing to sync.
      }
    }
  };
}
