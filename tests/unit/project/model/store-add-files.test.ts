import { describe, expect, it } from 'vitest';
import type { Project, ProjectFile } from '../../../../src/protocol';
import { createProjectStore } from '../../../../src/project/model/store';

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });
const project = (): Project => ({
  name: 'p',
  entry: 'src/main.ts',
  files: { 'src/main.ts': text('main'), 'README.md': text('r') },
});

describe('store.addFiles', () => {
  it('adds and overwrites in one change', () => {
    const store = createProjectStore(project());
    let changes = 0;
    store.subscribe(() => changes++);
    const png: ProjectFile = { kind: 'binary', bytes: new Uint8Array([1, 2]), mime: 'image/png' };
    expect(
      store.addFiles({ 'README.md': text('new'), 'img/a.png': png, 'src/b.ts': text('b') }),
    ).toEqual({ ok: true });
    expect(changes).toBe(1);
    const { files, entry } = store.getState().project;
    expect(files['README.md']).toEqual(text('new'));
    expect(files['img/a.png']).toBe(png);
    expect(files['src/b.ts']).toEqual(text('b'));
    expect(entry).toBe('src/main.ts');
  });

  it('changes nothing when any path is invalid', () => {
    const store = createProjectStore(project());
    const before = store.getState();
    const result = store.addFiles({ 'ok.ts': text(''), '../evil.ts': text(''), src: text('') });
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^“\.\.\/evil\.ts”: .*inside the project/),
    });
    expect(store.getState()).toBe(before);
    expect(store.addFiles({ 'SRC/x.ts': text('') }).ok).toBe(false);
    expect(store.addFiles({ 'a.ts': text(''), 'A.ts': text('') }).ok).toBe(false);
    expect(store.getState()).toBe(before);
  });

  it('keeps a file named __proto__ as a plain file', () => {
    const store = createProjectStore(project());
    expect(store.addFiles({ ['__proto__']: text('p') } as Record<string, ProjectFile>).ok).toBe(
      true,
    );
    const files = store.getState().project.files;
    expect(Object.hasOwn(files, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(files)).toBe(Object.prototype);
  });
});
