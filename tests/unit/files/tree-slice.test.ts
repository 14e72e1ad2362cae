import { describe, expect, it } from 'vitest';
import { shallowEqual } from '../../../src/ui/useStore';
import { editorSlice } from '../../../src/app/editor-slice';
import { treeSlice } from '../../../src/files/tree-slice';
import { createProjectStore } from '../../../src/project/model/store';
import type { Project } from '../../../src/protocol';

const text = (t: string) => ({ kind: 'text' as const, text: t });
const project = (n: number): Project => {
  const files: Project['files'] = { 'src/main.ts': text('import "./m0";') };
  for (let i = 0; i < n; i++) files[`src/lib/m${i}.ts`] = text(`export const v = ${i};`);
  files['logo.png'] = { kind: 'binary', bytes: new Uint8Array([1]), mime: 'image/png' };
  return { name: 'p', entry: 'src/main.ts', files };
};

// What decides re-renders: useStore re-renders a component when its slice is not
// shallowEqual to the last one. Typing must leave the Files tree's and the editor area's
// slices equal, so neither re-renders per keystroke.
describe('slices read by the Files tree and the editor area', () => {
  it('an edit to one file leaves the tree slice equal, with the very same path list', () => {
    const store = createProjectStore(project(200));
    store.setActive('src/lib/m5.ts');
    const before = treeSlice(store.getState());
    expect(before.paths).toHaveLength(202);
    store.setText('src/lib/m5.ts', 'export const v = 55;');
    store.setText('src/main.ts', 'import "./m1";');
    const after = treeSlice(store.getState());
    expect(shallowEqual(before, after)).toBe(true);
    expect(after.paths).toBe(before.paths);
  });

  it('an edit to the active file leaves the editor area slice equal', () => {
    const store = createProjectStore(project(3));
    store.setActive('src/lib/m1.ts');
    const before = editorSlice(store.getState());
    store.setText('src/lib/m1.ts', 'export const v = 11;');
    expect(shallowEqual(before, editorSlice(store.getState()))).toBe(true);
  });

  it('the slices change when what they show changes', () => {
    const store = createProjectStore(project(3));
    const tree = treeSlice(store.getState());
    const editor = editorSlice(store.getState());
    store.createFile('src/new.ts');
    expect(shallowEqual(tree, treeSlice(store.getState()))).toBe(false);
    store.setActive('logo.png');
    const binary = editorSlice(store.getState());
    expect(shallowEqual(editor, binary)).toBe(false);
    expect(binary.binary).toBe(store.getState().project.files['logo.png']);
    const afterMove = treeSlice(store.getState());
    store.rename('src/lib', 'src/util');
    expect(treeSlice(store.getState()).paths).not.toBe(afterMove.paths);
    expect(treeSlice(store.getState()).paths).toContain('src/util/m0.ts');
  });
});

describe('shallowEqual', () => {
  it('compares own keys by Object.is', () => {
    const list = ['a'];
    expect(shallowEqual({ a: list, b: 1 }, { a: list, b: 1 })).toBe(true);
    expect(shallowEqual({ a: list }, { a: ['a'] })).toBe(false);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined } as { a: number })).toBe(false);
    expect(shallowEqual({ a: NaN }, { a: NaN })).toBe(true);
  });
});
