import { describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../../src/protocol';
import { programKey, type ProgramKeyInput } from '../../../../src/project/storage/program-key';

const text = (t: string) => ({ kind: 'text' as const, text: t });
const base: ProgramKeyInput = {
  files: {
    'src/main.ts': text('import "./a";'),
    'src/a.ts': text('export {};'),
    'logo.png': { kind: 'binary', bytes: new Uint8Array([1, 2, 3]), mime: 'image/png' },
  },
  entry: 'src/main.ts',
  cdnBase: 'https://esm.sh/',
  bundler: 'v1',
};
const withFiles = (files: Project['files']) => ({ ...base, files });

describe('programKey', () => {
  it('is the same for the same inputs, whatever the order of the files', async () => {
    const reordered = Object.fromEntries(Object.entries(base.files).reverse());
    expect(await programKey(withFiles(reordered))).toBe(await programKey(base));
  });

  it('changes with any file, path, byte, type, the entry, the CDN base or the bundler', async () => {
    const variants: ProgramKeyInput[] = [
      withFiles({ ...base.files, 'src/a.ts': text('export { };') }),
      withFiles({ ...base.files, 'src/b.ts': text('') }),
      withFiles({ 'src/main.ts': base.files['src/main.ts']!, 'logo.png': base.files['logo.png']! }),
      withFiles({
        ...base.files,
        'logo.png': { kind: 'binary', bytes: new Uint8Array([1, 2, 4]), mime: 'image/png' },
      }),
      withFiles({
        ...base.files,
        'logo.png': { kind: 'binary', bytes: new Uint8Array([1, 2, 3]), mime: 'image/gif' },
      }),
      withFiles({ ...base.files, 'logo.png': text('\u0001\u0002\u0003') }),
      { ...base, entry: 'src/a.ts' },
      { ...base, cdnBase: 'https://cdn.example/' },
      { ...base, bundler: 'v2' },
    ];
    const keys = await Promise.all([base, ...variants].map(programKey));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not confuse where one path or text ends and the next begins', async () => {
    const a = await programKey(withFiles({ ab: text('c'), d: text('') }));
    const b = await programKey(withFiles({ a: text('bc'), d: text('') }));
    const c = await programKey(withFiles({ ab: text(''), cd: text('') }));
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('hashes only the edited file again after a one-file edit', async () => {
    const big = text('x'.repeat(100_000));
    const files = { ...base.files, 'src/big.ts': big };
    await programKey(withFiles(files));
    const digest = vi.spyOn(crypto.subtle, 'digest');
    try {
      const edited = { ...files, 'src/a.ts': text('export const a = 2;') };
      await programKey(withFiles(edited));
      const hashed = digest.mock.calls.reduce(
        (n, [, data]) => n + (data as Uint8Array).byteLength,
        0,
      );
      expect(hashed).toBeLessThan(2_000);
    } finally {
      digest.mockRestore();
    }
  });
});
