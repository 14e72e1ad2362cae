/**
 * What a project's package.json and its import specifiers say about npm packages; read the
 * same way by the bundler (which fetches them) and the export (which lists them).
 */
import type { ProjectFile } from '../../protocol';

/** Dependency name → version range, from the project's package.json (empty when absent). */
export type DependencyVersions = Record<string, string>;

/** Reads `dependencies` and `devDependencies` (dependencies win); bad JSON → none. */
export const readDependencies = (file: ProjectFile | undefined): DependencyVersions => {
  if (!file || file.kind !== 'text') return {};
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch {
    return {};
  }
  if (!json || typeof json !== 'object') return {};
  const out: DependencyVersions = {};
  for (const field of ['devDependencies', 'dependencies'] as const) {
    const deps = (json as Record<string, unknown>)[field];
    if (!deps || typeof deps !== 'object') continue;
    for (const [name, version] of Object.entries(deps)) {
      if (typeof version === 'string') out[name] = version;
    }
  }
  return out;
};

/** Splits a bare specifier into package name and subpath: `@a/b/c` → [`@a/b`, `/c`]. */
export const splitPackage = (spec: string): { name: string; subpath: string } | null => {
  const parts = spec.split('/');
  const count = spec.startsWith('@') ? 2 : 1;
  if (parts.length < count || parts.slice(0, count).some((p) => !p || p === '.' || p === '..')) {
    return null;
  }
  const name = parts.slice(0, count).join('/');
  return { name, subpath: spec.slice(name.length) };
};
