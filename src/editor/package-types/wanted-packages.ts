/**
 * Which packages the project imports, for type acquisition: bare imports of its script
 * files, by package name with the subpaths used. React's types ship with the app.
 */
import type { ProjectFile } from '../../protocol';
import { splitPackage } from '../../project/model/package-json';
import { isScriptPath } from '../../project/model/file-types';
import { untypedImports } from '../ambient';

const LOCAL = new Set(['react', 'react-dom']);

/** Package name → subpaths imported ('' for the package itself), sorted. */
export function wantedPackages(
  files: Record<string, ProjectFile>,
  importsOf: (file: ProjectFile & { kind: 'text' }) => string[] = (file) =>
    untypedImports(file.text),
): Map<string, string[]> {
  const wanted = new Map<string, Set<string>>();
  for (const path in files) {
    const file = files[path]!;
    if (file.kind !== 'text' || !isScriptPath(path)) continue;
    for (const spec of importsOf(file)) {
      if (spec.includes(':')) continue; // a URL (or node:fs): not a package
      const split = splitPackage(spec);
      if (!split || LOCAL.has(split.name) || split.name.startsWith('@types/')) continue;
      let subpaths = wanted.get(split.name);
      if (!subpaths) wanted.set(split.name, (subpaths = new Set()));
      subpaths.add(split.subpath);
    }
  }
  return new Map([...wanted].map(([name, subpaths]) => [name, [...subpaths].sort()]));
}
