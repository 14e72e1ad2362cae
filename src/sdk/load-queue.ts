/**
 * Embeds of one page load one at a time, the nearest to the viewport first: each starts an
 * editor, a bundler and its wasm, and two starting at once on a laptop's two cores would each
 * take about twice as long, the visible one included. A slot is held until the embed's first
 * build (or it fails, or HOLD_MS pass: a broken embed must not hold the page).
 */

/** Longest one embed holds the page's loading slot. */
export const HOLD_MS = 15_000;

export interface LoadSlot {
  /** Asks to load; `start` runs when it is this embed's turn. */
  request(start: () => void): void;
  /** Done loading (or gone): the next embed may start. */
  release(): void;
}

interface Waiting {
  start: () => void;
  distance: () => number;
}

const waiting = new Set<Waiting>();
let busy: Waiting | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function next() {
  if (busy) return;
  let best: Waiting | null = null;
  for (const w of waiting) if (!best || w.distance() < best.distance()) best = w;
  if (!best) return;
  waiting.delete(best);
  busy = best;
  const held = best;
  timer = setTimeout(() => free(held), HOLD_MS);
  best.start();
}

function free(w: Waiting) {
  waiting.delete(w);
  if (busy !== w) return;
  busy = null;
  clearTimeout(timer);
  next();
}

/** A slot for one embed; `distance` is how far it is from the viewport now (0 when in it). */
export function loadSlot(distance: () => number): LoadSlot {
  let me: Waiting | null = null;
  return {
    request(start) {
      if (me) return;
      me = { start, distance };
      waiting.add(me);
      next();
    },
    release() {
      if (me) free(me);
    },
  };
}

/** Pixels between an element and the viewport (0 when any of it shows). */
export function viewportDistance(el: Element): number {
  const r = el.getBoundingClientRect();
  return Math.max(0, r.top - innerHeight, -r.bottom, r.left - innerWidth, -r.right);
}
