/** POSIX path helpers for project paths (relative, no leading `/`, no `..`). */

export const dirname = (path: string): string => {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
};

export const basename = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Lower-case extension with the dot (`.tsx`), or '' when there is none. */
export const extname = (path: string): string => {
  const base = basename(path);
  const i = base.lastIndexOf('.');
  return i <= 0 ? '' : base.slice(i).toLowerCase();
};

/**
 * Joins `spec` onto directory `dir` and normalises `.`/`..`; a spec starting with `/` is
 * taken from the project root. Returns null when the path would leave the project.
 */
export const joinPath = (dir: string, spec: string): string | null => {
  const parts = spec.startsWith('/') ? [] : dir.split('/').filter(Boolean);
  for (const part of spec.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
};

/** True for specifiers that name a file (`./a`, `../a`, `/a`), not a package. */
export const isPathSpecifier = (spec: string): boolean =>
  spec.startsWith('./') ||
  spec.startsWith('../') ||
  spec.startsWith('/') ||
  spec === '.' ||
  spec === '..';

/** True for URLs that the browser fetches itself (`https:`, `data:`, `//host`, `#frag`). */
export const isUrl = (spec: string): boolean =>
  /^[a-z][a-z0-9+.-]*:/i.test(spec) || spec.startsWith('//') || spec.startsWith('#');
