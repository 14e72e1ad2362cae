/**
 * Fetches one package's declaration files: its package.json (by the project's version
 * range), the .d.ts entries it names, and every .d.ts those reach by relative import. Bare
 * imports found on the way are returned for the caller to acquire as packages of their own.
 */
import type { TypeFile } from '../../src/protocol/package-types';
import { dtsReferences } from './dts-references';
import { pathCandidates as candidates, typesEntries, type PackageJson } from './package-entry';

/** Text of a URL; null when the source says it does not exist (404); throws when unreachable. */
export type FetchText = (url: string, options: { immutable: boolean }) => Promise<string | null>;

/** What one package's crawl found. */
export type Crawled =
  | { kind: 'missing' }
  | { kind: 'untyped'; version: string }
  | {
      kind: 'typed';
      version: string;
      files: TypeFile[];
      /** Bare imports of its declarations, with the range its package.json gives them. */
      imports: { name: string; range?: string }[];
    };

/** Guards against a package whose declarations never end (a crawl is bounded). */
export const CRAWL_LIMITS = { files: 400, bytes: 8_000_000 };

const join = (dir: string, rel: string): string => {
  const parts = dir ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
};
const dirOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));

/** The package name of a bare specifier (`@a/b/c` → `@a/b`), or null. */
export const packageName = (spec: string): string | null => {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return name && !(spec.startsWith('@') && parts.length < 2) ? name : null;
};

/**
 * Crawls `fetchName@range` from `base`, its files placed under `node_modules/<importName>/`
 * (they differ for `npm:` aliases and `@types/…`).
 */
export async function crawlPackage(
  importName: string,
  fetchName: string,
  range: string,
  subpaths: string[],
  base: string,
  fetchText: FetchText,
): Promise<Crawled> {
  const pinned = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range);
  const pkgText = await fetchText(`${base}${fetchName}@${range}/package.json`, {
    immutable: pinned,
  });
  if (pkgText === null) return { kind: 'missing' };
  const pkg = JSON.parse(pkgText) as PackageJson;
  const version = typeof pkg.version === 'string' ? pkg.version : range;
  const root = `${base}${fetchName}@${version}/`;
  const files: TypeFile[] = [{ path: `${importName}/package.json`, text: pkgText }];
  const imports = new Map<string, string | undefined>();
  const loads = new Map<string, Promise<boolean>>();
  let bytes = 0;

  /** Fetches one file and what it refers to; true when it exists. Each path once. */
  const load = (path: string): Promise<boolean> => {
    let loading = loads.get(path);
    if (!loading) loads.set(path, (loading = fetchAndFollow(path)));
    return loading;
  };
  const fetchAndFollow = async (path: string): Promise<boolean> => {
    if (files.length >= CRAWL_LIMITS.files || bytes >= CRAWL_LIMITS.bytes) return false;
    const text = await fetchText(root + path, { immutable: true });
    if (text === null) return false;
    bytes += text.length;
    files.push({ path: `${importName}/${path}`, text });
    const refs = dtsReferences(text);
    for (const spec of refs.packages) {
      const name = packageName(spec);
      if (name && name !== importName && !imports.has(name)) {
        imports.set(name, pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name]);
      }
    }
    await Promise.all(refs.relative.map((rel) => firstOf(candidates(join(dirOf(path), rel)))));
    return true;
  };
  /** Loads the first of several candidates that exists. */
  const firstOf = async (paths: string[]): Promise<boolean> => {
    for (const path of paths) if (await load(path)) return true;
    return false;
  };

  /**
   * A folder's own package.json (`sub/package.json`, as rxjs 6's `operators`): its
   * `types`/`typings` (else the .d.ts beside its `main`) are the folder's declarations, as
   * TypeScript reads them when the package has no exports map.
   */
  const folderEntry = async (folder: string): Promise<boolean> => {
    const text = await fetchText(`${root}${folder}/package.json`, { immutable: true });
    if (text === null) return false;
    let nested: PackageJson;
    try {
      nested = JSON.parse(text) as PackageJson;
    } catch {
      return false; // TypeScript skips an unreadable package.json too
    }
    const { declared, guessed } = typesEntries(nested, '');
    const inFolder = (path: string) => join(folder, path);
    const found = (await Promise.all(declared.map((path) => load(inFolder(path))))).some(Boolean);
    if (!found && !(await firstOf(guessed.map(inFolder)))) return false;
    files.push({ path: `${importName}/${folder}/package.json`, text });
    return true;
  };

  await Promise.all(
    [...new Set(subpaths)].map(async (sub) => {
      const { declared, guessed } = typesEntries(pkg, sub);
      // Every declared entry (exports conditions may name several); guesses only without one.
      const found = await Promise.all(declared.map(load));
      if (found.some(Boolean)) return;
      if (!sub || pkg.exports !== undefined) return void (await firstOf(guessed));
      // TypeScript tries `sub.d.ts`, then the folder: its package.json, then its index.d.ts.
      const index = `${sub.slice(1)}/index.d.ts`;
      if (await firstOf(guessed.filter((path) => path !== index))) return;
      if (!(await folderEntry(sub.slice(1)))) await load(index);
    }),
  );
  if (files.length === 1) return { kind: 'untyped', version };
  return {
    kind: 'typed',
    version,
    // Fetched concurrently, they arrive in any order: sorted, the same package gives the same list.
    files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    imports: [...imports].map(([name, depRange]) => ({ name, range: depRange })),
  };
}
