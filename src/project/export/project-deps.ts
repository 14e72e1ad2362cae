/**
 * Which npm packages a project's code imports, for the exported package.json. Specifier
 * rules are the bundler's own (package-json.ts, paths.ts), so the export names exactly the
 * packages the preview fetched.
 */
import type { ProjectFile } from '../../protocol';
import { hasImports } from '../model/file-types';
import { splitPackage } from '../model/package-json';
import { isPathSpecifier, isUrl } from '../model/paths';
import { scanImports } from './import-scan';

/** npm's rules for a package name (lower case, URL-safe, optional scope). */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** The package a specifier names, or null for project paths, URLs and Node built-ins. */
export function packageOf(spec: string): string | null {
  const bare = spec.replace(/[?#].*$/, '');
  if (isPathSpecifier(bare) || isUrl(bare)) return null;
  const name = splitPackage(bare)?.name;
  return name && NPM_NAME.test(name) ? name : null;
}

/** Packages imported anywhere in the project's code (scripts and components), sorted. */
export function importedPackages(files: Record<string, ProjectFile>): string[] {
  const names = new Set<string>();
  for (const [path, file] of Object.entries(files)) {
    if (file.kind !== 'text' || !hasImports(path)) continue;
    for (const spec of scanImports(file.text)) {
      const name = packageOf(spec);
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}
