/// <reference types="node" />
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../../src/protocol';
import { createDefaultProject, TEMPLATES } from '../../../src/project/templates';
import { validatePath } from '../../../src/project/model/paths';
import { ASSET_DECLARATIONS } from '../../../src/editor/ambient';

const all: [string, () => Project][] = [
  ['default example', createDefaultProject],
  ...TEMPLATES.map((t): [string, () => Project] => [t.name, () => t.create()]),
];

// Template files live in a virtual folder inside the repo, so `react` resolves from node_modules.
const ROOT = path.join(process.cwd(), '.template-check');

/** Type-checks a project's TS/TSX files under strict settings; returns the diagnostics as text. */
function typeCheck(project: Project): string[] {
  const virtual = new Map<string, string>();
  for (const [p, f] of Object.entries(project.files))
    if (f.kind === 'text') virtual.set(path.join(ROOT, p), f.text);
  // The same ambient declarations the editor gives Monaco (CSS and asset imports).
  virtual.set(path.join(ROOT, 'playpen-env.d.ts'), ASSET_DECLARATIONS);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f);
  host.readFile = (f) => virtual.get(f) ?? readFile.call(host, f);
  host.directoryExists = (d) =>
    [...virtual.keys()].some((f) => f.startsWith(d + path.sep)) ||
    (directoryExists?.call(host, d) ?? false);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = virtual.get(f);
    return text !== undefined
      ? ts.createSourceFile(f, text, lang)
      : getSourceFile.call(host, f, lang, ...rest);
  };
  const roots = [...virtual.keys()].filter((f) => /\.tsx?$/.test(f));
  const program = ts.createProgram(roots, options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('templates', () => {
  it('has the templates the "New project" menu lists', () => {
    expect(TEMPLATES.map((t) => t.name)).toEqual([
      'Vanilla TypeScript',
      'React + TypeScript',
      'Vue + TypeScript',
      'Svelte + TypeScript',
      'Canvas animation',
    ]);
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
  });

  for (const [name, create] of all) {
    describe(name, () => {
      const project = create();
      const paths = Object.keys(project.files);

      it('has valid paths and an existing script entry', () => {
        for (const p of paths) {
          const others = paths.filter((o) => o !== p);
          expect(validatePath(p, others), p).toBeNull();
        }
        expect(project.files[project.entry]?.kind).toBe('text');
        expect(project.entry).toMatch(/\.tsx?$/);
      });

      it('has an index.html that loads the entry and imports between files', () => {
        const html = project.files['index.html'];
        expect(html?.kind === 'text' && html.text).toContain(
          `<script type="module" src="/${project.entry}"></script>`,
        );
        const entry = project.files[project.entry];
        expect(entry?.kind === 'text' && entry.text).toMatch(/from '\.\/\w+(\.vue|\.svelte)?'/);
        expect(paths.some((p) => p.endsWith('.css'))).toBe(true);
      });

      it('type-checks under strict settings', () => {
        expect(typeCheck(project)).toEqual([]);
      });

      it('returns a fresh copy each time', () => {
        const a = create();
        a.files['src/extra.ts'] = { kind: 'text', text: '' };
        expect('src/extra.ts' in create().files).toBe(false);
      });
    });
  }

  it('the type check does catch errors', () => {
    const broken = createDefaultProject();
    broken.files['src/greet.ts'] = {
      kind: 'text',
      text: 'export function greet(n: number) { return n; }',
    };
    expect(typeCheck(broken).join('\n')).toMatch(/src\/main\.ts.*string/);
  });

  it('the type check sees React types', () => {
    const react = TEMPLATES.find((t) => t.id === 'react-ts')!.create();
    const app = react.files['src/App.tsx'];
    const text = app?.kind === 'text' ? app.text : '';
    react.files['src/App.tsx'] = {
      kind: 'text',
      text: text.replace('setCount((c) => c + 1)', "setCount('many')"),
    };
    expect(typeCheck(react).join('\n')).toMatch(/src\/App\.tsx.*SetStateAction<number>/);
  });

  it('the React template renders a counter with state and an effect', () => {
    const react = TEMPLATES.find((t) => t.id === 'react-ts')!.create();
    const app = react.files['src/App.tsx'];
    const main = react.files['src/main.tsx'];
    expect(main?.kind === 'text' && main.text).toContain("from 'react-dom/client'");
    expect(app?.kind === 'text' && app.text).toMatch(/useState[\s\S]*useEffect[\s\S]*onClick/);
    const pkg = react.files['package.json'];
    const deps = JSON.parse(pkg?.kind === 'text' ? pkg.text : '{}').dependencies;
    expect(Object.keys(deps)).toEqual(['react', 'react-dom']);
  });

  it('the first-open example logs an object and shows output in the page', () => {
    const main = createDefaultProject().files['src/main.ts'];
    const text = main?.kind === 'text' ? main.text : '';
    expect(text).toMatch(/console\.log\([^)]*user/);
    expect(text).toMatch(/app\.append/);
  });
});
