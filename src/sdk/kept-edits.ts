import type { EmbedSettings } from '../protocol/embed';

/** A learner's edits of a `persist` embed, kept in the host page's own localStorage. */
export interface KeptEdits {
  load(): Record<string, string> | undefined;
  /** Keeps `files`; null forgets them (back to the initial files). */
  save(files: Record<string, string> | null): void;
}

/** A 53-bit hash of a string, hex (cyrb53): tells apart embeds, it guards nothing. */
export function hash(text: string): string {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return (4294967296 * (2097151 & b) + (a >>> 0)).toString(16);
}

/**
 * The edits of the embed this page made with `settings`: keyed by the page's path and the
 * files it started with (the page's origin is localStorage's own). Storage that refuses
 * (private modes, quota) keeps nothing: the embed still works, unkept.
 */
export function keptEdits(settings: EmbedSettings, storage: Storage | null): KeptEdits {
  const { files, entry, template } = settings;
  const key = `playpen:edits:${location.pathname}:${hash(JSON.stringify([files, entry, template]))}`;
  return {
    load() {
      try {
        const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
        return value && typeof value === 'object' ? (value as Record<string, string>) : undefined;
      } catch {
        return undefined;
      }
    },
    save(next) {
      try {
        if (next) storage?.setItem(key, JSON.stringify(next));
        else storage?.removeItem(key);
      } catch (error) {
        console.warn('Playpen: the learner’s edits could not be kept:', error);
      }
    },
  };
}
