import { expect, test } from 'vitest';
import { prettierParserFor } from '../../../src/format/parsers';

const parserOf = (path: string) => prettierParserFor(path)?.parser ?? null;

test('files are formatted as the editor colours them, every extension of a language alike', () => {
  expect(parserOf('src/a.ts')).toBe('typescript');
  expect(parserOf('src/a.cts')).toBe('typescript');
  expect(parserOf('src/a.MJS')).toBe('babel');
  expect(parserOf('index.html')).toBe('html');
  expect(parserOf('page.htm')).toBe('html');
  expect(parserOf('notes.markdown')).toBe('markdown');
  expect(parserOf('styles/app.css')).toBe('css');
  expect(parserOf('.prettierrc')).toBe('json');
});

test('files Prettier does not format here get no parser', () => {
  expect(parserOf('package-lock.json')).toBeNull();
  expect(parserOf('logo.svg')).toBeNull();
  expect(parserOf('photo.png')).toBeNull();
  expect(parserOf('README')).toBeNull();
  expect(parserOf('notes.txt')).toBeNull();
});
