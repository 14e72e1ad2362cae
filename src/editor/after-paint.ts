/**
 * Calls `then` in a task after the next frame has painted: code that must not delay that
 * frame (what mounts once the editor shows code) runs after it, not before it in the same one.
 */
export function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}
