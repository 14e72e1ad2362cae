import type { Loader } from 'esbuild-wasm';
import type { ProjectFile } from '../../src/protocol';
import { extname } from './paths';

/** Extensions compiled as JavaScript modules, with esbuild's loader for each. */
export const JS_LOADERS: Record<string, Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.json': 'json',
};

export const ASSET_MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Extensions tried, in order, for an import written without one (`./a` → `./a.tsx`). */
export const RESOLVE_EXTENSIONS = [
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.json',
  '.css',
  ...Object.keys(ASSET_MIME),
];

export type ModuleKind =
  | { kind: 'js'; loader: Loader }
  | { kind: 'css'; modules: boolean }
  | { kind: 'text' }
  | { kind: 'asset'; mime: string };

/** How a project file becomes a module: by extension, then by content for the rest. */
export const moduleKind = (path: string, file: ProjectFile): ModuleKind => {
  const ext = extname(path);
  if (file.kind === 'binary') return { kind: 'asset', mime: ASSET_MIME[ext] ?? file.mime };
  const loader = JS_LOADERS[ext];
  if (loader) return { kind: 'js', loader };
  if (ext === '.css') return { kind: 'css', modules: path.endsWith('.module.css') };
  const mime = ASSET_MIME[ext];
  if (mime) return { kind: 'asset', mime };
  return { kind: 'text' };
};
