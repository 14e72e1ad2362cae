import * as esbuild from 'esbuild-wasm';
import { describe, expect, it } from 'vitest';
import { compileJs, type JsSource } from '../../../../workers/bundler/compile-js';
import { compileJsBatch } from '../../../../workers/bundler/compile-js-batch';

const sources: JsSource[] = [
  {
    path: 'src/main.tsx',
    loader: 'tsx',
    text: [
      "import type { Props } from './types';",
      "import { Unused } from './only-types';",
      "import { helper } from './util/index';",
      "export * from './again';",
      'const x: Unused | null = null;',
      'export default function App(p: Props) { return <p>{helper(p)}{x}</p>; }',
      "export const lazy = () => import('./lazy');",
    ].join('\n'),
  },
  // Two files with one base name: outputs must not collide.
  {
    path: 'src/util/index.ts',
    loader: 'ts',
    text: 'export const helper = (n: number): number => { let s = 0; for (let i = 0; i < n; i++) s += i; return s; };',
  },
  { path: 'src/lib/index.js', loader: 'js', text: "module.exports = require('./c.cjs') + 1;" },
  { path: 'src/view.jsx', loader: 'jsx', text: 'export const View = () => <div className="v" />;' },
  {
    path: 'src/warn.ts',
    loader: 'ts',
    text: 'export const same = (a: number) => a === -0;',
  },
];

describe('compileJsBatch', () => {
  it('makes of each file exactly the module compileJs makes of it alone', async () => {
    const batch = await compileJsBatch(esbuild, sources);
    expect(batch).not.toBeNull();
    for (const source of sources)
      expect([source.path, batch!.get(source.path)]).toEqual([
        source.path,
        await compileJs(esbuild, source),
      ]);
  });

  it('compiles them all in one build', async () => {
    let builds = 0;
    const counting = {
      build: ((options: Parameters<typeof esbuild.build>[0]) => {
        builds++;
        return esbuild.build(options);
      }) as typeof esbuild.build,
    };
    const batch = await compileJsBatch(counting, sources);
    expect(builds).toBe(1);
    expect(batch?.size).toBe(sources.length);
  });

  it('gives up as a whole on a syntax error anywhere (the files are then compiled one by one)', async () => {
    const broken = [...sources, { path: 'src/bad.ts', loader: 'ts' as const, text: 'const = ;' }];
    expect(await compileJsBatch(esbuild, broken)).toBeNull();
  });
});
