/**
 * User-timing marks of a run's phases (save, build, preview ready, program sent) for
 * `npm run bench`. Off unless the bench hook turns them on, so normal use buffers nothing.
 */
let enabled = false;

export function enablePerfMarks(): void {
  enabled = true;
}

export function perfMark(name: string): void {
  if (!enabled) return;
  try {
    performance.mark(name);
  } catch {
    // No user-timing API: the bench just lacks a phase.
  }
}

/** A span with what it did (`detail`), kept when the bench clears its marks at each edit. */
export function perfMeasure(name: string, start: number, detail: unknown): void {
  if (!enabled) return;
  try {
    performance.measure(name, { start, end: performance.now(), detail });
  } catch {
    // No user-timing API: the bench just lacks it.
  }
}
