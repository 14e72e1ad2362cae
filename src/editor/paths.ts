/**
 * Pure helpers mapping project paths to Monaco language ids and model URIs.
 * No Monaco import here so the rules are unit-testable in Node.
 */

/** Monaco language ids this app registers (see monaco-setup.ts). */
export type EditorLanguage =
  'typescript' | 'javascript' | 'css' | 'html' | 'json' | 'markdown' | 'xml' | 'plaintext';

const LANGUAGE_BY_EXTENSION: Record<string, EditorLanguage> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  css: 'css',
  html: 'html',
  htm: 'html',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  svg: 'xml',
  xml: 'xml',
};

/** Lower-case extension without the dot ('' when the name has none, e.g. `Makefile`, `.env`). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Language of a file; the TS worker picks TSX/JSX parsing from the URI's extension. */
export function languageForPath(path: string): EditorLanguage {
  return LANGUAGE_BY_EXTENSION[extensionOf(path)] ?? 'plaintext';
}

/** Files the TypeScript service must see for imports between files to resolve. */
export function isScriptPath(path: string): boolean {
  const language = languageForPath(path);
  return language === 'typescript' || language === 'javascript';
}

/**
 * Model URI path for a project path: `/src/main.tsx`, i.e. the URI `file:///src/main.tsx`.
 * The project root is `/` so that `file:///node_modules/@types/react` is found by TS's
 * node_modules lookup from any project file.
 */
export function uriPathForProjectPath(path: string): string {
  return '/' + path.replace(/^\/+/, '');
}

/** Inverse of uriPathForProjectPath (takes a URI's decoded `path`). */
export function projectPathFromUriPath(uriPath: string): string {
  return uriPath.replace(/^\/+/, '');
}
