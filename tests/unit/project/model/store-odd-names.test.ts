import { describe, expect, it } from 'vitest';
import type { Project } from '../../../../src/protocol';
import { createProjectStore } from '../../../../src/project/model/store';
import { findProjectFile } from '../../../../src/project/model/file-lookup';

const text = (t: string) => ({ kind: 'text' as const, text: t });
const project = (): Project => ({
  name: 'demo',
  entry: 'src/main.ts',
  files: { 'src/main.ts': text('') },
});
/** Names Object.prototype has: `name in files` or `files[name]` finds them in every object. */
const NAMES = ['valueOf', 'constructor', 'toString', 'hasOwnProperty'];

describe('project store: names that Object.prototype also has', () => {
  it.each(NAMES)('a folder named %s is a folder: it cannot be made active', (name) => {
    const s = createProjectStore(project());
    expect(s.createFile(`${name}/a.ts`)).toEqual({ ok: true });
    s.setActive(`${name}/a.ts`);
    s.setActive(name);
    expect(s.getState().activePath).toBe(`${name}/a.ts`);
    expect(s.getState().openPaths).toEqual(['src/main.ts', `${name}/a.ts`]);
  });

  it.each(NAMES)('deleting a missing %s says it does not exist', (name) => {
    const s = createProjectStore(project());
    expect(s.checkRemove(name)).toEqual({ ok: false, error: `“${name}” doesn’t exist.` });
    expect(s.rename(name, 'x')).toEqual({ ok: false, error: `“${name}” doesn’t exist.` });
    expect(s.setEntry(name)).toEqual({ ok: false, error: `“${name}” doesn’t exist.` });
  });

  it.each(NAMES)('an empty folder named %s stays listed', (name) => {
    const s = createProjectStore(project());
    expect(s.createFolder(name)).toEqual({ ok: true });
    expect(s.getState().folders).toEqual([name]);
  });

  it('a file renamed to __proto__ stays a file with its text', () => {
    const s = createProjectStore(project());
    s.createFile('odd.txt', text('kept'));
    expect(s.rename('odd.txt', '__proto__')).toEqual({ ok: true });
    const files = s.getState().project.files;
    expect(Object.keys(files)).toContain('__proto__');
    expect(Object.getOwnPropertyDescriptor(files, '__proto__')?.value).toEqual(text('kept'));
    expect(Object.getPrototypeOf(files)).toBe(Object.prototype);
  });

  it.each(NAMES)('an import of ./%s does not resolve to a missing file', (name) => {
    expect(findProjectFile({ 'src/main.ts': text('') }, name)).toBeUndefined();
    expect(findProjectFile({ [`${name}/index.ts`]: text('') }, name)).toBe(`${name}/index.ts`);
  });
});
