/**
 * Ambient module declarations for the TypeScript service, generated from project files.
 * Pure (no Monaco) so it is unit-testable.
 */
import { FILE_TYPES } from '../project/model/file-types';
import { VENDOR_BUNDLES, type ProjectFile } from '../protocol';
import { splitPackage } from '../project/model/package-json';

/**
 * Non-code imports the bundler understands, as Vite's client types declare them: an asset
 * import is its URL, a CSS or JSON import is untyped, a component is its framework's component
 * type (as the shims of Vue's and Svelte's Vite templates say). Patterns also match relative
 * specifiers, so no `declare module '*'` here: that would hide typos in `./file` imports.
 */
export const ASSET_DECLARATIONS = Object.entries(FILE_TYPES)
  .flatMap(([ext, type]) => {
    if (type.ambient === 'untyped') return [`declare module '*${ext}';`];
    if (type.ambient === 'url')
      return [`declare module '*${ext}' { const src: string; export default src; }`];
    if (type.ambient) return [`declare module '*${ext}' { ${type.ambient.body} }`];
    return [];
  })
  .join('\n');

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"])([^'"\n\r*]+)\1/g;

/** True for an import the bundler fetches from the CDN: a package name or a URL. */
function isBareOrUrl(specifier: string): boolean {
  return !specifier.startsWith('.') && !specifier.startsWith('/');
}

// The React modules' types ship with the app (type-libs.ts); Vue's and Svelte's are fetched like
// any package's, at the version the project's package.json asks for.
const TYPED: ReadonlySet<string> = new Set(VENDOR_BUNDLES.react);

/** Dependencies listed in the project's package.json (ignored when it does not parse). */
function packageJsonDependencies(files: Record<string, ProjectFile>): string[] {
  const file = files['package.json'];
  if (!file || file.kind !== 'text') return [];
  try {
    const json: unknown = JSON.parse(file.text);
    if (typeof json !== 'object' || json === null) return [];
    const names: string[] = [];
    for (const key of ['dependencies', 'devDependencies', 'peerDependencies']) {
      const deps = (json as Record<string, unknown>)[key];
      if (typeof deps === 'object' && deps !== null) names.push(...Object.keys(deps));
    }
    return names;
  } catch {
    return [];
  }
}

/** Bare or URL import specifiers of one script's text, except the React modules typed here. */
export function untypedImports(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[2]!.trim();
    if (specifier && isBareOrUrl(specifier) && !TYPED.has(specifier)) names.push(specifier);
  }
  return names;
}

/**
 * untypedImports remembered per file object: a file's object is replaced when its text
 * changes, so after an edit only the edited file is scanned again.
 */
export function cachedUntypedImports(): (file: ProjectFile & { kind: 'text' }) => string[] {
  const cache = new WeakMap<ProjectFile, string[]>();
  return (file) => {
    let names = cache.get(file);
    if (!names) cache.set(file, (names = untypedImports(file.text)));
    return names;
  };
}

/**
 * Shorthand (any-typed) declarations for every bare or URL import in the project's script
 * files and every package.json dependency (with its subpaths), except the React modules
 * whose real types are installed. Such imports are served by the ESM CDN at run time and
 * have no types here; without this every one of them would be a red squiggle. Missing
 * relative files still error. Output is sorted so unchanged input gives identical text.
 * `importsOf` may cache per file (cachedUntypedImports). Packages in `typed` have fetched
 * types (package-types/): a shorthand declaration would hide them, so they get none.
 */
export function bareModuleDeclarations(
  files: Record<string, ProjectFile>,
  isScript: (path: string) => boolean,
  importsOf: (file: ProjectFile & { kind: 'text' }) => string[] = (file) =>
    untypedImports(file.text),
  typed: ReadonlySet<string> = new Set(),
): string {
  const names = new Set<string>();
  const hasTypes = (spec: string) => {
    const split = splitPackage(spec);
    return !!split && typed.has(split.name);
  };
  for (const path in files) {
    const file = files[path]!;
    if (file.kind !== 'text' || !isScript(path)) continue;
    for (const name of importsOf(file)) if (!hasTypes(name)) names.add(name);
  }
  for (const name of packageJsonDependencies(files)) {
    if (name === 'react' || name === 'react-dom' || name.startsWith('@types/')) continue;
    if (typed.has(name)) continue;
    names.add(name);
    names.add(name + '/*');
  }
  return [...names]
    .sort()
    .map((name) => `declare module ${JSON.stringify(name)};`)
    .join('\n');
}
