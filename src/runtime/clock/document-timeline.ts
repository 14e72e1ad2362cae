/**
 * `document.timeline.currentTime` is the real time since the frame loaded; every animation
 * follows the virtual clock (animations.ts), so the timeline the program reads does too.
 */
export function followVirtualTimeline(doc: Document, perfNow: () => number): void {
  const timeline = doc.timeline as AnimationTimeline | undefined;
  if (!timeline) return;
  try {
    Object.defineProperty(timeline, 'currentTime', {
      configurable: true,
      get: () => perfNow(),
    });
  } catch {
    // A browser whose timeline cannot be given a property: it stays the real one.
  }
}

/**
 * `Event.timeStamp` is the real time otherwise; within a tick virtual time stands still, so the
 * tick's virtual time is the event's (replayed events then match live ones).
 */
export function followVirtualEventTime(win: Window & typeof globalThis, perfNow: () => number) {
  Object.defineProperty(win.Event.prototype, 'timeStamp', { configurable: true, get: perfNow });
}
