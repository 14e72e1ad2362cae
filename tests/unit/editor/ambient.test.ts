import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ASSET_DECLARATIONS,
  bareModuleDeclarations,
  cachedUntypedImports,
} from '../../../src/editor/ambient';
import { isScriptPath } from '../../../src/project/model/file-types';
import type { ProjectFile } from '../../../src/protocol';

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });

describe('bareModuleDeclarations', () => {
  it('declares bare and URL imports of script files, not relative or React ones', () => {
    const out = bareModuleDeclarations(
      {
        'src/a.ts': text(
          [
            "import confetti from 'canvas-confetti';",
            'import { a } from "./a";',
            "import React from 'react';",
            "import { createRoot } from 'react-dom/client';",
            "export * from 'lodash-es';",
            "import 'normalize.css';",
            "const d3 = await import('d3');",
            "import x from 'https://esm.sh/nanoid@5';",
            "import y from '/abs/path';",
          ].join('\n'),
        ),
        'src/b.jsx': text("const z = require('left-pad');"),
        'notes.md': text("import nope from 'not-a-script';"),
      },
      isScriptPath,
    );
    expect(out.split('\n')).toEqual([
      'declare module "canvas-confetti";',
      'declare module "d3";',
      'declare module "https://esm.sh/nanoid@5";',
      'declare module "left-pad";',
      'declare module "lodash-es";',
      'declare module "normalize.css";',
    ]);
  });

  it('adds package.json dependencies with their subpaths, skipping React and @types', () => {
    const out = bareModuleDeclarations(
      {
        'package.json': text(
          JSON.stringify({
            dependencies: { react: '^19', three: '0.170.0' },
            devDependencies: { '@types/three': '1' },
          }),
        ),
      },
      isScriptPath,
    );
    expect(out).toBe('declare module "three";\ndeclare module "three/*";');
  });

  it('ignores a package.json that does not parse', () => {
    expect(bareModuleDeclarations({ 'package.json': text('{ nope') }, isScriptPath)).toBe('');
  });
});

// The declarations checked by the real TypeScript compiler, with the editor's resolution.
describe('declarations under TypeScript', () => {
  const root = mkdtempSync(join(tmpdir(), 'playpen-ambient-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function diagnose(files: Record<string, string>) {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    const program = ts.createProgram(
      Object.keys(files).map((p) => join(root, p)),
      {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        strict: true,
        noEmit: true,
        types: [],
        lib: ['lib.es2022.d.ts'],
      },
    );
    // The program's own files: the declarations of components import their framework's types
    // ('vue'), which this folder has not (the editor fetches them when a project imports it).
    return ts
      .getPreEmitDiagnostics(program)
      .filter((d) => !d.file?.fileName.endsWith('.d.ts'))
      .map((d) => `${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }

  it('types assets as URLs, allows CSS and CDN imports, still flags a missing relative file', () => {
    const main = [
      "import logo from './logo.png';",
      "import font from './fonts/a.woff2';",
      "import './style.css';",
      "import confetti from 'canvas-confetti';",
      "import { helper } from './missing';",
      'const url: string = logo + font;',
      'const wrong: number = logo;',
      'confetti(url, wrong, helper);',
    ].join('\n');
    const env =
      ASSET_DECLARATIONS +
      '\n' +
      bareModuleDeclarations({ 'src/main.ts': text(main) }, isScriptPath);
    const diagnostics = diagnose({ 'src/main.ts': main, 'env.d.ts': env });
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics[0]).toMatch(/^2307: Cannot find module '\.\/missing'/);
    expect(diagnostics[1]).toMatch(/^2322: Type 'string' is not assignable to type 'number'/);
  });
});

describe('cachedUntypedImports', () => {
  it('after an edit, scans the edited file again and no other', () => {
    const reads: string[] = [];
    const watched = (path: string, t: string): ProjectFile => ({
      kind: 'text',
      get text() {
        reads.push(path);
        return t;
      },
    });
    const files: Record<string, ProjectFile> = {};
    for (let i = 0; i < 20; i++)
      files[`src/m${i}.ts`] = watched(`src/m${i}.ts`, `import 'pkg-${i}';`);
    const importsOf = cachedUntypedImports();
    const first = bareModuleDeclarations(files, isScriptPath, importsOf);
    expect(first).toContain('declare module "pkg-7";');
    reads.length = 0;
    const edited = { ...files, 'src/m7.ts': watched('src/m7.ts', "import 'other';") };
    const second = bareModuleDeclarations(edited, isScriptPath, importsOf);
    expect(reads).toEqual(['src/m7.ts']);
    expect(second).toContain('declare module "other";');
    expect(second).not.toContain('declare module "pkg-7";');
  });
});
