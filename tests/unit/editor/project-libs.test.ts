import { describe, expect, it } from 'vitest';
import { createProjectLibs } from '../../../src/editor/project-libs';
import type { ProjectFile } from '../../../src/protocol';

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });

/** A lib store like Monaco's extra libs: uri → text, with each addition's removal. */
function libStore() {
  const libs = new Map<string, string>();
  let adds = 0;
  const setLib = (content: string, uri: string) => {
    adds++;
    libs.set(uri, content);
    return () => {
      if (libs.get(uri) === content) libs.delete(uri);
    };
  };
  return { libs, setLib, adds: () => adds };
}

describe('project libraries', () => {
  it('gives TypeScript every script file without a model, at its model URI', () => {
    const store = libStore();
    const libs = createProjectLibs(store.setLib, (path) => `file:///${path}`);
    const files = {
      'src/main.tsx': text('import { a } from "./a";'),
      'src/a.ts': text('export const a = 1;'),
      'src/b.js': text('export const b = 2;'),
      'src/style.css': text('body {}'),
      'logo.png': { kind: 'binary', bytes: new Uint8Array(1), mime: 'image/png' } as ProjectFile,
    };
    const modelled = new Set(['src/main.tsx']);
    libs.update(files, (path) => modelled.has(path));
    expect([...store.libs.keys()].sort()).toEqual(['file:///src/a.ts', 'file:///src/b.js']);
    expect(store.libs.get('file:///src/a.ts')).toBe('export const a = 1;');

    // Same file objects: nothing is added again.
    const adds = store.adds();
    libs.update({ ...files }, (path) => modelled.has(path));
    expect(store.adds()).toBe(adds);

    // Changed outside the editor: replaced; shown (a model now): dropped; deleted: dropped.
    const next: Record<string, ProjectFile> = { ...files, 'src/a.ts': text('export const a = 2;') };
    delete next['src/b.js'];
    libs.update(next, (path) => modelled.has(path));
    expect([...store.libs.entries()]).toEqual([['file:///src/a.ts', 'export const a = 2;']]);
    modelled.add('src/a.ts');
    libs.update(next, (path) => modelled.has(path));
    expect(store.libs.size).toBe(0);
  });

  it('removes them all when disposed', () => {
    const store = libStore();
    const libs = createProjectLibs(store.setLib, (path) => `file:///${path}`);
    libs.update({ 'a.ts': text('1'), 'b.ts': text('2') }, () => false);
    expect(store.libs.size).toBe(2);
    libs.dispose();
    expect(store.libs.size).toBe(0);
  });
});
