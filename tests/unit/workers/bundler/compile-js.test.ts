import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import * as esbuild from 'esbuild-wasm';
import { describe, expect, it } from 'vitest';
import { compileJs, locateImportErrors } from '../../../../workers/bundler/compile-js';

const compile = (
  path: string,
  text: string,
  loader: 'ts' | 'tsx' | 'js' | 'jsx' | 'json' = 'tsx',
) => compileJs(esbuild, { path, text, loader });

const ok = async (...args: Parameters<typeof compile>) => {
  const r = await compile(...args);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
};

/** 1-based line, 0-based column of the first occurrence of `needle` in `code`. */
const positionOf = (code: string, needle: string) => {
  const index = code.indexOf(needle);
  if (index < 0) throw new Error(`${needle} not in code`);
  const before = code.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length };
};

describe('compileJs', () => {
  it('wraps the module as the function expression the runtime evaluates', async () => {
    const r = await ok('src/a.ts', 'export const a: number = 1;');
    expect(r.code.startsWith('(function (require, module, exports) {"use strict";')).toBe(true);
    expect(r.code.endsWith('})\n//# sourceURL=playpen:///src/a.ts')).toBe(true);
    const module = { exports: {} as Record<string, unknown> };
    (0, eval)(r.code)(() => undefined, module, module.exports);
    expect(module.exports.a).toBe(1);
  });

  it('compiles TSX with the automatic runtime and drops type-only imports', async () => {
    const r = await ok(
      'src/App.tsx',
      [
        "import type { Props } from './types';",
        "import { type Other, helper } from './helper';",
        "import { Unused } from './unused-type';",
        'const x: Unused | Other | null = null;',
        'export default function App(p: Props) { return <div>{helper(p)}{x}</div>; }',
      ].join('\n'),
    );
    expect(r.imports.map((i) => i.spec).sort()).toEqual(['./helper', 'react/jsx-runtime']);
    expect(r.code).toContain('require("react/jsx-runtime")');
    expect(r.code).not.toContain('./types');
  });

  it('compiles JSX files too, and lists require() and import() with their kinds', async () => {
    const r = await ok(
      'src/a.jsx',
      "const lazy = () => import('./lazy');\nconst c = require('./c.cjs');\nexport const el = <p>{c}</p>;",
      'jsx',
    );
    expect(r.imports).toEqual(
      expect.arrayContaining([
        { spec: './lazy', kind: 'dynamic-import' },
        { spec: './c.cjs', kind: 'require-call' },
        { spec: 'react/jsx-runtime', kind: 'import-statement' },
      ]),
    );
    // import() is lowered to require() so the registry serves it.
    expect(r.code).not.toMatch(/\bimport\(/);
  });

  it('asks esbuild for no plugin callback: imports stay external inside esbuild', async () => {
    // A resolve plugin costs a JS↔Go round trip per import in the worker (bundling.md).
    const seen: Parameters<typeof esbuild.build>[0][] = [];
    const api = {
      build: ((options: Parameters<typeof esbuild.build>[0]) => {
        seen.push(options);
        return esbuild.build(options);
      }) as typeof esbuild.build,
    };
    const r = await compileJs(api, {
      path: 'src/a.ts',
      text: [
        "import { b } from './b';",
        "import { b as c } from './b';",
        "export const a = b + c + require.resolve('./r');",
      ].join('\n'),
      loader: 'ts',
    });
    expect(seen.map((o) => o.plugins)).toEqual([undefined]);
    expect(r.ok && r.imports).toEqual([
      { spec: './b', kind: 'import-statement' },
      { spec: './r', kind: 'require-resolve' },
    ]);
  });

  it('keeps CommonJS sources out of strict mode without moving any column', async () => {
    const r = await ok('src/c.js', 'undeclared = 5;\nmodule.exports = undeclared;', 'js');
    expect(r.code).not.toContain('"use strict"');
    const module = { exports: {} };
    (0, eval)(r.code)(() => undefined, module, module.exports);
    expect(module.exports).toBe(5);
  });

  it('compiles JSON to a module exporting the value', async () => {
    const r = await ok('src/d.json', '{"a": [1, 2]}', 'json');
    const module = { exports: {} as Record<string, unknown> };
    (0, eval)(r.code)(() => undefined, module, module.exports);
    expect(module.exports).toMatchObject({ default: { a: [1, 2] } });
    const bad = await compile('src/bad.json', '{\n  "a": 1,,\n}', 'json');
    expect(!bad.ok && bad.errors[0]).toMatchObject({ file: 'src/bad.json', line: 2 });
  });

  it('reports a syntax error with file, 1-based line and column', async () => {
    const r = await compile('src/bad.tsx', 'const a = 1;\nconst b = ;\n');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/bad.tsx', line: 2, column: 11 }),
    ]);
    expect(!r.ok && r.errors[0]!.text).toMatch(/Unexpected ";"/);
  });

  it('maps positions in the evaluated code back to the original file through the wrapper', async () => {
    const source = [
      "import { helper } from './helper';",
      '',
      'type T = { n: number };',
      'export function compute(value: T) {',
      '  const doubledValue = helper(value.n) * 2;',
      '  return doubledValue;',
      '}',
    ].join('\n');
    const r = await ok('src/math.ts', source, 'ts');
    const map = new TraceMap(r.map);
    expect(map.sources).toEqual(['src/math.ts']);
    expect(JSON.parse(r.map).sourcesContent).toEqual([source]);
    const at = positionOf(r.code, 'doubledValue =');
    const original = originalPositionFor(map, at);
    expect(original).toMatchObject({ source: 'src/math.ts', line: 5, column: 8 });
  });

  it('locates unresolved imports at the line and column of the import', async () => {
    const source = {
      path: 'src/main.tsx',
      text: "import a from './a';\nimport m from './missing';\nconsole.log(a, m);\n",
      loader: 'tsx' as const,
    };
    const text = 'Could not resolve "./missing" from src/main.tsx';
    const ds = await locateImportErrors(esbuild, source, new Map([['./missing', text]]));
    expect(ds).toEqual([{ severity: 'error', file: 'src/main.tsx', line: 2, column: 15, text }]);
  });

  it('reports top-level await as unsupported (CommonJS output)', async () => {
    const r = await compile('src/tla.ts', 'await Promise.resolve();\nexport {};', 'ts');
    expect(!r.ok && r.errors[0]).toMatchObject({ file: 'src/tla.ts', line: 1 });
  });
});
