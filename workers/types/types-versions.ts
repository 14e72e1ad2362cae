/**
 * A package.json's `typesVersions`, read as TypeScript does: the first entry whose range holds
 * the editor's TypeScript version maps a path through its patterns (`*` matches any text).
 */

/** The TypeScript inside Monaco's worker (a unit test checks it against Monaco's). */
export const EDITOR_TS_VERSION = '5.9';

const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
const compare = (a: number[], b: number[]) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/** Whether `version` is in a range such as `*`, `>=4.1`, `<=5.6` or `>=3.1 <4`. */
export function inRange(range: string, version: string = EDITOR_TS_VERSION): boolean {
  const have = parts(version);
  return range
    .trim()
    .split(/\s+/)
    .every((comparator) => {
      if (comparator === '*' || comparator === '') return true;
      const match = /^(>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(comparator);
      if (!match) return false;
      const c = compare(have, parts(match[2]!));
      switch (match[1]) {
        case '>=':
          return c >= 0;
        case '<=':
          return c <= 0;
        case '>':
          return c > 0;
        case '<':
          return c < 0;
        default:
          return c === 0;
      }
    });
}

/**
 * Where `typesVersions` sends `path` (inside the package, no leading `./`): the substituted
 * paths in order, or null when no entry applies (the path is then read as it is).
 */
export function mapTypesVersions(typesVersions: unknown, path: string): string[] | null {
  if (!typesVersions || typeof typesVersions !== 'object') return null;
  const entry = Object.entries(typesVersions).find(([range]) => inRange(range))?.[1];
  if (!entry || typeof entry !== 'object') return null;
  // The longest prefix before `*` wins, as in TypeScript's `paths`; an exact key first.
  let best: { to: string[]; star: string; prefix: number } | null = null;
  for (const [pattern, to] of Object.entries(entry as Record<string, unknown>)) {
    if (!Array.isArray(to)) continue;
    const targets = to.filter((t): t is string => typeof t === 'string');
    const key = pattern.replace(/^\.\//, '');
    if (key === path) return targets.map((t) => t.replace(/^\.\//, ''));
    const star = key.indexOf('*');
    if (star < 0) continue;
    const [head, tail] = [key.slice(0, star), key.slice(star + 1)];
    if (!path.startsWith(head) || !path.endsWith(tail) || path.length < head.length + tail.length)
      continue;
    if (best && best.prefix >= head.length) continue;
    best = {
      to: targets,
      star: path.slice(head.length, path.length - tail.length),
      prefix: head.length,
    };
  }
  if (!best) return null;
  const { to, star } = best;
  return to.map((t) => t.replace('*', star).replace(/^\.\//, ''));
}
