import * as esbuild from 'esbuild-wasm';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { compileJs } from '../../../../workers/bundler/compile-js';
import { guardLoops } from '../../../../workers/bundler/loop-guard';

const guarded = async (text: string) => {
  const path = 'src/main.ts';
  const compiled = await compileJs(esbuild, { path, text, loader: 'ts' });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return guardLoops({ path, code: compiled.code, map: compiled.map });
};

type Factory = (
  r: unknown,
  m: { exports: unknown },
  e: unknown,
  g: unknown,
  nav: (target: unknown, key: string) => unknown,
) => void;

/** Runs a module with `location`, `window` and `document` as its globals; logs every `__ppNav` call. */
const run = (code: string) => {
  const calls: string[] = [];
  const location = { hash: '', href: 'http://x/' };
  const window = { location };
  const document = { location };
  const standIn = { hash: '', href: '', location: '', assign: () => {}, replace: () => {} };
  const nav = (target: unknown, key: string) => {
    const name = target === location ? 'location' : target === window ? 'window' : 'document';
    calls.push(`${name}.${key}`);
    return target === location || key === 'location' ? standIn : target;
  };
  const factory = new Function('location', 'window', 'document', `return ${code}`)(
    location,
    window,
    document,
  ) as Factory;
  factory(
    () => ({}),
    { exports: {} },
    {},
    Object.assign(() => {}, { c: 1e9 }),
    nav,
  );
  return { calls, location, standIn };
};

describe('fragment navigations', () => {
  it('route writes to hash, href and location, and location.assign/replace, through __ppNav', async () => {
    const out = await guarded(
      [
        "location.hash = '#a';",
        "window.location.href = '#b';",
        "document.location = '#c';",
        "location.assign('#d');",
        "window.location.replace('#e');",
        "location['hash'] += 'f';",
        '',
      ].join('\n'),
    );
    expect(out.code).toContain('(function (require, module, exports, __ppLoop, __ppNav) {');
    const { calls, location, standIn } = run(out.code);
    expect(calls).toEqual([
      'location.hash',
      'location.href',
      'document.location',
      'location.assign',
      'location.replace',
      'location.hash',
    ]);
    expect(location.hash).toBe('');
    expect(standIn.hash).toBe('#af');
  });

  it('leaves other objects’ href and a string’s replace alone', async () => {
    const out = await guarded(
      [
        "const a = { href: '' };",
        "a.href = '#x';",
        "export const s = 'abc'.replace('a', 'b');",
        'export const h = a.href;',
        '',
      ].join('\n'),
    );
    expect(out.code).not.toContain("__ppNav('abc')");
    expect(out.code).toContain('__ppNav(a, "href").href');
    expect(out.code).not.toMatch(/__ppNav\("abc"/);
  });

  it('rewrites a bare `location = …` only when no local binding is named location', async () => {
    const global = await guarded("location = '#x';\n");
    expect(run(global.code).calls).toEqual(['location.href']);
    const local = await guarded("export let location = 'a';\nlocation = '#x';\n");
    expect(local.code).not.toContain('__ppNav(location, "href").href =');
    const param = await guarded(
      "export function f(location: string) {\n  location = '#x';\n  return location;\n}\n",
    );
    expect(param.code).not.toContain('__ppNav(location');
  });

  it('keeps positions: code after a rewrite maps to its own line and column', async () => {
    const out = await guarded("location.hash = '#a'; throw new Error('here');\n");
    const map = new TraceMap(out.map);
    const generated = out.code.split('\n');
    const line = generated.findIndex((l) => l.includes('throw new Error'));
    const column = generated[line]!.indexOf('throw');
    expect(originalPositionFor(map, { line: line + 1, column })).toMatchObject({
      line: 1,
      column: 22,
    });
  });

  it('adds no parameter to a module that navigates nowhere', async () => {
    const out = await guarded('while (false) {}\n');
    expect(out.code.startsWith('(function (require, module, exports, __ppLoop) {')).toBe(true);
  });
});
