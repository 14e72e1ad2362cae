import { describe, expect, it } from 'vitest';
import type { Project } from '../../../../src/protocol';
import { createProjectStore } from '../../../../src/project/model/store';

const text = (t: string) => ({ kind: 'text' as const, text: t });
const project = (): Project => ({
  name: 'demo',
  entry: 'src/main.ts',
  files: {
    'index.html': text('<div id="app"></div>'),
    'src/main.ts': text('import "./lib/a";'),
    'src/lib/a.ts': text('export const a = 1;'),
    'src/lib/b.ts': text('export const b = 2;'),
  },
});
const paths = (s: ReturnType<typeof createProjectStore>) =>
  Object.keys(s.getState().project.files).sort();

describe('project store', () => {
  it('starts with the entry open and active', () => {
    const s = createProjectStore(project());
    expect(s.getState().activePath).toBe('src/main.ts');
    expect(s.getState().openPaths).toEqual(['src/main.ts']);
    expect(s.getState().folders).toEqual([]);
  });

  it('edits text and notifies subscribers only on real changes', () => {
    const s = createProjectStore(project());
    let calls = 0;
    const off = s.subscribe(() => calls++);
    s.setText('src/lib/a.ts', 'export const a = 42;');
    expect(s.getState().project.files['src/lib/a.ts']).toEqual(text('export const a = 42;'));
    s.setText('src/lib/a.ts', 'export const a = 42;');
    s.setText('missing.ts', 'x');
    expect(calls).toBe(1);
    off();
    s.setText('src/lib/a.ts', 'changed');
    expect(calls).toBe(1);
  });

  it('an edit keeps the path list and folders (the same arrays) and scans nothing', () => {
    const s = createProjectStore(project());
    s.createFolder('empty');
    const before = s.getState();
    expect(before.paths).toEqual(Object.keys(before.project.files));
    s.setText('src/lib/a.ts', 'export const a = 3;');
    s.setActive('src/lib/b.ts');
    s.setEntry('src/lib/b.ts');
    const after = s.getState();
    expect(after.paths).toBe(before.paths);
    expect(after.folders).toBe(before.folders);
    // The unchanged files are the same objects: nothing else was copied or touched.
    expect(after.project.files['src/main.ts']).toBe(before.project.files['src/main.ts']);
    expect(Object.isFrozen(after.project.files['src/lib/a.ts'])).toBe(true);
    s.createFile('src/c.ts');
    expect(s.getState().paths).not.toBe(before.paths);
    expect(s.getState().paths).toContain('src/c.ts');
    s.remove('src/c.ts');
    expect(s.getState().paths).toEqual(before.paths);
  });

  it('keeps old snapshots intact and frozen', () => {
    const s = createProjectStore(project());
    const before = s.getState();
    expect(s.getState()).toBe(before);
    s.setText('src/main.ts', 'changed');
    s.createFile('src/new.ts');
    expect(before.project.files['src/main.ts']).toEqual(text('import "./lib/a";'));
    expect('src/new.ts' in before.project.files).toBe(false);
    expect(s.getState()).not.toBe(before);
    expect(Object.isFrozen(before.project.files)).toBe(true);
    expect(() => {
      (before.project.files as Record<string, unknown>)['x.ts'] = text('');
    }).toThrow();
  });

  it('creates files and folders, validating names', () => {
    const s = createProjectStore(project());
    expect(s.createFile('src/util.ts')).toEqual({ ok: true });
    expect(s.getState().project.files['src/util.ts']).toEqual(text(''));
    expect(s.createFolder('assets')).toEqual({ ok: true });
    expect(s.getState().folders).toEqual(['assets']);
    const png = { kind: 'binary' as const, bytes: new Uint8Array([137, 80]), mime: 'image/png' };
    expect(s.createFile('assets/logo.png', png).ok).toBe(true);
    expect(s.getState().folders).toEqual([]);
    expect(s.getState().project.files['assets/logo.png']).toBe(png);
  });

  it('changes nothing on invalid operations', () => {
    const s = createProjectStore(project());
    const before = s.getState();
    let calls = 0;
    s.subscribe(() => calls++);
    const results = [
      s.createFile('src/MAIN.ts'),
      s.createFile('../x.ts'),
      s.createFile('src/main.ts/x.ts'),
      s.createFolder('src/lib'),
      s.rename('src/lib/a.ts', 'src/lib/b.ts'),
      s.rename('src/lib', 'src/lib/deeper'),
      s.rename('nope.ts', 'yes.ts'),
      s.rename('src/main.ts', 'src/main.css'),
      s.remove('src/main.ts'),
      s.remove('src'),
      s.remove('nope'),
      s.setEntry('index.html'),
      s.setEntry('nope.ts'),
    ];
    for (const r of results) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(10);
    }
    expect(s.getState()).toBe(before);
    expect(calls).toBe(0);
  });

  it('renames a file; the entry and tabs follow', () => {
    const s = createProjectStore(project());
    s.setActive('src/lib/a.ts');
    expect(s.rename('src/main.ts', 'src/index.ts').ok).toBe(true);
    const st = s.getState();
    expect(st.project.entry).toBe('src/index.ts');
    expect(st.openPaths).toEqual(['src/index.ts', 'src/lib/a.ts']);
    expect(st.project.files['src/index.ts']).toEqual(text('import "./lib/a";'));
    expect('src/main.ts' in st.project.files).toBe(false);
  });

  it('renames only the case of a file', () => {
    const s = createProjectStore(project());
    expect(s.rename('src/lib/a.ts', 'src/lib/A.ts').ok).toBe(true);
    expect(paths(s)).toContain('src/lib/A.ts');
  });

  it('moves a folder with everything in it', () => {
    const s = createProjectStore(project());
    s.createFolder('src/lib/empty');
    s.setActive('src/lib/b.ts');
    expect(s.rename('src/lib', 'shared').ok).toBe(true);
    const st = s.getState();
    expect(paths(s)).toEqual(['index.html', 'shared/a.ts', 'shared/b.ts', 'src/main.ts']);
    expect(st.folders).toEqual(['shared/empty']);
    expect(st.activePath).toBe('shared/b.ts');
    // Moving the whole src folder takes the entry along.
    expect(s.rename('src', 'app').ok).toBe(true);
    expect(s.getState().project.entry).toBe('app/main.ts');
    expect(s.getState().openPaths).toEqual(['app/main.ts', 'shared/b.ts']);
  });

  it('keeps a folder emptied by a move or delete visible', () => {
    const s = createProjectStore(project());
    s.rename('src/lib/a.ts', 'a.ts');
    s.remove('src/lib/b.ts');
    expect(s.getState().folders).toEqual(['src/lib']);
  });

  it('removes a folder with everything in it and picks the next tab', () => {
    const s = createProjectStore(project());
    s.setActive('src/lib/a.ts');
    s.setActive('index.html');
    s.setActive('src/lib/a.ts');
    expect(s.remove('src/lib').ok).toBe(true);
    expect(paths(s)).toEqual(['index.html', 'src/main.ts']);
    expect(s.getState().openPaths).toEqual(['src/main.ts', 'index.html']);
    expect(s.getState().activePath).toBe('index.html');
  });

  it('refuses to delete the entry until another file is the entry', () => {
    const s = createProjectStore(project());
    const r = s.remove('src/main.ts');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/entry/);
    const before = s.getState();
    expect(s.checkRemove('src').ok).toBe(false);
    expect(s.checkRemove('src/lib').ok).toBe(true);
    expect(s.getState()).toBe(before);
    expect(s.setEntry('src/lib/a.ts').ok).toBe(true);
    expect(s.remove('src/main.ts').ok).toBe(true);
    expect(s.getState().activePath).toBeNull();
  });

  it('opens, activates and closes files', () => {
    const s = createProjectStore(project());
    s.setActive('index.html');
    s.setActive('not-there.ts');
    expect(s.getState().activePath).toBe('index.html');
    s.close('index.html');
    expect(s.getState().activePath).toBe('src/main.ts');
    s.setActive(null);
    expect(s.getState().activePath).toBeNull();
  });

  it('replaces the whole project', () => {
    const s = createProjectStore(project());
    s.createFolder('empty');
    let calls = 0;
    s.subscribe(() => calls++);
    s.replace({ name: 'other', entry: 'main.js', files: { 'main.js': text('1') } });
    expect(calls).toBe(1);
    expect(s.getState()).toMatchObject({
      project: { name: 'other', entry: 'main.js' },
      folders: [],
      activePath: 'main.js',
      openPaths: ['main.js'],
    });
  });

  it('renames the project', () => {
    const s = createProjectStore(project());
    expect(s.setName('  ').ok).toBe(false);
    expect(s.setName(' My game ').ok).toBe(true);
    expect(s.getState().project.name).toBe('My game');
  });
});
