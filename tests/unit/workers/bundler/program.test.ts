import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { createBundler, StaleBuild } from '../../../../workers/bundler/program';
import type { ProjectFile } from '../../../../src/protocol';
import { resolveSpecifier } from '../../../../workers/bundler/resolve';
import { countingEsbuild, evaluate, files, jsxRuntime, text } from './helpers';

const CDN = 'https://esm.sh/';

const buildOk = async (
  bundler: ReturnType<typeof createBundler>,
  map: Record<string, string | Uint8Array>,
  entry = 'src/main.tsx',
) => {
  const out = await bundler.build({ reset: true, changes: files(map), entry, cdnBase: CDN });
  if (!out.program) throw new Error(JSON.stringify(out.diagnostics));
  return out.program;
};

describe('createBundler().build', () => {
  it('builds a TSX project whose modules run in a registry, JSON and assets included', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const program = await buildOk(bundler, {
      'src/main.tsx': [
        "import { App } from './App';",
        "import data from './data.json';",
        "import logo from './logo.png';",
        "import './style.css';",
        "import { debounce } from 'lodash';",
        'export const el = <App title={data.title} logo={logo} d={typeof debounce} />;',
      ].join('\n'),
      'src/App.tsx': 'export function App(p: { title: string }) { return <h1>{p.title}</h1>; }',
      'src/data.json': '{ "title": "Hello" }',
      'src/logo.png': new Uint8Array([1, 2, 3]),
      'src/style.css': 'h1 { color: red }',
      'src/unused.ts': 'export const unused = 1;',
      'package.json': JSON.stringify({ dependencies: { lodash: '4.17.21' } }),
    });
    expect(Object.keys(program.modules)).toEqual([
      'src/App.tsx',
      'src/data.json',
      'src/logo.png',
      'src/main.tsx',
      'src/style.css',
    ]);
    expect(program.vendor).toEqual(['react/jsx-runtime']);
    expect(program.cdn).toEqual(['https://esm.sh/lodash@4.17.21']);
    expect(program.modules['src/logo.png']).toEqual({
      kind: 'asset',
      bytes: new Uint8Array([1, 2, 3]),
      mime: 'image/png',
    });
    const main = program.modules['src/main.tsx'];
    expect(main?.kind === 'js' && main.deps).toEqual({
      './App': 'src/App.tsx',
      './data.json': 'src/data.json',
      './logo.png': 'src/logo.png',
      './style.css': 'src/style.css',
      lodash: 'https://esm.sh/lodash@4.17.21',
      'react/jsx-runtime': 'react/jsx-runtime',
    });
    const { exports, styles } = evaluate(program, {
      'react/jsx-runtime': jsxRuntime,
      'https://esm.sh/lodash@4.17.21': { debounce: () => 0 },
    });
    expect(exports.el).toMatchObject({
      props: { title: 'Hello', logo: 'blob:src/logo.png', d: 'function' },
    });
    expect(styles).toEqual([expect.stringContaining('color: red')]);
  });

  it('evaluates circular imports with live bindings', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const program = await buildOk(
      bundler,
      {
        'src/main.ts':
          "import { isEven } from './even';\nimport { seen } from './odd';\nexport const result = [isEven(4), isEven(7), seen()];",
        'src/even.ts':
          "import { isOdd } from './odd';\nexport let calls = 0;\nexport function isEven(n: number): boolean { calls++; return n === 0 ? true : isOdd(n - 1); }",
        'src/odd.ts':
          "import { isEven, calls } from './even';\nexport function isOdd(n: number): boolean { return n === 0 ? false : isEven(n - 1); }\nexport const seen = () => calls;",
      },
      'src/main.ts',
    );
    const { exports } = evaluate(program);
    // odd.ts is evaluated while even.ts is half done; `calls` is read live through a getter.
    expect(exports.result).toEqual([true, false, 7]);
  });

  it('serves import() through the registry', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const program = await buildOk(
      bundler,
      {
        'src/main.ts': "export const later = import('./lazy').then((m) => m.value * 2);",
        'src/lazy.ts': 'export const value = 21;',
      },
      'src/main.ts',
    );
    expect(await evaluate(program).exports.later).toBe(42);
  });

  it('fails with a located diagnostic for a missing import', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const out = await bundler.build({
      reset: true,
      changes: files({
        'src/main.tsx':
          "import { a } from './a';\nimport { b } from './missing';\nconsole.log(a, b);",
        'src/a.ts': 'export const a = 1;',
      }),
      entry: 'src/main.tsx',
      cdnBase: CDN,
    });
    expect(out.program).toBeUndefined();
    expect(out.diagnostics).toEqual([
      {
        severity: 'error',
        file: 'src/main.tsx',
        line: 2,
        column: 19,
        text: 'Could not resolve "./missing" from src/main.tsx',
      },
    ]);
  });

  it('fails with every syntax error of every reachable file', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const out = await bundler.build({
      reset: true,
      changes: files({
        'src/main.ts': "import './a';\nimport './b';",
        'src/a.ts': 'export const a = 1;\nlet x = ;',
        'src/b.ts': 'export const b = {;',
        'src/unreached.ts': 'this is not code',
      }),
      entry: 'src/main.ts',
      cdnBase: CDN,
    });
    expect(out.program).toBeUndefined();
    expect(out.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}`)).toEqual([
      'src/a.ts:2:9',
      'src/b.ts:1:19',
    ]);
  });

  it('applies tsconfig.json and reports a broken one once, against tsconfig.json', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const project = {
      'src/main.ts': "import { A } from './a';\nexport const own = Object.keys(new A());",
      'src/a.ts': 'export class A { x?: number; }',
      'tsconfig.json':
        '{\n  // comments are fine\n  "compilerOptions": { "useDefineForClassFields": false }\n}',
    };
    const program = await buildOk(bundler, project, 'src/main.ts');
    expect(evaluate(program).exports.own).toEqual([]); // the default (true) would give ["x"]
    const broken = await bundler.build({
      reset: true,
      changes: files({ ...project, 'tsconfig.json': '{ "compilerOptions": ' }),
      entry: 'src/main.ts',
      cdnBase: CDN,
    });
    expect(broken.program).toBeUndefined();
    expect(broken.diagnostics).toEqual([
      expect.objectContaining({ file: 'tsconfig.json', line: 1 }),
    ]);
  });

  it('recompiles only changed files on a rebuild', async () => {
    const { api, calls, builds } = countingEsbuild();
    const bundler = createBundler({ esbuild: api });
    const project = {
      'src/main.ts':
        "import { a } from './a';\nimport { b } from './b';\nexport const sum = a + b;",
      'src/a.ts': 'export const a = 1;',
      'src/b.ts': 'export const b = 2;',
    };
    await buildOk(bundler, project, 'src/main.ts');
    expect(calls.sort()).toEqual(['src/a.ts', 'src/b.ts', 'src/main.ts']);
    // A new project's scripts compile in one esbuild build (compile-js-batch.ts).
    expect(builds.count).toBe(1);
    calls.length = 0;
    builds.count = 0;
    const program = await buildOk(
      bundler,
      { ...project, 'src/b.ts': 'export const b = 40;' },
      'src/main.ts',
    );
    expect(calls).toEqual(['src/b.ts']);
    expect(builds.count).toBe(1);
    expect(evaluate(program).exports.sum).toBe(41);
    calls.length = 0;
    await buildOk(bundler, project, 'src/main.ts'); // undo: the previous version is still cached
    expect(calls).toEqual([]);
  });

  it('builds another project opened in the same worker with one esbuild build', async () => {
    const { api, calls, builds } = countingEsbuild();
    const bundler = createBundler({ esbuild: api });
    await buildOk(bundler, { 'src/main.ts': 'export const x = 1;' }, 'src/main.ts');
    calls.length = 0;
    builds.count = 0;
    // A project opened into the running app (a template, the Projects list): every script is
    // new, and they compile together, not one esbuild call per file.
    const opened: Record<string, string> = {
      'src/main.ts': "import { v0 } from './m0';\nconsole.log(v0);",
    };
    for (let i = 0; i < 20; i++)
      opened[`src/m${i}.ts`] =
        i < 19 ? `export { v${i + 1} as v${i} } from './m${i + 1}';` : `export const v19 = 19;`;
    // What the client sends a worker that built the last project: the files that changed.
    const out = await bundler.build({ changes: files(opened), entry: 'src/main.ts', cdnBase: CDN });
    const program = out.program!;
    expect(out.diagnostics).toEqual([]);
    expect(builds.count).toBe(1);
    expect(calls.sort()).toEqual(Object.keys(opened).sort());
    expect(Object.keys(program.modules)).toHaveLength(21);
  });

  it('after a one-file edit compiles that file only and resolves no unchanged file again', async () => {
    const { api, calls } = countingEsbuild();
    const importers: string[] = [];
    const resolve: typeof resolveSpecifier = (spec, importer, ctx) => {
      importers.push(importer);
      return resolveSpecifier(spec, importer, ctx);
    };
    const bundler = createBundler({ esbuild: api, resolve });
    const project = files({
      'src/main.ts':
        "import { a } from './a';\nimport { b } from './b';\nexport const sum = a + b;",
      'src/a.ts': "import { b } from './b';\nexport const a = b + 1;",
      'src/b.ts': 'export const b = 2;',
    });
    const first = await bundler.build({
      reset: true,
      changes: project,
      entry: 'src/main.ts',
      cdnBase: CDN,
    });
    expect(evaluate(first.program!).exports.sum).toBe(5);
    calls.length = 0;
    importers.length = 0;
    const edited = await bundler.build({
      changes: { 'src/a.ts': text("import { b } from './b';\nexport const a = b + 10;") },
      entry: 'src/main.ts',
      cdnBase: CDN,
    });
    expect(calls).toEqual(['src/a.ts']);
    expect(importers).toEqual(['src/a.ts']);
    expect(Object.keys(edited.program!.modules)).toEqual(['src/a.ts', 'src/b.ts', 'src/main.ts']);
    expect(evaluate(edited.program!).exports.sum).toBe(14);
    calls.length = 0;
    importers.length = 0;
    await bundler.build({ changes: {}, entry: 'src/main.ts', cdnBase: CDN });
    expect([calls, importers]).toEqual([[], []]);
  });

  it('resolves imports anew, without compiling, when a file is added or deleted', async () => {
    const { api, calls } = countingEsbuild();
    const bundler = createBundler({ esbuild: api });
    const main = "import { b } from './b';\nexport const x = b;";
    const build = (changes: Record<string, ProjectFile | null>, reset = false) =>
      bundler.build({ reset, changes, entry: 'src/main.ts', cdnBase: CDN });
    const missing = await build(
      files({ 'src/main.ts': main, 'src/b.js': 'export const b = 1;' }),
      true,
    );
    expect(evaluate(missing.program!).exports.x).toBe(1);
    // b.ts now shadows b.js (TypeScript files come first): main's import resolves anew.
    const added = await build({ 'src/b.ts': text('export const b = 2;') });
    expect(evaluate(added.program!).exports.x).toBe(2);
    calls.length = 0;
    const deleted = await build({ 'src/b.ts': null });
    expect(calls).toEqual([]);
    expect(evaluate(deleted.program!).exports.x).toBe(1);
    const gone = await build({ 'src/b.js': null });
    expect(gone.program).toBeUndefined();
    expect(gone.diagnostics[0]?.text).toBe('Could not resolve "./b" from src/main.ts');
  });

  it('resolves bare imports anew when package.json changes its versions', async () => {
    const { api, calls } = countingEsbuild();
    const bundler = createBundler({ esbuild: api });
    const pkg = (v: string) => text(JSON.stringify({ dependencies: { lodash: v } }));
    const build = (changes: Record<string, ProjectFile | null>, reset = false) =>
      bundler.build({ reset, changes, entry: 'src/main.ts', cdnBase: CDN });
    const first = await build(
      { 'src/main.ts': text("export { debounce } from 'lodash';"), 'package.json': pkg('4.17.20') },
      true,
    );
    expect(first.program!.cdn).toEqual([`${CDN}lodash@4.17.20`]);
    calls.length = 0;
    const bumped = await build({ 'package.json': pkg('4.17.21') });
    expect(bumped.program!.cdn).toEqual([`${CDN}lodash@4.17.21`]);
    expect(calls).toEqual([]);
  });

  it('takes html and head from index.html and can start from it', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const program = await buildOk(
      bundler,
      {
        'index.html':
          '<html><head><title>T</title><link rel="stylesheet" href="/src/g.css"></head><body><div id="root"></div><script type="module" src="/src/main.ts"></script></body></html>',
        'src/main.ts': 'export const x = 1;',
        'src/g.css': '@import "./h.css";',
        'src/h.css': 'body { margin: 0 }',
      },
      'index.html',
    );
    expect(program.entry).toBe('src/main.ts');
    expect(program.html).toBe('<div id="root"></div>');
    expect(program.head).toContain('<title>T</title>');
    expect(program.head).toMatch(/<style>[\s\S]*margin: 0[\s\S]*<\/style>/);
  });

  it('builds CSS modules as a JS class map plus a stylesheet module', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const program = await buildOk(
      bundler,
      {
        'src/main.ts': "import s from './a.module.css';\nexport const cls = s.box;",
        'src/a.module.css': '.box { display: flex }',
      },
      'src/main.ts',
    );
    const { exports, styles } = evaluate(program);
    expect(exports.cls).toBe('src_a_box');
    expect(styles).toEqual([expect.stringContaining('.src_a_box {')]);
  });

  it('stops a build that a newer request replaced', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const out = bundler.build(
      {
        reset: true,
        changes: files({ 'src/main.ts': 'export {}' }),
        entry: 'src/main.ts',
        cdnBase: CDN,
      },
      () => true,
    );
    await expect(out).rejects.toBeInstanceOf(StaleBuild);
  });

  it('inlines each module’s source map, so DevTools in the preview show the user’s files', async () => {
    const bundler = createBundler({ esbuild: countingEsbuild().api, guardLoops: true });
    const source = 'const total = 1;\nfor (let i = 0; i < 3; i++) {}\nconsole.log(total);\n';
    const program = await buildOk(bundler, { 'src/main.ts': source }, 'src/main.ts');
    const main = program.modules['src/main.ts'];
    if (main?.kind !== 'js') throw new Error('no JS module');
    const found =
      /\n\/\/# sourceMappingURL=data:application\/json;charset=utf-8;base64,(\S+)$/.exec(main.code);
    if (!found) throw new Error('no inline source map');
    const inline = JSON.parse(Buffer.from(found[1]!, 'base64').toString('utf8')) as {
      version: 3;
      mappings: string;
      names: string[];
      sources: string[];
      sourcesContent: string[];
      sourceRoot?: string;
    };
    expect(inline.sources).toEqual(['src/main.ts']);
    expect(inline.sourcesContent).toEqual([source]);
    // The loop guard rewrote the code: the inline map is the guarded one, as the host's is.
    expect(inline.sourceRoot).toBe('playpen://project/');
    const withoutRoot = { ...inline, sourceRoot: '' };
    const pos = originalPositionFor(new TraceMap(withoutRoot), {
      line: main.code.split('\n').findIndex((l) => l.includes('console.log(total)')) + 1,
      column: main.code
        .split('\n')
        .find((l) => l.includes('console.log(total)'))!
        .indexOf('console'),
    });
    expect(pos).toMatchObject({ source: 'src/main.ts', line: 3, column: 0 });
    expect(JSON.parse(main.map)).toMatchObject({ sources: ['src/main.ts'] });
  });
});
