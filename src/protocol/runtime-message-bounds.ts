/** Bounds of the runtime's messages checked before the schema walks them (cheaply, first). */
import { LINE_TICKS_PER_MESSAGE, MAX_LINE_COUNTERS, MAX_PROBE_MESSAGE_NODES } from './index';

/**
 * Bounds a schema cannot check before walking what it bounds, checked first and cheaply: the
 * objects in a `probe-hits` message (counted as a tree, so a forged one sharing one object many
 * times is refused as the large tree it would be to walk), and the ticks of all a `line-hits`
 * message's lines together. Null when within them.
 */
export function overBounds(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  if (type === 'probe-hits' && !fewerObjects(data, MAX_PROBE_MESSAGE_NODES)) {
    return `A probe-hits message has over ${MAX_PROBE_MESSAGE_NODES} objects.`;
  }
  if (type === 'line-hits') {
    const lines = (data as { lines?: unknown }).lines;
    if (!Array.isArray(lines) || lines.length > MAX_LINE_COUNTERS) return null; // the schema says why
    let ticks = 0;
    for (const line of lines as unknown[]) {
      const list =
        typeof line === 'object' && line !== null ? (line as { ticks?: unknown }).ticks : null;
      if (Array.isArray(list)) ticks += list.length;
    }
    if (ticks > LINE_TICKS_PER_MESSAGE) {
      return `A line-hits message has over ${LINE_TICKS_PER_MESSAGE} ticks.`;
    }
  }
  return null;
}

/** True when walking `root` as a tree meets at most `max` objects and arrays. */
function fewerObjects(root: object, max: number): boolean {
  const stack: object[] = [root];
  let seen = 0;
  while (stack.length) {
    const o = stack.pop()!;
    if (++seen > max) return false;
    const children = Array.isArray(o) ? (o as unknown[]) : Object.values(o);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return true;
}
