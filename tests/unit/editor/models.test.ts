import { afterEach, describe, expect, it } from 'vitest';
import type { MonacoApi } from '../../../src/editor/monaco-setup';
import {
  adoptMonacoModels,
  disposeAllModels,
  getModel,
  modelPaths,
  onModelSetChange,
  openModel,
  setModelChangeHandler,
  syncModels,
} from '../../../src/editor/models';
import { BUILD_MARKER_OWNER, setBuildMarkers } from '../../../src/editor/markers';
import type { ProjectFile } from '../../../src/protocol';

// A stand-in for Monaco's text model: just enough of the API models.ts uses.
class FakeModel {
  listeners: (() => void)[] = [];
  edits: { start: number; end: number; text: string }[] = [];
  disposed = false;
  constructor(
    public value: string,
    public language: string,
    public uri: FakeUri,
  ) {}
  getValue = () => this.value;
  getLineCount = () => this.value.split('\n').length;
  getLineContent = (line: number) => this.value.split('\n')[line - 1] ?? '';
  isDisposed = () => this.disposed;
  setValue = (v: string) => this.replace(0, this.value.length, v);
  getLanguageId = () => this.language;
  onDidChangeContent = (l: () => void) => {
    this.listeners.push(l);
    return { dispose: () => (this.listeners = this.listeners.filter((x) => x !== l)) };
  };
  getPositionAt = (offset: number) => {
    const before = this.value.slice(0, offset).split('\n');
    return { lineNumber: before.length, column: before.at(-1)!.length + 1 };
  };
  offsetAt = (line: number, column: number) =>
    this.value
      .split('\n')
      .slice(0, line - 1)
      .reduce((n, l) => n + l.length + 1, 0) +
    column -
    1;
  pinnedTo: string | undefined;
  setLanguage = (id: string) => (this.pinnedTo = id);
  pushStackElement = () => {};
  pushEditOperations = (
    _: unknown,
    ops: {
      range: {
        startLineNumber: number;
        startColumn: number;
        endLineNumber: number;
        endColumn: number;
      };
      text: string;
    }[],
  ) => {
    const { range, text } = ops[0]!;
    const start = this.offsetAt(range.startLineNumber, range.startColumn);
    const end = this.offsetAt(range.endLineNumber, range.endColumn);
    this.edits.push({ start, end, text });
    this.replace(start, end, text);
  };
  replace(start: number, end: number, text: string) {
    this.value = this.value.slice(0, start) + text + this.value.slice(end);
    for (const l of this.listeners) l();
  }
  /** What typing in the editor does. */
  type = (text: string) => this.replace(this.value.length, this.value.length, text);
  dispose = () => (this.disposed = true);
}

interface FakeUri {
  scheme: string;
  path: string;
  toString(): string;
}
const fileUri = (path: string): FakeUri => ({
  scheme: 'file',
  path,
  toString: () => `file://${path}`,
});

const created: FakeModel[] = [];
const createdListeners = new Set<(model: FakeModel) => void>();
/** Makes a model as Monaco itself does (a rename across files opening one from a library). */
const monacoMakes = (value: string, path: string) => {
  const model = new FakeModel(value, 'typescript', fileUri(path));
  created.push(model);
  createdListeners.forEach((l) => l(model));
  return model;
};
const monaco = {
  Uri: { file: fileUri },
  editor: {
    getModel: (uri: FakeUri) =>
      created.find((m) => !m.disposed && m.uri.toString() === uri.toString()) ?? null,
    createModel: (value: string, language: string, uri: FakeUri) => {
      const model = new FakeModel(value, language, uri);
      created.push(model);
      createdListeners.forEach((l) => l(model));
      return model;
    },
    setModelLanguage: (model: FakeModel, language: string) => (model.language = language),
    onDidCreateModel: (l: (model: FakeModel) => void) => {
      createdListeners.add(l);
      return { dispose: () => createdListeners.delete(l) };
    },
  },
} as unknown as MonacoApi;

/** Syncs the models with `files`, then opens every text file of them (as if each was shown). */
const openAll = (files: Record<string, ProjectFile>, previous?: Record<string, ProjectFile>) => {
  const changed = syncModels(files, previous);
  let made = false;
  for (const path of Object.keys(files)) {
    const had = getModel(path) !== undefined;
    made = (openModel(monaco, path, files) !== undefined && !had) || made;
  }
  return changed || made;
};

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });
const fake = (path: string) => getModel(path) as unknown as FakeModel;

afterEach(() => {
  disposeAllModels();
  setModelChangeHandler(undefined);
  created.length = 0;
});

describe('models', () => {
  it('makes no model until a file is shown, then one with its language and file URI', () => {
    const files = {
      'src/main.tsx': text('a'),
      'src/style.css': text('b'),
      'logo.png': { kind: 'binary', bytes: new Uint8Array(1), mime: 'image/png' } as ProjectFile,
    };
    let setChanges = 0;
    const stop = onModelSetChange(() => setChanges++);
    expect(syncModels(files)).toBe(false);
    expect(modelPaths()).toEqual([]);
    expect(created).toHaveLength(0);
    expect(openModel(monaco, 'src/main.tsx', files)).toBe(getModel('src/main.tsx'));
    expect(modelPaths()).toEqual(['src/main.tsx']);
    expect(fake('src/main.tsx').language).toBe('typescript');
    expect(fake('src/main.tsx').uri.path).toBe('/src/main.tsx');
    expect(setChanges).toBe(1);
    // Shown again: the same model. A binary file or no file: none.
    expect(openModel(monaco, 'src/main.tsx', files)).toBe(getModel('src/main.tsx'));
    expect(openModel(monaco, 'logo.png', files)).toBeUndefined();
    expect(openModel(monaco, 'nope.ts', files)).toBeUndefined();
    expect(created).toHaveLength(1);
    openModel(monaco, 'src/style.css', files);
    const css = fake('src/style.css');
    expect(syncModels({ 'src/main.tsx': files['src/main.tsx'] })).toBe(true);
    expect(css.disposed).toBe(true);
    expect(modelPaths()).toEqual(['src/main.tsx']);
    expect(setChanges).toBe(3);
    stop();
  });

  it('reports edits made in the editor, and ignores the store echoing older texts', () => {
    const changes: string[] = [];
    setModelChangeHandler((path, t) => changes.push(`${path}=${t}`));
    openAll({ 'a.ts': text('x') });
    const model = fake('a.ts');
    model.type('1');
    model.type('2');
    expect(changes).toEqual(['a.ts=x1', 'a.ts=x12']);
    // The store re-renders with the first edit while the second is already typed.
    syncModels({ 'a.ts': text('x1') });
    expect(model.getValue()).toBe('x12');
    syncModels({ 'a.ts': text('x12') });
    expect(model.edits).toEqual([]);
  });

  it('applies an outside change as one minimal edit, without reporting it back', () => {
    const changes: string[] = [];
    setModelChangeHandler((_, t) => changes.push(t));
    openAll({ 'a.ts': text('const a = 1;\nconst b = 2;\n') });
    syncModels({ 'a.ts': text('const a = 1;\nconst b = 3;\n') });
    const model = fake('a.ts');
    expect(model.getValue()).toBe('const a = 1;\nconst b = 3;\n');
    expect(model.edits).toEqual([{ start: 23, end: 24, text: '3' }]);
    expect(changes).toEqual([]);
  });

  it('given the previous files, reads only the files whose object changed', () => {
    const files: Record<string, ProjectFile> = {};
    for (let i = 0; i < 50; i++) files[`src/m${i}.ts`] = text(`export const v${i} = ${i};`);
    openAll(files);
    // Count every read of a file's text from here on.
    const reads: string[] = [];
    const watched = (path: string, file: ProjectFile): ProjectFile => {
      const { text: t } = file as { text: string };
      return {
        kind: 'text',
        get text() {
          reads.push(path);
          return t;
        },
      };
    };
    const before: Record<string, ProjectFile> = {};
    for (const [path, file] of Object.entries(files)) before[path] = watched(path, file);
    syncModels(before, files);
    reads.length = 0;
    const after = { ...before, 'src/m7.ts': watched('src/m7.ts', text('export const v7 = 70;')) };
    expect(syncModels(after, before)).toBe(false);
    expect(new Set(reads)).toEqual(new Set(['src/m7.ts']));
    expect(fake('src/m7.ts').getValue()).toBe('export const v7 = 70;');
    expect(fake('src/m8.ts').edits).toEqual([]);
  });

  it('given the previous files, disposes the models of removed files and makes none for added ones', () => {
    const files = { 'a.ts': text('a'), 'b.ts': text('b') };
    openAll(files);
    const b = fake('b.ts');
    const next = { 'a.ts': files['a.ts'], 'c.ts': text('c') };
    expect(syncModels(next, files)).toBe(true);
    expect(b.disposed).toBe(true);
    expect(modelPaths()).toEqual(['a.ts']);
    expect(syncModels(next, next)).toBe(false);
  });

  it('pins each model to its language (no language-registry listener per model)', () => {
    openAll({ 'src/main.tsx': text('a'), 'src/style.css': text('b') });
    expect(fake('src/main.tsx').pinnedTo).toBe('typescript');
    expect(fake('src/style.css').pinnedTo).toBe('css');
  });

  it('adopts a model Monaco makes at a project file, so its edits reach the store', () => {
    const files = { 'src/a.ts': text('export const a = 1;\n'), 'src/b.js': text('old') };
    const changes: string[] = [];
    setModelChangeHandler((path, t) => changes.push(`${path}=${t}`));
    const adopt = adoptMonacoModels(monaco, () => files);
    openModel(monaco, 'src/a.ts', files);
    // Our own model is not adopted a second time.
    expect(created).toHaveLength(1);
    // A rename opens b.js from TypeScript's library (an older text, TypeScript's language).
    const b = monacoMakes('older', '/src/b.js');
    expect(getModel('src/b.js')).toBe(b);
    expect(b.getValue()).toBe('old');
    expect(b.language).toBe('javascript');
    b.type('!');
    expect(changes).toEqual(['src/b.js=old!']);
    // Not a project file: left alone.
    monacoMakes('x', '/node_modules/@types/react/index.d.ts');
    expect(modelPaths().sort()).toEqual(['src/a.ts', 'src/b.js']);
    adopt.dispose();
  });
});

describe('setBuildMarkers', () => {
  it('writes markers only to the files that had or get build diagnostics, not to every file', () => {
    const files: Record<string, ProjectFile> = {};
    for (let i = 0; i < 300; i++) files[`src/f${i}.ts`] = text(`export const v${i} = ${i};\n`);
    openAll(files);
    const writes: { path: string; count: number }[] = [];
    const markers = {
      setModelMarkers: (model: FakeModel, owner: string, list: unknown[]) => {
        expect(owner).toBe(BUILD_MARKER_OWNER);
        writes.push({ path: model.uri.path, count: list.length });
      },
    } as unknown as Parameters<typeof setBuildMarkers>[0];
    const error = (file: string) => ({ severity: 'error' as const, file, line: 1, text: 'bad' });

    setBuildMarkers(markers, [error('src/f7.ts'), error('src/f7.ts'), error('src/f9.ts')]);
    expect(writes).toEqual([
      { path: '/src/f7.ts', count: 2 },
      { path: '/src/f9.ts', count: 1 },
    ]);
    writes.length = 0;
    // The next build fixed f7: f9 is rewritten, f7 cleared, the other 298 files untouched.
    setBuildMarkers(markers, [error('src/f9.ts')]);
    expect(writes).toEqual([
      { path: '/src/f9.ts', count: 1 },
      { path: '/src/f7.ts', count: 0 },
    ]);
    writes.length = 0;
    setBuildMarkers(markers, []);
    expect(writes).toEqual([{ path: '/src/f9.ts', count: 0 }]);
    writes.length = 0;
    setBuildMarkers(markers, []);
    expect(writes).toEqual([]);
  });
});
