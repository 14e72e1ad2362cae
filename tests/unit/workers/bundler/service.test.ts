import * as esbuild from 'esbuild-wasm';
import { describe, expect, it } from 'vitest';
import { createBundlerService } from '../../../../workers/bundler/service';
import { programFromReply } from '../../../../src/protocol';
import { evaluate, files } from './helpers';

const request = (id: number, main = 'export const x = 1;') => ({
  id,
  changes: files({ 'src/main.ts': main }),
  reset: id === 1,
  entry: 'src/main.ts',
  cdnBase: 'https://esm.sh/',
});

describe('createBundlerService', () => {
  it('initialises at the first build, once, and retries after a failed init', async () => {
    let inits = 0;
    const service = createBundlerService({
      esbuild,
      init: async () => {
        inits++;
        if (inits === 1) throw new Error('wasm fetch failed');
      },
    });
    expect(inits).toBe(0);
    await expect(service.build(request(1))).rejects.toThrow('wasm fetch failed');
    const ok = await service.build(request(2));
    expect(ok.program?.entry).toBe('src/main.ts');
    await service.build(request(3));
    expect(inits).toBe(2);
  });

  it('returns the id, diagnostics and time; an older request stops without a program', async () => {
    const service = createBundlerService({ esbuild, init: async () => {} });
    const first = service.build(request(1, 'export const a = 1;'));
    const second = service.build(request(2, 'export const b = ;'));
    const [r1, r2] = await Promise.all([first, second]);
    expect(r1).toMatchObject({ id: 1, diagnostics: [] });
    expect(r1.program).toBeUndefined();
    expect(r2.id).toBe(2);
    expect(r2.program).toBeUndefined();
    expect(r2.diagnostics[0]).toMatchObject({ file: 'src/main.ts', line: 1, severity: 'error' });
    expect(r2.ms).toBeGreaterThanOrEqual(0);
  });

  it('sends a rebuild after a one-file edit as that one module, the rest named', async () => {
    const service = createBundlerService({ esbuild, init: async () => {} });
    const project = files({
      'src/main.ts': "import { a } from './a'; import { b } from './b'; export const sum = a + b;",
      'src/a.ts': 'export const a = 1;',
      'src/b.ts': 'export const b = 2;',
    });
    const build = (id: number, changes: typeof project) =>
      service.build({
        id,
        changes,
        reset: id === 1,
        entry: 'src/main.ts',
        cdnBase: 'https://esm.sh/',
      });
    const first = await build(1, project);
    expect(Object.keys(first.program!.modules).sort()).toEqual([
      'src/a.ts',
      'src/b.ts',
      'src/main.ts',
    ]);
    const second = await build(2, files({ 'src/b.ts': 'export const b = 40;' }));
    expect(second.program!.paths).toEqual(['src/a.ts', 'src/b.ts', 'src/main.ts']);
    expect(Object.keys(second.program!.modules)).toEqual(['src/b.ts']);
    // Read as the client does, it is the whole new program.
    const { received } = programFromReply(first.program!, new Map());
    const { program } = programFromReply(second.program!, received);
    expect(evaluate(program).exports.sum).toBe(41);
    // A failed build names nothing: the next reply is still relative to the last program.
    expect((await build(3, files({ 'src/a.ts': 'export const a = ;' }))).program).toBeUndefined();
    const fourth = await build(4, files({ 'src/a.ts': 'export const a = 2;' }));
    expect(Object.keys(fourth.program!.modules)).toEqual(['src/a.ts']);
  });
});
