/**
 * CSS animations, transitions and Web Animations run on the compositor's real clock. Each one
 * is paused and driven from the virtual clock instead: born at the virtual time it was first
 * seen (the tick that created it), its currentTime set from virtual time at every sync, so
 * pausing freezes it and a replay shows the same frame.
 */

import { touches, type TouchedNode } from './environment.ts';

/** What a sync needs of an animation (a real `Animation`, or a test's fake). */
export type SyncedAnimation = Pick<
  Animation,
  'currentTime' | 'playbackRate' | 'playState' | 'pause' | 'effect'
>;

/** The document's side of it. */
export interface AnimatedDocument {
  getAnimations?: () => SyncedAnimation[];
  /**
   * Brings style up to date (a computed style read: style only, no layout), so a transition
   * a style change started exists after it.
   */
  flushStyle?: () => void;
}

/**
 * Moves every animation to virtual performance time `at` (ms); returns the animations the
 * fingerprint counts (all but environmental ones, environment.ts). With `discover` false only
 * the known ones move (no style flush, no getAnimations): a tick's start, right after the last
 * tick's end found every animation there is.
 */
export type AnimationSync = ((at: number, discover?: boolean) => SyncedAnimation[]) & {
  /** A real pointer or focus event touched these elements: what it started is environmental. */
  environment(touched: readonly TouchedNode[]): void;
};

/** Where an animation was placed last, and from what. */
interface Placement {
  /** Virtual time and currentTime its time counts from. */
  base: { at: number; time: number };
  /** The playbackRate it was placed with. */
  rate: number;
  /** The last sync's virtual time. */
  at: number;
  /** The currentTime it was given then. */
  time: number;
  /** What it read back then (a different value later means the program seeked). */
  read: number;
}

const targetOf = (animation: SyncedAnimation) =>
  ((animation.effect as { target?: TouchedNode | null } | null)?.target ??
    null) as TouchedNode | null;

/**
 * `placed` hears each placement of an animation the program made (not an environmental one):
 * animation-finish.ts schedules its end from it.
 */
export function createAnimationSync(
  doc: AnimatedDocument,
  placed?: (animation: SyncedAnimation, at: number, time: number, rate: number) => void,
): AnimationSync {
  /**
   * Each animation's placement. Its time is computed from a base (its birth, a seek the program
   * made, a playbackRate change), never from the currentTime read back: Chromium stores it in
   * seconds, so a read-back is off by rounding, and summing those would make the time depend
   * on how many syncs came between (a replay syncs at other moments than the live run).
   */
  const placements = new WeakMap<SyncedAnimation, Placement>();
  let known: SyncedAnimation[] = [];
  /** Started by the real pointer or focus (environment.ts): driven, but not fingerprinted. */
  const environmental = new WeakSet<SyncedAnimation>();
  const place = (animation: SyncedAnimation, at: number) => {
    try {
      // Cancelled (a removed class, a finished transition): pause() would start it again.
      if (animation.playState === 'idle') return;
      const last = placements.get(animation);
      const rate = animation.playbackRate;
      let base = { at, time: 0 };
      if (last) {
        const current = Number(animation.currentTime ?? 0);
        // Paused and moved since: the program set currentTime itself, it goes on from there.
        if (animation.playState === 'paused' && current !== last.read) base = { at, time: current };
        // A new rate counts from the last sync on.
        else if (rate !== last.rate) base = { at: last.at, time: last.time };
        else base = last.base;
      }
      const time = base.time + (at - base.at) * rate;
      if (animation.playState !== 'paused') animation.pause();
      animation.currentTime = time;
      placements.set(animation, {
        base,
        rate,
        at,
        time,
        read: Number(animation.currentTime ?? time),
      });
      if (!environmental.has(animation)) placed?.(animation, at, time, rate);
    } catch {
      // An animation the page cancelled meanwhile: nothing to sync.
    }
  };
  const sync = (at: number, discover = true) => {
    if (typeof doc.getAnimations !== 'function') return [];
    // Known animations first: the style flush below starts a retargeted transition from
    // their values at `at`, not from wherever real time left them.
    for (const animation of known) place(animation, at);
    if (!discover) return known.filter((animation) => !environmental.has(animation));
    // getAnimations() alone leaves a style change's transition to the next rendering, which
    // would start it on real time after the tick.
    doc.flushStyle?.();
    known = doc.getAnimations();
    for (const animation of known) if (!placements.has(animation)) place(animation, at);
    return known.filter((animation) => !environmental.has(animation));
  };
  const environment = (touched: readonly TouchedNode[]) => {
    if (typeof doc.getAnimations !== 'function') return;
    // The pointer's or focus's new state is set: a flush starts the transitions it causes.
    doc.flushStyle?.();
    for (const animation of doc.getAnimations()) {
      if (placements.has(animation) || animation.playState === 'idle') continue;
      if (touches(targetOf(animation), touched)) environmental.add(animation);
    }
  };
  return Object.assign(sync, { environment });
}

/** The document's side for a frame: taken now, since the program may replace them later. */
export function animatedDocument(win: Window & typeof globalThis): AnimatedDocument {
  const computedStyle = win.getComputedStyle.bind(win);
  const docAnimations: unknown = win.document.getAnimations;
  return {
    ...(typeof docAnimations === 'function'
      ? { getAnimations: (docAnimations as Document['getAnimations']).bind(win.document) }
      : {}),
    flushStyle: () => {
      const root = win.document.documentElement;
      if (root) computedStyle(root).getPropertyValue('display');
    },
  };
}
