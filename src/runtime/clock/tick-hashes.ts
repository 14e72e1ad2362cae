import type { SerializedValue } from '../../protocol/index.ts';
import type { ConsoleEntry } from '../outbox.ts';

const FNV_PRIME = 0x01000193;

function fnv(h: number, text: string, limit = text.length): number {
  const n = Math.min(text.length, limit);
  for (let i = 0; i < n; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h;
}

/** FNV-1a over the body's HTML (first 200,000 characters, plus the length): cheap per tick. */
export function domHash(doc: Document): number {
  const html = doc.body?.innerHTML ?? '';
  return fnv(0x811c9dc5 ^ html.length, html, 200_000) >>> 0;
}

// Stacks and frames name the iframe's own script URLs (blob: URLs differ per iframe): a replay
// logs the same error with another URL, so they are left out.
const skipStacks = (key: string, value: unknown) =>
  key === 'stack' || key === 'frames' ? undefined : value;

/** Folds one console call (level and serialised arguments, first 10,000 characters) into `h`. */
export function consoleHash(h: number, entry: ConsoleEntry): number {
  const args: SerializedValue[] = entry.args;
  const text = `${entry.level} ${JSON.stringify(args, skipStacks)}`;
  return fnv(Math.imul(h, FNV_PRIME) ^ text.length, text, 10_000) >>> 0;
}

/** FNV-1a over bytes (a canvas's downscaled pixels). */
export function bytesHash(h: number, bytes: ArrayLike<number>): number {
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

/** What the fingerprint reads of one animation: where it is and what it moves. */
export interface AnimationLook {
  /** Its name (a CSS animation's, a transition's property, an element.animate id). */
  name: string;
  /** The animated element, as `tag#id.class`. */
  target: string;
  currentTime: number | null;
}

/** Hash of every animation's name, target and currentTime (rounded to 0.01 ms). */
export function animationsHash(looks: AnimationLook[]): number {
  let h = 0x811c9dc5 ^ looks.length;
  for (const a of looks) {
    const time = a.currentTime === null ? 'null' : a.currentTime.toFixed(2);
    h = fnv(h, `${a.name}|${a.target}|${time};`);
  }
  return h >>> 0;
}

/** The viewport as the program sees it: `innerWidth×innerHeight@devicePixelRatio`. */
export const viewportKey = (w: {
  innerWidth: number;
  innerHeight: number;
  devicePixelRatio: number;
}) => `${w.innerWidth}×${w.innerHeight}@${w.devicePixelRatio}`;
