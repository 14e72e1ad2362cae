import { describe, expect, it } from 'vitest';
import { buildTree, folderPaths, stemRange, type TreeNode } from '../../../src/files/tree-model';

const shape = (nodes: TreeNode[]): unknown[] =>
  nodes.map((n) => (n.kind === 'folder' ? { [n.name + '/']: shape(n.children) } : n.name));

describe('buildTree', () => {
  it('nests files under folders, folders first, natural order', () => {
    const tree = buildTree(
      [
        'src/main.ts',
        'index.html',
        'src/b.ts',
        'src/a/x.ts',
        'README.md',
        'src/item10.ts',
        'src/item2.ts',
      ],
      ['assets', 'src/empty'],
    );
    expect(shape(tree)).toEqual([
      { 'assets/': [] },
      {
        'src/': [{ 'a/': ['x.ts'] }, { 'empty/': [] }, 'b.ts', 'item2.ts', 'item10.ts', 'main.ts'],
      },
      'index.html',
      'README.md',
    ]);
  });

  it('keeps full paths on every node', () => {
    const tree = buildTree(['src/a/x.ts']);
    expect(tree[0]?.path).toBe('src');
    expect(tree[0]?.children[0]?.path).toBe('src/a');
    expect(tree[0]?.children[0]?.children[0]).toMatchObject({
      path: 'src/a/x.ts',
      name: 'x.ts',
      kind: 'file',
    });
    expect(folderPaths(tree)).toEqual(['src', 'src/a']);
  });

  it('creates the parents of nested empty folders', () => {
    expect(shape(buildTree([], ['a/b/c']))).toEqual([{ 'a/': [{ 'b/': [{ 'c/': [] }] }] }]);
  });
});

describe('stemRange', () => {
  it('selects the base name without its extension', () => {
    const pick = (path: string, kind: 'file' | 'folder') => {
      const [a, b] = stemRange(path, kind);
      return path.slice(a, b);
    };
    expect(pick('src/main.ts', 'file')).toBe('main');
    expect(pick('src/a.test.tsx', 'file')).toBe('a.test');
    expect(pick('.env', 'file')).toBe('.env');
    expect(pick('Makefile', 'file')).toBe('Makefile');
    expect(pick('src/my.lib', 'folder')).toBe('my.lib');
    expect(pick('v1.2/x', 'file')).toBe('x');
  });
});
