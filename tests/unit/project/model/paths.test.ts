import { describe, expect, it } from 'vitest';
import {
  basename,
  dirname,
  extname,
  isPathSpecifier,
  isUrl,
  joinPath,
  normalizePath,
  validatePath,
} from '../../../../src/project/model/paths';

const files = ['index.html', 'src/main.ts', 'src/lib/util.ts'];
const check = (path: string, opts?: Parameters<typeof validatePath>[2]) =>
  validatePath(path, files, opts);

describe('validatePath', () => {
  it('accepts ordinary new paths', () => {
    for (const p of [
      'a.ts',
      'src/new.ts',
      'src/lib/deep/x.tsx',
      'assets/logo.png',
      '.env',
      'a b.ts',
    ])
      expect(check(p), p).toBeNull();
  });

  it('rejects empty and whitespace-only names', () => {
    expect(check('')).toMatch(/enter a name/i);
    expect(check('   ')).toMatch(/only spaces/i);
  });

  it('rejects . and .. segments', () => {
    for (const p of ['..', '../x.ts', 'src/../x.ts', './x.ts', 'src/./x.ts', 'src/..'])
      expect(check(p), p).toMatch(/inside the project/);
  });

  it('rejects a leading slash and backslashes', () => {
    expect(check('/src/x.ts')).toMatch(/leading “\/”/);
    expect(check('src\\x.ts')).toMatch(/not “\\”/);
  });

  it('rejects characters illegal on common file systems', () => {
    for (const c of ['<', '>', ':', '"', '|', '?', '*'])
      expect(check(`a${c}b.ts`), c).toMatch(/can’t contain/);
    expect(check('a\tb.ts')).toMatch(/control characters/);
    expect(check('a\nb.ts')).toMatch(/control characters/);
    expect(check('a\u0000b.ts')).toMatch(/control characters/);
  });

  it('rejects empty segments and a trailing slash', () => {
    expect(check('src//x.ts')).toMatch(/empty folder name/);
    expect(check('src/')).toMatch(/end with “\/”/);
  });

  it('rejects names ending in a space or a dot, and Windows reserved names', () => {
    expect(check('x.ts ')).toMatch(/space or a dot/);
    expect(check('folder./x.ts')).toMatch(/space or a dot/);
    expect(check('src/con.ts')).toMatch(/reserved/);
    expect(check('NUL')).toMatch(/reserved/);
    expect(check('console.ts')).toBeNull();
  });

  it('limits names to 255 characters and paths to a sane total', () => {
    expect(check('a'.repeat(255))).toBeNull();
    expect(check('a'.repeat(256))).toMatch(/256 characters.*at most 255/);
    const long = Array.from({ length: 6 }, () => 'b'.repeat(200)).join('/');
    expect(check(long)).toMatch(/limit is 1024/);
  });

  it('rejects duplicates, also when only the case differs', () => {
    expect(check('src/main.ts')).toMatch(/already exists/);
    expect(check('src/Main.ts')).toMatch(/“src\/main.ts” already exists.*case/);
    expect(check('SRC/x.ts')).toMatch(/use the same case/);
  });

  it('rejects a file where a folder is and a path through a file', () => {
    expect(check('src')).toMatch(/folder named “src”/);
    expect(check('src/lib')).toMatch(/folder named “src\/lib”/);
    expect(check('src/main.ts/x.ts')).toMatch(/“src\/main.ts” is a file/);
    expect(check('index.html/a')).toMatch(/is a file/);
  });

  it('counts empty folders passed in opts.folders', () => {
    expect(check('empty', { folders: ['empty'] })).toMatch(/already exists/);
    expect(check('empty/x.ts', { folders: ['empty'] })).toBeNull();
    expect(check('outer', { folders: ['outer/inner'] })).toMatch(/already exists/);
  });

  it('ignores the path being renamed, but not a move into itself', () => {
    expect(check('src/Main.ts', { self: 'src/main.ts' })).toBeNull();
    expect(check('Src', { self: 'src' })).toBeNull();
    expect(check('src/lib/inner', { self: 'src/lib' })).toMatch(/into itself/);
    expect(check('index.html', { self: 'src/main.ts' })).toMatch(/already exists/);
  });
});

describe('path helpers', () => {
  it('normalizes', () => {
    expect(normalizePath('./src//a.ts')).toBe('src/a.ts');
    expect(normalizePath('/src/a/../b.ts')).toBe('src/b.ts');
    expect(normalizePath('src\\a.ts')).toBe('src/a.ts');
    expect(normalizePath('../x.ts')).toBe('../x.ts');
    expect(normalizePath('a/../../x.ts')).toBe('../x.ts');
  });

  it('refuses a join that leaves the project, where normalizePath keeps the “..”', () => {
    expect(joinPath('src', '../../x.ts')).toBeNull();
    expect(joinPath('', '..')).toBeNull();
    expect(normalizePath('src/../../x.ts')).toBe('../x.ts');
  });

  it('tells file specifiers and URLs from package names', () => {
    expect(['./a', '../a', '/a', '.', '..'].every(isPathSpecifier)).toBe(true);
    expect(['a', '@s/a', '.a', 'https://x.test/a'].some(isPathSpecifier)).toBe(false);
    expect(['https://x.test/a.js', 'data:text/css,', '//cdn.test/a', '#id'].every(isUrl)).toBe(
      true,
    );
    expect(['a', './a', '/a', '@s/a'].some(isUrl)).toBe(false);
  });

  it('joins, splits and finds extensions', () => {
    expect(joinPath('src/lib', '../a.ts')).toBe('src/a.ts');
    expect(joinPath('src', './a/./b.ts')).toBe('src/a/b.ts');
    expect(joinPath('', 'a.ts')).toBe('a.ts');
    expect(joinPath('src/lib', '/a.ts')).toBe('a.ts');
    expect(dirname('src/a/b.ts')).toBe('src/a');
    expect(dirname('b.ts')).toBe('');
    expect(basename('src/a/b.ts')).toBe('b.ts');
    expect(extname('src/b.test.TS')).toBe('.ts');
    expect(extname('.gitignore')).toBe('');
    expect(extname('Makefile')).toBe('');
  });
});
