import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

// Issue 14 item 5: no dependency stays that the code does not use. What ships (src/, workers/)
// and what builds it (scripts/, vite.config.ts) must import each runtime dependency.

const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(m?[jt]sx?)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const code = [...sources('src'), ...sources('workers'), ...sources('scripts')]
  .concat(join(ROOT, 'vite.config.ts'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** `from 'name'`, `from 'name/sub'`, `import('name')`, `import 'name'`, `require('name')`. */
const imports = (name: string) =>
  new RegExp(
    `(?:from|import|require)\\s*\\(?\\s*['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^'"]*)?['"]`,
  ).test(code);

describe('package.json', () => {
  test('a package nothing imports is found out', () => {
    expect(imports('left-pad')).toBe(false);
    expect(imports('zod')).toBe(true);
  });
  test.each(Object.keys(pkg.dependencies))('%s is imported by the code', (name) => {
    expect(imports(name)).toBe(true);
  });
});
