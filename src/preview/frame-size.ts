/**
 * The CSS box a replay's frame takes for a recorded viewport (docs/architecture.md, "The run
 * loop"). A frame's innerWidth/innerHeight are its box's size rounded to whole pixels, where
 * it sits does not matter (measured in Chromium: a 375.4375 px wide pane gives 375, a
 * 375.82 px one 376).
 */
import type { Viewport } from '../protocol';

/**
 * The pane's own size when it rounds to the recorded one (the replay then sits exactly as the
 * live frame did, no sliver of the pane beside it), else the recorded size in whole pixels.
 * Being within a pixel is not enough: a pane 375.82 px wide is 376 px to the program, so a
 * replay of a run recorded at 375 laid out in it was at the wrong size and said "Replay
 * diverged" after a window resize of one pixel. `ratio`: the device pixel ratio; at 2, whole
 * device pixels, half a CSS pixel each, decide the rounding, so the pane must be nearer.
 */
export function frameBox(
  pane: { width: number; height: number } | undefined,
  size: Viewport,
  ratio: number,
): { width: number; height: number } {
  const rounds = (a: number, b: number) => Math.abs(a - b) < 0.5 / Math.max(1, ratio);
  return pane && rounds(pane.width, size.width) && rounds(pane.height, size.height)
    ? { width: pane.width, height: pane.height }
    : { width: size.width, height: size.height };
}
