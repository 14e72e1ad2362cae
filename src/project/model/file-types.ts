/**
 * The file-type registry: everything the app knows about an extension, in one record. The
 * bundler's loaders, the editor's languages and ambient declarations, the tree's icons,
 * uploads and the zip export all read it, so they cannot disagree about a file.
 */
import { extname } from './paths';

/** How the bundler makes a module of a file: one file each in workers/bundler/loaders/. */
export type FileLoader =
  'ts' | 'tsx' | 'js' | 'jsx' | 'json' | 'css' | 'asset' | 'text' | 'vue' | 'svelte';

/** Monaco language ids this app registers (see src/editor/monaco-setup.ts). */
export type EditorLanguage =
  | 'typescript'
  | 'javascript'
  | 'css'
  | 'html'
  | 'json'
  | 'markdown'
  | 'xml'
  | 'vue'
  | 'svelte'
  | 'plaintext';

/** The tree's picture of a file (src/files/file-icons.tsx draws each). */
export type FileIcon = 'code' | 'component' | 'data' | 'style' | 'page' | 'text' | 'image' | 'font';

/** What TypeScript makes of an import of a file it cannot read (src/editor/ambient.ts). */
export type Ambient =
  /** The file's URL as its default export (assets). */
  | 'url'
  /** Anything (CSS, JSON). */
  | 'untyped'
  /** This module declaration's body (a component: its framework's component type). */
  | { body: string };

export interface FileType {
  /** Its loader; a binary file is an asset whatever this says (its bytes are all there is). */
  loader: FileLoader;
  /** Content type for asset URLs, previews and uploads; absent: application/octet-stream. */
  mime?: string;
  /** Kept as bytes (images, fonts, media, archives): nobody edits these as text. */
  binary?: boolean;
  /** Editor colouring; absent: plaintext. */
  language?: EditorLanguage;
  /** How TypeScript types an import of it when it cannot read the file (src/editor/ambient.ts). */
  ambient?: Ambient;
  /** Tried, in this table's order, for an import written without an extension. */
  resolves?: boolean;
  /** Compressed already: an exported zip stores it as is (faster, no bigger). */
  compressed?: boolean;
  /** Tree icon; absent: a plain file. */
  icon?: FileIcon;
}

const script = (loader: FileLoader, language: EditorLanguage, resolves: boolean): FileType => ({
  loader,
  mime: language === 'typescript' ? 'text/typescript' : 'text/javascript',
  language,
  resolves,
  icon: 'code',
});

const asset = (mime: string, icon?: FileIcon, compressed = false): FileType => ({
  loader: 'asset',
  mime,
  binary: true,
  ambient: 'url',
  resolves: true,
  ...(compressed ? { compressed } : {}),
  ...(icon ? { icon } : {}),
});

/**
 * A single-file component: compiled by its framework's compiler in the bundler worker (loaded
 * only when a project has one), imported with its extension written, as Vite requires.
 */
const component = (loader: 'vue' | 'svelte', ambient: string): FileType => ({
  loader,
  mime: `text/x-${loader}`,
  language: loader,
  ambient: { body: ambient },
  resolves: false,
  icon: 'component',
});

/** Formats people never edit as text; the bundler serves them as URLs like any binary file. */
const opaque = (compressed = false): FileType => ({
  loader: 'asset',
  binary: true,
  ...(compressed ? { compressed } : {}),
});

/** Extension (lower case, with the dot) → its type. Order matters only for `resolves`. */
export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  '.ts': script('ts', 'typescript', true),
  '.tsx': script('tsx', 'typescript', true),
  '.js': script('js', 'javascript', true),
  '.jsx': script('jsx', 'javascript', true),
  '.mjs': script('js', 'javascript', true),
  '.cjs': script('js', 'javascript', true),
  // TypeScript does not try these for an import without an extension.
  '.mts': script('ts', 'typescript', false),
  '.cts': script('ts', 'typescript', false),
  '.json': {
    loader: 'json',
    mime: 'application/json',
    language: 'json',
    ambient: 'untyped',
    resolves: true,
    icon: 'data',
  },
  '.css': {
    loader: 'css',
    mime: 'text/css',
    language: 'css',
    ambient: 'untyped',
    resolves: true,
    icon: 'style',
  },
  '.vue': component(
    'vue',
    "import type { DefineComponent } from 'vue'; const component: DefineComponent<{}, {}, any>; export default component;",
  ),
  '.svelte': component(
    'svelte',
    "import type { Component } from 'svelte'; const component: Component<any>; export default component;",
  ),
  // Svelte's runes in plain modules: compiled by Svelte's compiler after their types are gone.
  '.svelte.ts': { ...script('ts', 'typescript', false), loader: 'svelte' },
  '.svelte.js': { ...script('js', 'javascript', false), loader: 'svelte' },
  '.png': asset('image/png', 'image', true),
  '.jpg': asset('image/jpeg', 'image', true),
  '.jpeg': asset('image/jpeg', 'image', true),
  '.gif': asset('image/gif', 'image', true),
  '.webp': asset('image/webp', 'image', true),
  '.avif': asset('image/avif', 'image', true),
  '.ico': asset('image/x-icon', 'image'),
  '.bmp': asset('image/bmp', 'image'),
  // Binary when uploaded; a new .svg file is text (the editor shows it as XML).
  '.svg': { ...asset('image/svg+xml', 'image'), language: 'xml' },
  '.woff': asset('font/woff', 'font', true),
  '.woff2': asset('font/woff2', 'font', true),
  '.ttf': asset('font/ttf', 'font'),
  '.otf': asset('font/otf', 'font'),
  '.mp3': asset('audio/mpeg', undefined, true),
  '.wav': asset('audio/wav'),
  '.ogg': asset('audio/ogg'),
  '.mp4': asset('video/mp4', undefined, true),
  '.webm': asset('video/webm', undefined, true),
  '.html': { loader: 'text', mime: 'text/html', language: 'html', icon: 'page' },
  '.htm': { loader: 'text', mime: 'text/html', language: 'html', icon: 'page' },
  '.md': { loader: 'text', mime: 'text/markdown', language: 'markdown', icon: 'text' },
  '.markdown': { loader: 'text', language: 'markdown', icon: 'text' },
  '.txt': { loader: 'text', mime: 'text/plain', icon: 'text' },
  '.xml': { loader: 'text', language: 'xml' },
  '.pdf': opaque(),
  '.zip': opaque(true),
  '.gz': opaque(true),
  '.tgz': opaque(),
  '.wasm': opaque(),
  '.bin': opaque(),
  '.exe': opaque(),
  '.dll': opaque(),
  '.so': opaque(),
  '.dylib': opaque(),
  '.class': opaque(),
  '.jar': opaque(),
  '.psd': opaque(),
  '.tif': opaque(),
  '.tiff': opaque(),
  '.heic': opaque(),
  '.flac': opaque(),
  '.m4a': opaque(),
  '.mov': opaque(),
  '.avi': opaque(),
  '.eot': opaque(),
};

/** A file with no known extension: edited as text, loaded as a string. */
const UNKNOWN: FileType = { loader: 'text' };

/** `.svelte.ts` of `a.svelte.ts`: the two last extensions, lower case, or '' for fewer. */
const doubleExtname = (path: string): string => {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const found = /[^.](\.[^.]+\.[^.]+)$/.exec(base);
  return found ? found[1]!.toLowerCase() : '';
};

/** The type of the file at `path`, by its extension (a known double one such as `.svelte.ts` first). */
export const fileTypeOf = (path: string): FileType => {
  const double = doubleExtname(path);
  if (double && Object.hasOwn(FILE_TYPES, double)) return FILE_TYPES[double]!;
  const ext = extname(path);
  return Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext]! : UNKNOWN;
};

/** The loaders that evaluate a file as a program module (so it can be the run's entry). */
const SCRIPT_LOADERS: ReadonlySet<FileLoader> = new Set(['ts', 'tsx', 'js', 'jsx']);

/**
 * Code the bundler runs: it may be the entry and the TS service reads it. A `.svelte.ts` module
 * is one too: Svelte's compiler adds the runes' code, what the user writes is plain TypeScript.
 */
export const isScriptPath = (path: string): boolean => {
  const type = fileTypeOf(path);
  return (
    SCRIPT_LOADERS.has(type.loader) || (type.loader === 'svelte' && type.language !== 'svelte')
  );
};

/** The framework a component file or rune module is compiled by, if any. */
export const componentFramework = (path: string): 'vue' | 'svelte' | undefined => {
  const { loader } = fileTypeOf(path);
  return loader === 'vue' || loader === 'svelte' ? loader : undefined;
};

/** Files whose imports the program follows: scripts and components (exports scan them). */
export const hasImports = (path: string): boolean =>
  isScriptPath(path) || componentFramework(path) !== undefined;

/** The script extensions, for messages (".ts, .tsx, …"): from the table, so they never drift. */
export const SCRIPT_EXTENSIONS: readonly string[] = Object.keys(FILE_TYPES).filter((ext) =>
  SCRIPT_LOADERS.has(FILE_TYPES[ext]!.loader),
);

/** Whether files at this path are kept as bytes rather than text. */
export const isBinaryPath = (path: string): boolean => fileTypeOf(path).binary === true;

/** A new file here can start empty and be typed: text, or SVG (binary, with a text form). */
export const canBeTyped = (path: string): boolean => {
  const type = fileTypeOf(path);
  return type.binary !== true || type.language !== undefined;
};

/** MIME type for a path; `application/octet-stream` when unknown. */
export const mimeOf = (path: string): string => fileTypeOf(path).mime ?? 'application/octet-stream';

/** Extensions tried, in order, for an import written without one (`./a` → `./a.tsx`). */
export const RESOLVE_EXTENSIONS: readonly string[] = Object.keys(FILE_TYPES).filter(
  (ext) => FILE_TYPES[ext]!.resolves,
);
