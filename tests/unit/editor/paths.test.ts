import { describe, expect, it } from 'vitest';
import {
  languageForPath,
  projectPathFromUriPath,
  uriPathForProjectPath,
} from '../../../src/editor/paths';

describe('languageForPath', () => {
  it.each([
    ['src/main.tsx', 'typescript'],
    ['src/util.ts', 'typescript'],
    ['lib/x.mts', 'typescript'],
    ['src/App.jsx', 'javascript'],
    ['index.js', 'javascript'],
    ['a/b.mjs', 'javascript'],
    ['style.css', 'css'],
    ['index.html', 'html'],
    ['package.json', 'json'],
    ['README.md', 'markdown'],
    ['logo.svg', 'xml'],
    ['notes.txt', 'plaintext'],
    ['Makefile', 'plaintext'],
    ['.env', 'plaintext'],
    ['SRC/SHOUT.TSX', 'typescript'],
  ])('%s → %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });
});

describe('model URI paths', () => {
  it('roots project paths at / so node_modules/@types is found from any file', () => {
    expect(uriPathForProjectPath('src/main.tsx')).toBe('/src/main.tsx');
    expect(projectPathFromUriPath('/src/main.tsx')).toBe('src/main.tsx');
  });

  it('round-trips paths with spaces and unicode', () => {
    for (const path of ['my file.ts', 'dir/ünï côdé.tsx', 'a/b/c/d.css']) {
      expect(projectPathFromUriPath(uriPathForProjectPath(path))).toBe(path);
    }
  });
});
