/**
 * A share link's address: its query flags are written and read here only (the app's startup
 * reads them with `readLinkFlags`), and the project travels in the fragment (share-codec.ts).
 */

/** Links longer than this get cut by some chat apps and mail clients. */
export const LONG_LINK_CHARS = 8000;

/** Each flag's name in the query, in the order links write them. */
const FLAG_NAMES = { embed: 'embed', readOnly: 'readonly' } as const;

export interface LinkFlags {
  /** `?readonly`: the editor refuses edits until "Edit a copy". */
  readOnly: boolean;
  /** `?embed`: the compact layout for iframes. */
  embed: boolean;
}

export type ShareUrlOptions = Partial<LinkFlags>;

/** `base` is where Playpen lives (origin + path, no query or fragment). */
export function shareUrl(base: string, fragment: string, opts: ShareUrlOptions = {}): string {
  const flags = (Object.keys(FLAG_NAMES) as (keyof LinkFlags)[])
    .filter((flag) => opts[flag])
    .map((flag) => FLAG_NAMES[flag]);
  return `${base}${flags.length ? '?' + flags.join('&') : ''}#${fragment}`;
}

/** The flags of an address (a bare `?embed` or `?embed=` alike). */
export function readLinkFlags(href: string): LinkFlags {
  const query = new URL(href).searchParams;
  return { embed: query.has(FLAG_NAMES.embed), readOnly: query.has(FLAG_NAMES.readOnly) };
}

/** The address without `?readonly` (the rest, fragment included, unchanged). */
export function withoutReadOnly(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(FLAG_NAMES.readOnly);
  // URLSearchParams writes `embed=` for a bare `embed`; keep the short form.
  url.search = url.search.replace(/=(?=&|$)/g, '');
  return url.href;
}

/** Playpen's own address without query or fragment. */
export function appBase(href: string): string {
  const url = new URL(href);
  return url.origin + url.pathname;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An iframe snippet for pages that embed the project. */
export function embedSnippet(src: string, title: string): string {
  return `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" width="100%" height="480" style="border: 0; border-radius: 8px" loading="lazy"></iframe>`;
}
