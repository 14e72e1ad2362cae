import * as esbuild from 'esbuild-wasm';
import { describe, expect, it } from 'vitest';
import { createBundlerService } from '../../../../workers/bundler/service';
import { files } from './helpers';

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
});
