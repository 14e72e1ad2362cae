/**
 * The project's index.html: what the preview keeps of it, and which entry its module script
 * names. DOM-free, so the bundler worker and the zip export read it the same way.
 */
import type { ProjectFile } from '../../protocol';
import { fileAt, findProjectFile } from './file-lookup';
import { dirname, isUrl, joinPath } from './paths';

/** The page every project may have; the bundler reads its head, body and module script. */
export const INDEX_HTML = 'index.html';

/** What the preview keeps of the project's index.html. */
export interface HtmlParts {
  /** Inner HTML of <body>, project scripts removed. */
  body: string;
  /** Head tags worth keeping, in order; project stylesheets are left for the caller to inline. */
  head: ({ html: string } | { stylesheet: string })[];
  /** `src` of the module scripts that point into the project (the entry, normally). */
  scripts: string[];
}

/*
 * DOMParser does not exist in a worker, so this is a small tokenizer over tags. It is enough
 * for index.html as people write it: comments are skipped, and <script>/<style>/<title> are
 * matched to their closing tag so markup inside them is never read as tags. It is not a full
 * HTML parser (no implied tags, no attributes containing `>` outside quotes).
 */
const ATTR = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const TOKENS =
  /<!--[\s\S]*?-->|<(script|style|title)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>|<(meta|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

export const parseAttributes = (source: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const name = m[1]?.toLowerCase();
    if (name) out[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
};

const section = (html: string, tag: string): string | undefined =>
  new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)(?:</${tag}\\s*>|$)`, 'i').exec(html)?.[1];

/** A script the bundler serves itself: its src is a project path, not a URL. */
const isProjectScript = (attrs: Record<string, string>) =>
  attrs.src !== undefined && !isUrl(attrs.src);

export const extractHtml = (text: string): HtmlParts => {
  const scripts: string[] = [];
  const head: HtmlParts['head'] = [];
  const headText = section(text, 'head') ?? '';
  for (const m of headText.matchAll(TOKENS)) {
    const tag = (m[1] ?? m[4])?.toLowerCase();
    if (!tag) continue;
    const attrs = parseAttributes(m[2] ?? m[5] ?? '');
    if (tag === 'script' && isProjectScript(attrs)) scripts.push(attrs.src ?? '');
    else if (tag === 'meta' && attrs['http-equiv'])
      continue; // a CSP here would block the runtime
    else if (tag === 'link') {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      if (!rel.includes('stylesheet') && !rel.includes('preconnect')) continue;
      if (attrs.href && !isUrl(attrs.href)) head.push({ stylesheet: attrs.href });
      else head.push({ html: m[0] });
    } else head.push({ html: m[0] });
  }
  const withoutHead = text.replace(/<head\b[\s\S]*?(?:<\/head\s*>|$)/i, '');
  const bodyText =
    section(withoutHead, 'body') ??
    withoutHead.replace(/<!doctype[^>]*>|<\/?html\b[^>]*>|<\/?body\b[^>]*>/gi, '');
  const body = bodyText.replace(TOKENS, (whole, tag: string | undefined, raw: string) => {
    if (tag?.toLowerCase() !== 'script') return whole;
    const attrs = parseAttributes(raw ?? '');
    if (!isProjectScript(attrs)) return whole;
    scripts.push(attrs.src ?? '');
    return '';
  });
  return { body: body.trim(), head, scripts };
};

/** The project file a `src`/`href` written in index.html names, if any. */
export const fileFromIndexHtml = (
  files: Record<string, ProjectFile>,
  src: string,
): string | undefined => {
  const joined = joinPath(dirname(INDEX_HTML), src.replace(/[?#].*$/, ''));
  return joined === null ? undefined : findProjectFile(files, joined);
};

/** An `.html` entry means "the module script it loads"; any other entry is used as is. */
export const resolveHtmlEntry = (entry: string, files: Record<string, ProjectFile>): string => {
  const file = fileAt(files, entry);
  if (!entry.endsWith('.html') || file?.kind !== 'text') return entry;
  const src = extractHtml(file.text).scripts[0];
  return (src && fileFromIndexHtml(files, src)) ?? entry;
};
