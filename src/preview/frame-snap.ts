/**
 * Keeps the preview frames' box on whole device pixels. The panes are sized in percentages, so
 * the preview's edges usually fall between pixels (x 798.156 at 1280 px): the browser then
 * draws the frame's content resampled across pixel columns, and its first column mixes in the
 * app's pane border, in whichever theme the app had when that column was last drawn; a replay's
 * frame, drawn afresh, showed different pixels there than the live frame it replays.
 */

/** A box's edges in CSS pixels, as `getBoundingClientRect` gives them. */
export interface Edges {
  /** Distance from the viewport's left edge to the box's left edge. */
  left: number;
  /** Distance from the viewport's top edge to the box's top edge. */
  top: number;
  /** Distance from the viewport's left edge to the box's right edge. */
  right: number;
  /** Distance from the viewport's top edge to the box's bottom edge. */
  bottom: number;
}

// Layout works in 1/64 px: an edge this near a pixel boundary is on it.
const EPSILON = 1 / 128;

/**
 * How far to move each edge of `pane` inwards so that all four lie on whole device pixels at
 * `ratio` (the box only shrinks: the pane clips what lies outside it).
 */
export function snappedInsets(pane: Edges, ratio: number): Edges {
  const r = ratio > 0 ? ratio : 1;
  const up = (x: number) => Math.ceil(x * r - EPSILON) / r;
  const down = (x: number) => Math.floor(x * r + EPSILON) / r;
  // An edge already on a pixel (within layout's precision) stays.
  const inset = (d: number) => (d * r < EPSILON ? 0 : d);
  return {
    left: inset(up(pane.left) - pane.left),
    top: inset(up(pane.top) - pane.top),
    right: inset(pane.right - down(pane.right)),
    bottom: inset(pane.bottom - down(pane.bottom)),
  };
}

/**
 * Insets `frames` (absolutely placed over its parent, the pane) to whole device pixels, again
 * whenever the pane's size or the window changes (a separator dragged, a zoom). Returns a
 * function that stops.
 */
export function snapToDevicePixels(frames: HTMLElement): () => void {
  const pane = frames.parentElement;
  const view = frames.ownerDocument.defaultView;
  if (!pane || !view) return () => {};
  const snap = () => {
    const insets = snappedInsets(pane.getBoundingClientRect(), view.devicePixelRatio);
    frames.style.inset = `${insets.top}px ${insets.right}px ${insets.bottom}px ${insets.left}px`;
  };
  // Called after layout: reading the pane's box there costs no layout of its own.
  const observer = new ResizeObserver(snap);
  observer.observe(pane);
  // The pane can move without changing size (the window's width, a zoom).
  view.addEventListener('resize', snap);
  return () => {
    observer.disconnect();
    view.removeEventListener('resize', snap);
  };
}
