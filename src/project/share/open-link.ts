/**
 * Reads a link a user pastes: a Playpen permalink (`…#code/…`) or a TypeScript Playground
 * link (`typescriptlang.org/play…#code/<lz-string>` or `#src=<code>`), into a project.
 */
import LZString from 'lz-string';
import type { Project } from '../../protocol';
import { decodeFragment, FRAGMENT_PREFIX, type DecodeResult } from './share-codec';

/** Longest Playground program we accept (it is one file; anything bigger is not a real link). */
export const MAX_PLAYGROUND_CHARS = 2 * 1024 * 1024;

const JSX = /<\/>|<\/[A-Za-z][\w.-]*\s*>|<[A-Za-z][\w.-]*(\s[^<>]*)?\/>|(^|[=(:,?&|]|return)\s*<>/m;

/** Whether code reads as JSX (closing or self-closing tags, fragments), so it needs `.tsx`. */
export function looksLikeJsx(code: string): boolean {
  return JSX.test(code);
}

const PLAYGROUND_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>TypeScript Playground</title>
  </head>
  <body>
    <div id="app"></div>
    <div id="root"></div>
  </body>
</html>
`;

/** The one-file project for a Playground program. */
export function playgroundProject(code: string, filetype?: string | null): Project {
  const js = filetype === 'js' || filetype === 'jsx';
  const jsx = filetype === 'tsx' || filetype === 'jsx' || looksLikeJsx(code);
  const entry = `src/main.${js ? 'js' : 'ts'}${jsx ? 'x' : ''}`;
  return {
    name: 'TypeScript Playground',
    entry,
    files: {
      'index.html': { kind: 'text', text: PLAYGROUND_HTML },
      [entry]: { kind: 'text', text: code },
    },
  };
}

const fail = (error: string): DecodeResult => ({ ok: false, error });

export function isPlaygroundUrl(url: URL): boolean {
  return (
    /(^|\.)typescriptlang\.org$/i.test(url.hostname) &&
    /^\/(\w\w(-\w+)?\/)?play\b/.test(url.pathname)
  );
}

/** A TypeScript Playground URL to a project. */
export function decodePlaygroundUrl(url: URL): DecodeResult {
  const hash = url.hash.slice(1);
  const filetype = url.searchParams.get('filetype');
  let code: string | null;
  if (hash.startsWith('code/')) {
    const packed = hash.slice('code/'.length);
    if (packed === '')
      return fail('This TypeScript Playground link is cut off: it has no code after “#code/”.');
    try {
      code = LZString.decompressFromEncodedURIComponent(packed);
    } catch {
      code = null;
    }
    if (!code)
      return fail(
        'This TypeScript Playground link is broken: its code can’t be decompressed (cut off or changed?).',
      );
  } else if (hash.startsWith('src=')) {
    try {
      code = decodeURIComponent(hash.slice('src='.length));
    } catch {
      return fail(
        'This TypeScript Playground link is broken: its “#src=” code is not valid URL text.',
      );
    }
  } else {
    return fail(
      'This TypeScript Playground link holds no code (it has no “#code/” part). Use the Playground’s Share → Copy link.',
    );
  }
  if (code.length > MAX_PLAYGROUND_CHARS)
    return fail('This TypeScript Playground link was refused: its code is larger than 2 MB.');
  return { ok: true, project: playgroundProject(code, filetype), options: {} };
}

/** Anything pasted into "Open link": a full URL, or just the `#code/…` part. */
export function decodeLink(input: string): DecodeResult {
  const text = input.trim();
  if (text === '') return fail('Paste a Playpen or TypeScript Playground link first.');
  if (text.startsWith('#' + FRAGMENT_PREFIX) || text.startsWith(FRAGMENT_PREFIX))
    return decodeFragment(text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('That is not a link. Paste a whole link, starting with https://');
  }
  if (isPlaygroundUrl(url)) return decodePlaygroundUrl(url);
  if (url.hash.startsWith('#' + FRAGMENT_PREFIX)) return decodeFragment(url.hash);
  return fail(
    'This link holds no project: Playpen links contain “#code/”, as do TypeScript Playground links.',
  );
}
