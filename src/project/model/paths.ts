/**
 * Project paths: POSIX, relative, no `..`. Validation messages are shown to users as they
 * are, so they say what is wrong and how to fix it.
 */

/** Longest file or folder name most file systems accept (NTFS, APFS, ext4). */
export const MAX_NAME_LENGTH = 255;
/** Longest whole path; generous, but keeps zips openable and the tree readable. */
export const MAX_PATH_LENGTH = 1024;

export interface ValidatePathOptions {
  /** Empty folders (folders holding files are derived from `existing`). */
  folders?: Iterable<string>;
  /** The path being renamed: it and everything under it do not count as clashes. */
  self?: string;
}

// Illegal on Windows (and so in zips opened there); control characters everywhere.
// eslint-disable-next-line no-control-regex
const ILLEGAL_CHAR = /[<>:"|?*\u0000-\u001f\u007f]/;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

const quote = (s: string) => `“${s.length > 40 ? s.slice(0, 37) + '…' : s}”`;

function describeChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return 'control characters (like tabs or line breaks)';
  return quote(c);
}

/** Checks `path` alone, without looking at other files. */
function checkShape(path: string): string | null {
  if (path === '') return 'Enter a name.';
  if (path.trim() === '') return 'A name can’t be only spaces.';
  if (path.includes('\\')) return 'Use “/” to separate folders, not “\\”.';
  if (path.startsWith('/')) return 'Paths are relative to the project: remove the leading “/”.';
  const bad = ILLEGAL_CHAR.exec(path);
  if (bad) return `Names can’t contain ${describeChar(bad[0])}. Avoid < > : " | ? * too.`;
  if (path.endsWith('/')) return 'A name can’t end with “/”.';
  if (path.length > MAX_PATH_LENGTH)
    return `This path is ${path.length} characters long; the limit is ${MAX_PATH_LENGTH}.`;
  for (const segment of path.split('/')) {
    if (segment === '') return 'A path can’t contain an empty folder name (“//”).';
    if (segment === '.' || segment === '..')
      return `${quote(segment)} can’t be used as a name: paths must stay inside the project.`;
    if (segment.length > MAX_NAME_LENGTH)
      return `${quote(segment)} is ${segment.length} characters long; names can have at most ${MAX_NAME_LENGTH}.`;
    if (/[ .]$/.test(segment))
      return `${quote(segment)} ends with a space or a dot, which Windows can’t open.`;
    if (RESERVED.test(segment)) return `${quote(segment)} is a reserved name on Windows.`;
  }
  return null;
}

const under = (path: string, folder: string) => path === folder || path.startsWith(folder + '/');

/** Every folder that holds `path`, outermost first: `a/b/c.ts` → `a`, `a/b`. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  const out: string[] = [];
  for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return out;
}

/** Checks many new paths against the project and each other, building the lookup once. */
export interface PathIndex {
  /** Why `path` can't be created now, or null (same messages as validatePath). */
  check(path: string): string | null;
  /** Counts `path` as an existing file from now on (after check said yes). */
  add(path: string): void;
}

/** A PathIndex over `existing` files; validatePath is one check on a fresh index. */
export function createPathIndex(
  existing: Iterable<string>,
  opts: ValidatePathOptions = {},
): PathIndex {
  const self = opts.self;
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  const keep = (p: string) => self === undefined || !under(p, self);
  const addFile = (file: string) => {
    if (!keep(file)) return;
    files.set(file.toLowerCase(), file);
    for (const dir of ancestorsOf(file)) if (keep(dir)) folders.set(dir.toLowerCase(), dir);
  };
  for (const file of existing) addFile(file);
  for (const folder of opts.folders ?? []) {
    if (!keep(folder)) continue;
    folders.set(folder.toLowerCase(), folder);
    for (const dir of ancestorsOf(folder)) if (keep(dir)) folders.set(dir.toLowerCase(), dir);
  }

  const check = (path: string): string | null => {
    const shape = checkShape(path);
    if (shape) return shape;
    if (self !== undefined && path !== self && under(path, self))
      return `Can’t move ${quote(self)} into itself.`;
    const lower = path.toLowerCase();
    const clash = files.get(lower) ?? folders.get(lower);
    if (clash !== undefined) {
      const what = files.has(lower) ? 'A file' : 'A folder';
      if (clash === path) return `${what} named ${quote(path)} already exists.`;
      return `${what} named ${quote(clash)} already exists; names that differ only in case clash on macOS and Windows.`;
    }
    for (const dir of ancestorsOf(path)) {
      const file = files.get(dir.toLowerCase());
      if (file !== undefined) return `${quote(file)} is a file, so it can’t contain other files.`;
      const folder = folders.get(dir.toLowerCase());
      if (folder !== undefined && folder !== dir)
        return `The folder ${quote(folder)} exists; use the same case (${quote(folder)}) to put things in it.`;
    }
    return null;
  };
  return { check, add: addFile };
}

/**
 * Why `path` can't be created (or renamed to), as a message for the user; null when it can.
 * `existing` are the paths of the project's files.
 */
export function validatePath(
  path: string,
  existing: Iterable<string>,
  opts: ValidatePathOptions = {},
): string | null {
  const shape = checkShape(path);
  if (shape) return shape;
  return createPathIndex(existing, opts).check(path);
}

/**
 * Tidies a path from outside (zip entries, imports): `\` → `/`, drops `.` segments, empty
 * segments and leading `/`, and resolves `a/../b`. A `..` that would leave the project is
 * kept so validatePath rejects it.
 */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

/** `src/a/b.ts` → `src/a`; `b.ts` → `` (the project root). */
export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** `src/a/b.ts` → `b.ts`. */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `src/b.test.ts` → `.ts`; `.gitignore` and `Makefile` → ``. Always lower case. */
export function extname(path: string): string {
  const base = basename(path);
  const i = base.lastIndexOf('.');
  return i <= 0 ? '' : base.slice(i).toLowerCase();
}

/**
 * Joins `spec` onto folder `dir` and resolves `.`/`..`; a spec starting with `/` is taken from
 * the project root. Null when the path would leave the project: an import or a link cannot
 * name a file outside it (normalizePath, for paths from outside, keeps the `..` instead).
 */
export function joinPath(dir: string, spec: string): string | null {
  const parts = spec.startsWith('/') ? [] : dir.split('/').filter(Boolean);
  for (const part of spec.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

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
