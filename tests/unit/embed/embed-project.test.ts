import { describe, expect, it } from 'vitest';
import {
  inferEntry,
  projectFromSettings,
  sameFiles,
  textsOf,
  withFiles,
} from '../../../src/embed/embed-project';
import { createDefaultProject } from '../../../src/project/templates';
import type { Project } from '../../../src/protocol';

const text = (t: string) => ({ kind: 'text' as const, text: t });

describe('the project an SDK embed starts from', () => {
  it('is the host’s files, with the usual entry found, named by the title', () => {
    const result = projectFromSettings({
      files: { 'src/main.ts': 'import "./a"', 'src/a.ts': '' },
      title: 'Lesson 1',
    });
    expect(result).toEqual({
      ok: true,
      project: {
        name: 'Lesson 1',
        entry: 'src/main.ts',
        files: { 'src/main.ts': text('import "./a"'), 'src/a.ts': text('') },
      },
    });
  });

  it('adds the host’s files to a template’s, and without files is the example', () => {
    const react = projectFromSettings({ template: 'react-ts', files: { 'src/extra.ts': 'x' } });
    expect(react.ok && react.project.entry).toBe('src/main.tsx');
    expect(react.ok && Object.keys(react.project.files)).toContain('src/App.tsx');
    expect(react.ok && react.project.files['src/extra.ts']).toEqual(text('x'));
    const example = projectFromSettings({});
    expect(example.ok && example.project.files).toEqual(createDefaultProject().files);
    expect(example.ok && example.project.name).toBe('Playground');
  });

  it('refuses what it cannot open, saying what to change', () => {
    expect(projectFromSettings({ template: 'angular' })).toEqual({
      ok: false,
      error:
        'Unknown template "angular": use one of vanilla-ts, react-ts, vue-ts, svelte-ts, canvas.',
    });
    const twoScripts = projectFromSettings({ files: { 'a.ts': '', 'b.ts': '' } });
    expect(twoScripts).toEqual({
      ok: false,
      error: 'Which file runs first? Set `entry` to one of: a.ts, b.ts.',
    });
    const bad = projectFromSettings({ files: { '../x.ts': '' }, entry: '../x.ts' });
    expect(!bad.ok && bad.error).toMatch(
      /^The project is refused: it holds an invalid file path “\.\.\/x\.ts”/,
    );
    const entry = projectFromSettings({ files: { 'a.ts': '' }, entry: 'style.css' });
    expect(!entry.ok && entry.error).toContain('its entry file “style.css” is not a script');
    const open = projectFromSettings({ files: { 'a.ts': '' }, activeFile: 'b.ts' });
    expect(!open.ok && open.error).toContain('“b.ts”, is not in the project');
  });

  it('finds the entry: the preferred one, the usual one, the only script', () => {
    const files = { 'index.html': text(''), 'lib.ts': text(''), 'src/index.tsx': text('') };
    expect(inferEntry(files, 'lib.ts')).toBe('lib.ts');
    expect(inferEntry(files)).toBe('src/index.tsx');
    expect(inferEntry({ 'x.js': text(''), 'y.css': text('') })).toBe('x.js');
    expect(inferEntry({ 'x.js': text(''), 'y.js': text('') })).toBeNull();
  });

  it('keeps the entry when new files still have it', () => {
    const base: Project = { name: 'p', entry: 'lib/start.ts', files: { 'lib/start.ts': text('') } };
    const next = withFiles(base, { 'lib/start.ts': '1', 'lib/other.ts': '2' });
    expect(next.ok && next.project.entry).toBe('lib/start.ts');
    expect(withFiles(base, {})).toEqual({ ok: false, error: 'The project needs a file.' });
  });

  it('compares files by text, and reads text files only', () => {
    const a: Project = { name: 'a', entry: 'm.ts', files: { 'm.ts': text('1') } };
    expect(sameFiles(a, { ...a, files: { 'm.ts': text('1') } })).toBe(true);
    expect(sameFiles(a, { ...a, files: { 'm.ts': text('2') } })).toBe(false);
    expect(sameFiles(a, { ...a, files: { ...a.files, 'n.ts': text('') } })).toBe(false);
    const binary = { kind: 'binary' as const, bytes: new Uint8Array([1]), mime: 'image/png' };
    expect(textsOf({ ...a, files: { ...a.files, 'logo.png': binary } })).toEqual({ 'm.ts': '1' });
  });
});
