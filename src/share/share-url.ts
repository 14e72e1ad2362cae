/** Building share links and embed snippets from a fragment (plain TS, tested alone). */

/** Links longer than this get cut by some chat apps and mail clients. */
export const LONG_LINK_CHARS = 8000;

export interface ShareUrlOptions {
  /** Adds `?readonly`: the editor refuses edits until "Edit a copy". */
  readOnly?: boolean;
  /** Adds `?embed`: the compact layout for iframes. */
  embed?: boolean;
}

/** `base` is where Playpen lives (origin + path, no query or fragment). */
export function shareUrl(base: string, fragment: string, opts: ShareUrlOptions = {}): string {
  const flags = [opts.embed && 'embed', opts.readOnly && 'readonly'].filter(Boolean);
  return `${base}${flags.length ? '?' + flags.join('&') : ''}#${fragment}`;
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
