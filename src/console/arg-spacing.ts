import type { SerializedValue } from '../protocol';

/**
 * Whether a space goes between two console arguments. The runtime has already applied format
 * specifiers (src/runtime/console-format.ts), so `console.log('a %o b', x)` arrives as
 * `['a ', x, ' b']`: the pieces carry their own spacing. Plain arguments get one space, as in
 * every console; a space is not doubled next to a piece that already has one.
 */
export function spaceBetween(prev: SerializedValue, next: SerializedValue): boolean {
  if (prev.t === 'string' && /\s$/.test(prev.v)) return false;
  if (next.t === 'string' && /^\s/.test(next.v)) return false;
  return true;
}
