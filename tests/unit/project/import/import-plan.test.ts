import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ProjectFile } from '../../../../src/protocol';
import { DEFAULT_LIMITS, type ImportLimits } from '../../../../src/project/import/import-limits';
import {
  freeName,
  planImport,
  projectPath,
  resolveClashes,
  toProjectFile,
  type RawFile,
} from '../../../../src/project/import/import-plan';
import { readUploads, type UploadItem } from '../../../../src/project/import/upload-read';

const enc = (t: string) => new TextEncoder().encode(t);
const raw = (path: string, t = 'x'): RawFile => ({ path, bytes: enc(t) });
const text = (t: string): ProjectFile => ({ kind: 'text', text: t });
const none = { files: {}, folders: [] };
const limits = (over: Partial<ImportLimits> = {}): ImportLimits => ({ ...DEFAULT_LIMITS, ...over });
const errorsOf = (files: RawFile[], l = limits(), existing = none) => {
  const plan = planImport(files, existing, l);
  return plan.ok ? [] : plan.errors;
};
const item = (
  path: string,
  bytes: Uint8Array,
  size = bytes.length,
): UploadItem & { reads: number } => {
  const it = { path, size, reads: 0, read: async () => (it.reads++, bytes) };
  return it;
};

describe('projectPath', () => {
  it('rejects absolute paths and .. with a reason, normalises the rest', () => {
    expect(projectPath('../evil.ts')).toEqual({
      error: expect.stringMatching(/outside the project/),
    });
    expect(projectPath('a/../../evil.ts')).toEqual({ error: expect.stringMatching(/outside/) });
    expect(projectPath('a/../b.ts')).toEqual({ error: expect.stringMatching(/outside/) });
    expect(projectPath('/etc/passwd')).toEqual({ error: expect.stringMatching(/absolute path/) });
    expect(projectPath('C:\\Windows\\x.dll')).toEqual({ error: expect.stringMatching(/absolute/) });
    expect(projectPath('src\\win.ts')).toEqual({ path: 'src/win.ts' });
    expect(projectPath('./src//a.ts')).toEqual({ path: 'src/a.ts' });
    expect(projectPath('bad|name.ts')).toEqual({
      error: expect.stringMatching(/can’t contain “\|”/),
    });
    expect(projectPath('con.ts')).toEqual({ error: expect.stringMatching(/reserved name/) });
  });
});

describe('toProjectFile', () => {
  it('keeps UTF-8 as text (BOM included) and everything else as bytes', () => {
    expect(toProjectFile('a.ts', enc('\uFEFFconst ü = 1;'))).toEqual({
      file: text('\uFEFFconst ü = 1;'),
      notUtf8: false,
    });
    const latin1 = Uint8Array.from([0x63, 0x61, 0x66, 0xe9]); // "café" in Latin-1
    expect(toProjectFile('notes.txt', latin1)).toEqual({
      file: { kind: 'binary', bytes: latin1, mime: 'text/plain' },
      notUtf8: true,
    });
    expect(toProjectFile('data.dat', Uint8Array.from([1, 0, 2])).file.kind).toBe('binary');
    expect(toProjectFile('logo.png', enc('looks like text')).file).toMatchObject({
      kind: 'binary',
      mime: 'image/png',
    });
  });
});

describe('planImport', () => {
  it('gives every bad path its message and adds nothing', () => {
    const errors = errorsOf([raw('../evil.ts'), raw('/abs.ts'), raw('ok.ts'), raw('ab:c.ts')]);
    expect(errors).toEqual([
      '“../evil.ts”: leads outside the project (“..”); nothing can be written there.',
      '“/abs.ts”: is an absolute path; only paths inside the project can be uploaded.',
      expect.stringMatching(/^“ab:c\.ts”: Names can’t contain “:”/),
    ]);
  });

  it('names the zip a bad path came from', () => {
    expect(errorsOf([{ path: '../x.ts', bytes: enc(''), source: 'evil.zip' }])[0]).toMatch(
      /^“\.\.\/x\.ts” in “evil\.zip”: leads outside/,
    );
  });

  it('enforces file count, per-file size and total size', () => {
    expect(errorsOf([raw('a'), raw('b'), raw('c')], limits({ maxFiles: 2 }))).toEqual([
      'The upload has 3 files; the limit is 2 at a time.',
    ]);
    expect(errorsOf([raw('a.txt', 'x'.repeat(2000))], limits({ maxFileBytes: 1024 }))).toEqual([
      '“a.txt” is 2.0 KB; a file can be at most 1.0 KB.',
    ]);
    expect(errorsOf([raw('a', 'xx'), raw('b', 'xx')], limits({ maxTotalBytes: 3 }))).toEqual([
      'The upload is 4 bytes in all; the limit is 3 bytes.',
    ]);
    expect(errorsOf([])).toEqual(['The upload holds no files.']);
  });

  it('refuses duplicates, case-insensitively, and file/folder conflicts', () => {
    expect(errorsOf([raw('src/a.ts'), raw('./src/a.ts')])).toEqual([
      '“src/a.ts” appears twice in the upload.',
    ]);
    expect(errorsOf([raw('src/App.tsx'), raw('src/app.tsx')])).toEqual([
      '“src/App.tsx” and “src/app.tsx” differ only in case, which clashes on macOS and Windows.',
    ]);
    expect(errorsOf([raw('lib'), raw('lib/x.ts')])[0]).toMatch(/“lib” is a file/);
    const existing = { files: { 'src/main.ts': text('') }, folders: [] };
    expect(errorsOf([raw('src')], limits(), existing)[0]).toMatch(
      /A folder named “src” already exists/,
    );
  });

  it('finds clashes with existing files and resolves them: replace or keep both', () => {
    const existing = { files: { 'src/App.tsx': text('old'), 'README.md': text('r') }, folders: [] };
    const plan = planImport(
      [raw('src/app.tsx', 'new'), raw('README.md', 'n'), raw('new.ts')],
      existing,
      limits(),
    );
    if (!plan.ok) throw new Error(plan.errors.join());
    expect([...plan.clashes]).toEqual([
      ['src/app.tsx', 'src/App.tsx'],
      ['README.md', 'README.md'],
    ]);
    const paths = Object.keys(existing.files);
    expect(resolveClashes(plan, 'replace', paths)).toEqual({
      'src/App.tsx': text('new'),
      'README.md': text('n'),
      'new.ts': text('x'),
    });
    expect(resolveClashes(plan, 'keep-both', paths)).toEqual({
      'src/app (1).tsx': text('new'),
      'README (1).md': text('n'),
      'new.ts': text('x'),
    });
  });

  it('picks the next free “(n)” name', () => {
    expect(freeName('a/b.ts', new Set(['a/b (1).ts']))).toBe('a/b (2).ts');
    expect(freeName('Makefile', new Set())).toBe('Makefile (1)');
    expect(freeName('.env', new Set())).toBe('.env (1)');
  });

  it('notes text files that are not UTF-8', () => {
    const plan = planImport([{ path: 'old.txt', bytes: Uint8Array.from([0xe9]) }], none, limits());
    expect(plan.ok && plan.notes).toEqual([
      'Not UTF-8 text, so kept as binary (bytes unchanged): “old.txt”.',
    ]);
  });
});

describe('readUploads', () => {
  it('checks sizes before reading any bytes', async () => {
    const huge = item('huge.bin', new Uint8Array(0), 4 * 1024 ** 3);
    const result = await readUploads([huge], limits());
    expect(result).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/^The upload is 4\.0 GB in all/),
        '“huge.bin” is 4.0 GB; a file can be at most 10.0 MB.',
      ],
    });
    expect(huge.reads).toBe(0);
  });

  it('unpacks zips picked directly, keeps zips inside folders, skips clutter', async () => {
    const zip = zipSync({ 'lib/x.ts': enc('x'), 'lib/y.ts': enc('y') });
    const result = await readUploads(
      [
        item('lib.zip', zip),
        item('folder/inner.zip', zip),
        item('folder/.DS_Store', enc('j')),
        item('folder/node_modules/a/index.js', enc('j')),
      ],
      limits(),
    );
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.files.map((f) => f.path)).toEqual(['x.ts', 'y.ts', 'folder/inner.zip']);
    expect(result.skipped).toBe(2);
  });

  it('passes on a hostile zip’s refusal', async () => {
    const zip = zipSync({ 'z.bin': new Uint8Array(3 * 1024 * 1024) }, { level: 9 });
    const result = await readUploads([item('z.zip', zip)], limits());
    expect(result.ok).toBe(false);
  });
});
