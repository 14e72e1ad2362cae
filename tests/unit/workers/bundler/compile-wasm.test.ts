import { describe, expect, it } from 'vitest';
import { compileWasm } from '../../../../workers/bundler/compile-wasm';

// The smallest valid module (magic + version) and one that exports add(a, b).
const EMPTY = Uint8Array.from([0, 97, 115, 109, 1, 0, 0, 0]);
const ADD = Uint8Array.from([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 7, 1, 96, 2, 127, 127, 1, 127, 3, 2, 1, 0, 7, 7, 1, 3, 97, 100,
  100, 0, 0, 10, 9, 1, 7, 0, 32, 0, 32, 1, 106, 11,
]);

const serve =
  (body: Uint8Array<ArrayBuffer>, init: ResponseInit = {}): typeof fetch =>
  async () =>
    new Response(body, init);

describe('compileWasm', () => {
  it('compiles a module served as application/wasm', async () => {
    const module = await compileWasm(
      serve(ADD, { headers: { 'Content-Type': 'application/wasm' } }),
      'esbuild.wasm',
    );
    const instance = await WebAssembly.instantiate(module);
    expect((instance.exports.add as (a: number, b: number) => number)(2, 3)).toBe(5);
  });

  it('compiles a module served with another type (no streaming) instead of failing', async () => {
    const module = await compileWasm(
      serve(EMPTY, { headers: { 'Content-Type': 'application/octet-stream' } }),
      'esbuild.wasm',
    );
    expect(WebAssembly.Module.exports(module)).toEqual([]);
  });

  it('says which download failed', async () => {
    await expect(compileWasm(serve(EMPTY, { status: 404 }), 'esbuild.wasm')).rejects.toThrow(
      'Could not download esbuild.wasm (HTTP 404)',
    );
  });
});
