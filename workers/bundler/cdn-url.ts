import { splitPackage, type DependencyVersions } from '../../src/project/model/package-json';

/**
 * The version written after `@` in the CDN URL, or null for none. Ranges (`^1.2.0`) are
 * passed through (CDNs like esm.sh resolve them); `npm:other@1` aliases switch package;
 * local or git sources (`file:`, `workspace:`, URLs) cannot be fetched by version.
 */
export const cdnPackage = (
  name: string,
  range: string | undefined,
): { name: string; version?: string } => {
  const v = range?.trim();
  if (!v || v === '*' || v === 'latest') return { name };
  if (v.startsWith('npm:')) {
    const alias = v.slice(4);
    const at = alias.lastIndexOf('@');
    return at > 0 ? { name: alias.slice(0, at), version: alias.slice(at + 1) } : { name: alias };
  }
  if (/^[a-z+]+:/i.test(v) || v.includes('/')) return { name };
  // `>= 1 < 2` → `>=1%20<2`: operators joined to their versions, the AND-space kept.
  return { name, version: v.replace(/([<>=~^]+)\s+/g, '$1').replace(/\s+/g, '%20') };
};

/** `${cdnBase}${name}@${version}${subpath}` for a bare import, or null if it is not a package name. */
export const cdnUrl = (spec: string, cdnBase: string, deps: DependencyVersions): string | null => {
  const split = splitPackage(spec);
  if (!split) return null;
  const pkg = cdnPackage(split.name, deps[split.name]);
  const base = cdnBase.endsWith('/') ? cdnBase : cdnBase + '/';
  return `${base}${pkg.name}${pkg.version ? '@' + pkg.version : ''}${split.subpath}`;
};
