import { describe, expect, it } from 'vitest';
import { installErrorCapture } from '../../../src/runtime/errors.ts';

/** An event as the browser fires it for an uncaught error or an unhandled rejection. */
const uncaught = (type: 'error' | 'unhandledrejection', i: number) =>
  Object.assign(new Event(type, { cancelable: true }), {
    error: new Error(`e${i}`),
    reason: new Error(`r${i}`),
    message: `e${i}`,
    filename: 'src/main.ts',
    lineno: 1,
    colno: 1,
  });

function page(forwarding?: { limit: number }) {
  const win = new EventTarget() as unknown as Window;
  const notes: string[] = [];
  let reported = 0;
  installErrorCapture(
    win,
    () => reported++,
    forwarding && { limit: forwarding.limit, note: (text) => notes.push(text) },
  );
  const fire = (type: 'error' | 'unhandledrejection', i: number) => {
    const event = uncaught(type, i);
    win.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { fire, notes, reported: () => reported };
}

describe('uncaught errors left to the browser console', () => {
  it('leaves the first ones to the browser, cancels the rest, and says so once', () => {
    const p = page({ limit: 100 });
    const cancelled = Array.from({ length: 20_000 }, (_, i) => p.fire('unhandledrejection', i));
    expect(cancelled.slice(0, 100).every((c) => !c)).toBe(true);
    expect(cancelled.slice(100).every((c) => c)).toBe(true);
    expect(p.notes).toEqual([
      "Playpen: over 100 uncaught errors; the rest show only in Playpen's console.",
    ]);
    // Playpen's own console still hears of every one (its caps decide what it shows).
    expect(p.reported()).toBe(20_000);
  });

  it('counts uncaught errors and rejections together', () => {
    const p = page({ limit: 3 });
    const cancelled = [
      p.fire('error', 0),
      p.fire('unhandledrejection', 1),
      p.fire('error', 2),
      p.fire('unhandledrejection', 3),
      p.fire('error', 4),
    ];
    expect(cancelled).toEqual([false, false, false, true, true]);
    expect(p.notes).toHaveLength(1);
  });

  it('cancels nothing without a limit', () => {
    const p = page();
    expect(Array.from({ length: 500 }, (_, i) => p.fire('error', i)).some(Boolean)).toBe(false);
    expect(p.reported()).toBe(500);
  });
});
