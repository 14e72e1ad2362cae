/**
 * Where a package.json says a package's declarations are, as TypeScript's `bundler` resolution
 * (the editor's) finds them: through `exports` when it has one (the `types` conditions, else the
 * .d.ts beside each script it names), else `typesVersions`, `types`/`typings`, the .d.ts beside
 * `main`. Every condition is taken (TypeScript picks among them by its own rules, the crawl
 * only has to fetch what it may pick).
 */
import { mapTypesVersions } from './types-versions';

/** The fields of a package.json read here. */
export interface PackageJson {
  /** The package's name (an `npm:` alias fetches another name). */
  name?: string;
  /** The exact version the type source served. */
  version?: string;
  /** The declaration entry. */
  types?: string;
  /** The older name of `types`. */
  typings?: string;
  /** The script entry, whose `.d.ts` sibling TypeScript tries when `types` is absent. */
  main?: string;
  /** Subpath exports, with conditions. */
  exports?: unknown;
  /** Per TypeScript version range, path patterns mapped to other paths (read without `exports`). */
  typesVersions?: unknown;
  /** Version ranges of the packages its declarations may import. */
  dependencies?: Record<string, string>;
  /** Same, for peers. */
  peerDependencies?: Record<string, string>;
}

const clean = (path: string) => path.replace(/^\.\//, '');

/** The declaration file next to a script path (`lib/a.js` → `lib/a.d.ts`); null for others. */
export function declarationOf(path: string): string | null {
  if (/\.d\.[cm]?ts$/.test(path)) return path;
  const match = /^(.*?)(\.[cm]?js|\.tsx?|)$/.exec(path);
  if (!match) return null;
  const ext = match[2] === '.mjs' ? '.d.mts' : match[2] === '.cjs' ? '.d.cts' : '.d.ts';
  return match[1] + ext;
}

/** The .d.ts TypeScript reads for every script leaf of an exports entry (`./a.mjs` → `a.d.mts`). */
function scriptLeaves(entry: unknown, out: string[]): void {
  if (typeof entry === 'string') {
    if (/\.[cm]?js$/.test(entry)) out.push(declarationOf(clean(entry))!);
  } else if (entry && typeof entry === 'object') {
    for (const value of Object.values(entry)) scriptLeaves(value, out);
  }
}

/** `a/b` → [`a/b.d.ts`, `a/b/index.d.ts`]; a path with an extension → its declaration. */
export const pathCandidates = (path: string): string[] =>
  /\.([cm]?js|d\.[cm]?ts)$/.test(path)
    ? [declarationOf(path)!]
    : [path + '.d.ts', path + '/index.d.ts', path + '.d.mts', path + '.d.cts'];

/** Every string leaf under a `types` key (or any leaf ending in .d.ts) of an exports entry. */
function typesLeaves(entry: unknown, underTypes: boolean, out: string[]): void {
  if (typeof entry === 'string') {
    if (underTypes || /\.d\.[cm]?ts$/.test(entry)) out.push(clean(entry));
  } else if (Array.isArray(entry)) {
    for (const item of entry) typesLeaves(item, underTypes, out);
  } else if (entry && typeof entry === 'object') {
    for (const [key, value] of Object.entries(entry)) {
      typesLeaves(value, underTypes || key === 'types' || key === 'typings', out);
    }
  }
}

/** The exports entry for a subpath (`.` or `./sub`), including `./*` patterns. */
function exportsEntry(exports: unknown, subpath: string): unknown {
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) {
    return subpath === '.' ? exports : undefined;
  }
  const map = exports as Record<string, unknown>;
  if (!Object.keys(map).some((key) => key.startsWith('.'))) {
    return subpath === '.' ? map : undefined; // a conditions object for `.` alone
  }
  if (subpath in map) return map[subpath];
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const [head, tail] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(head) && subpath.endsWith(tail)) {
      const matched = subpath.slice(head.length, subpath.length - tail.length);
      return JSON.parse(JSON.stringify(value).replaceAll('*', matched));
    }
  }
  return undefined;
}

/**
 * Declaration files (paths inside the package, no leading `./`) for importing `subpath`
 * ('' for the package itself, or `/sub`): those the package.json names, and the guesses
 * TypeScript falls back to when those are absent (beside `main`, `index.d.ts`).
 */
export function typesEntries(
  pkg: PackageJson,
  subpath: string,
): { declared: string[]; guessed: string[] } {
  const declared: string[] = [];
  const guessed: string[] = [];
  const unique = (list: string[]) => [...new Set(list.filter(Boolean))];
  const target = subpath ? '.' + subpath : '.';
  const entry = pkg.exports === undefined ? undefined : exportsEntry(pkg.exports, target);
  if (entry !== undefined && entry !== null) {
    typesLeaves(entry, false, declared);
    // No types condition: TypeScript reads the declaration beside the script it resolves to.
    if (declared.length === 0) scriptLeaves(entry, declared);
  }
  if (subpath && pkg.exports !== undefined) {
    // An exports map is the whole of what a package lets one import: no guesses beside it.
    return { declared: unique(declared), guessed: [] };
  }
  // Without exports, typesVersions maps the path first (`types` for the package itself).
  const mapped = (path: string) => mapTypesVersions(pkg.typesVersions, path);
  if (!subpath) {
    for (const field of [pkg.types, pkg.typings]) {
      if (typeof field !== 'string') continue;
      const path = clean(field);
      const to = mapped(path);
      if (to) guessed.push(...to.flatMap(pathCandidates));
      else declared.push(declarationOf(path) ?? '');
    }
    if (typeof pkg.main === 'string') guessed.push(declarationOf(clean(pkg.main)) ?? '');
    guessed.push('index.d.ts');
  } else {
    const inner = subpath.slice(1);
    guessed.push(...(mapped(inner) ?? []).flatMap(pathCandidates));
    guessed.push(declarationOf(inner) ?? '', inner + '/index.d.ts');
  }
  return { declared: unique(declared), guessed: unique(guessed) };
}
