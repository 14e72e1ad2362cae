import { VENDOR_MODULES, type ProjectFile } from '../../src/protocol';
import { RESOLVE_EXTENSIONS } from './file-kinds';
import { cdnUrl, type DependencyVersions } from './packages';
import { dirname, extname, isPathSpecifier, isUrl, joinPath } from './paths';
import { hasFile } from '../../src/project/file-lookup';

export type Resolution =
  | { kind: 'project'; path: string }
  | { kind: 'vendor'; id: string }
  | { kind: 'cdn'; url: string }
  | { kind: 'error'; text: string };

export interface ResolveContext {
  files: Record<string, ProjectFile>;
  cdnBase: string;
  deps: DependencyVersions;
}

const vendor: ReadonlySet<string> = new Set(VENDOR_MODULES);

/** TypeScript lets `./a.js` name `a.ts` (ESM style); these are the swaps it allows. */
const TS_SWAPS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/** The project file a path names: exact, with an extension added, swapped, or its index file. */
export const findProjectFile = (
  files: Record<string, ProjectFile>,
  path: string,
): string | undefined => {
  if (path && hasFile(files, path)) return path;
  const candidates: string[] = [];
  if (path) {
    for (const ext of RESOLVE_EXTENSIONS) candidates.push(path + ext);
    const ext = extname(path);
    for (const swap of TS_SWAPS[ext] ?? []) candidates.push(path.slice(0, -ext.length) + swap);
  }
  const dir = path ? path + '/' : '';
  for (const ext of RESOLVE_EXTENSIONS) candidates.push(dir + 'index' + ext);
  return candidates.find((c) => hasFile(files, c));
};

/** Resolves an import specifier written in project file `importer`. */
export const resolveSpecifier = (
  spec: string,
  importer: string,
  ctx: ResolveContext,
): Resolution => {
  const missing = { kind: 'error', text: `Could not resolve "${spec}" from ${importer}` } as const;
  // Bundler-style suffixes (`?url`, `#x`) never name a different file here.
  const bare = spec.replace(/[?#].*$/, '');
  if (isPathSpecifier(bare)) {
    const joined = joinPath(dirname(importer), bare);
    const found = joined === null ? undefined : findProjectFile(ctx.files, joined);
    return found ? { kind: 'project', path: found } : missing;
  }
  if (vendor.has(bare)) return { kind: 'vendor', id: bare };
  if (bare.startsWith('node:')) {
    return {
      kind: 'error',
      text: `"${spec}" is a Node.js built-in module, not available in the browser (imported from ${importer})`,
    };
  }
  if (isUrl(bare)) return { kind: 'cdn', url: spec };
  const url = cdnUrl(bare, ctx.cdnBase, ctx.deps);
  return url ? { kind: 'cdn', url } : missing;
};
