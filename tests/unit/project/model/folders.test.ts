import { describe, expect, it } from 'vitest';
import { emptyFolders, isUnder, movedPath } from '../../../../src/project/model/folders';

const text = { kind: 'text', text: '' } as const;

describe('folders', () => {
  it('tells a folder and what is inside it from a sibling sharing its prefix', () => {
    expect(isUnder('src', 'src')).toBe(true);
    expect(isUnder('src/a/b.ts', 'src')).toBe(true);
    expect(isUnder('srcx/b.ts', 'src')).toBe(false);
    expect(movedPath('src/a/b.ts', 'src/a', 'lib')).toBe('lib/b.ts');
    expect(movedPath('src/ab.ts', 'src/a', 'lib')).toBe('src/ab.ts');
  });

  it('keeps only folders nothing else shows, sorted, ignoring a file named like a prototype key', () => {
    const files = { 'src/main.ts': text, valueOf: text };
    expect(
      emptyFolders(['src', 'b/empty', 'a', 'a/inner', '', 'valueOf', 'constructor'], files),
    ).toEqual(['a/inner', 'b/empty', 'constructor']);
  });
});
