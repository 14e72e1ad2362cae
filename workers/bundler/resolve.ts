import { VENDOR_MODULES, type ProjectFile } from '../../src/protocol';
import { findProjectFile } from '../../src/project/model/file-lookup';
import type { DependencyVersions } from '../../src/project/model/package-json';
import { dirname, isPathSpecifier, isUrl, joinPath } from '../../src/project/model/paths';
import { cdnUrl } from './cdn-url';

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
