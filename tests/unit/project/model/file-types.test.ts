import { describe, expect, it, test } from 'vitest';
import { ASSET_DECLARATIONS } from '../../../../src/editor/ambient';
import { languageForPath } from '../../../../src/editor/paths';
import {
  canBeTyped,
  componentFramework,
  FILE_TYPES,
  fileTypeOf,
  hasImports,
  isBinaryPath,
  isScriptPath,
  mimeOf,
  RESOLVE_EXTENSIONS,
} from '../../../../src/project/model/file-types';
import { createProjectStore } from '../../../../src/project/model/store';
import type { ProjectFile } from '../../../../src/protocol';
import { createBundler } from '../../../../workers/bundler/program';
import { countingEsbuild } from '../../workers/bundler/helpers';

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });
const extensions = (loaders: string[]) =>
  Object.keys(FILE_TYPES).filter((ext) => loaders.includes(FILE_TYPES[ext]!.loader));
const SCRIPTS = extensions(['ts', 'tsx', 'js', 'jsx']);

describe('file types', () => {
  it('accepts every script the bundler compiles as the entry, .cts and .cjs included', () => {
    expect(SCRIPTS).toEqual(expect.arrayContaining(['.ts', '.mts', '.cts', '.mjs', '.cjs']));
    for (const ext of SCRIPTS) {
      const store = createProjectStore({
        name: 'demo',
        entry: 'src/main.ts',
        files: { 'src/main.ts': text(''), [`src/other${ext}`]: text('') },
      });
      expect(store.setEntry(`src/other${ext}`), ext).toEqual({ ok: true });
      expect(store.getState().project.entry).toBe(`src/other${ext}`);
    }
  });

  it('gives every script the bundler compiles an editor language the TS service reads', () => {
    for (const ext of SCRIPTS) {
      expect(['typescript', 'javascript'], ext).toContain(languageForPath(`a${ext}`));
      expect(isScriptPath(`a${ext}`), ext).toBe(true);
    }
    for (const path of ['a.css', 'a.json', 'a.html', 'a.md', 'a.png', 'Makefile'])
      expect(isScriptPath(path), path).toBe(false);
  });

  it('declares to TypeScript only imports that the bundler serves, with their MIME type', async () => {
    const declared = [...ASSET_DECLARATIONS.matchAll(/declare module '\*(\.[a-z0-9]+)'/g)].map(
      (m) => m[1]!,
    );
    expect(declared).toEqual(
      expect.arrayContaining(['.css', '.json', '.png', '.bmp', '.ogg', '.vue']),
    );
    // Components are typed as their framework's components (checked with their loaders).
    const assets = declared.filter((ext) => !['.css', '.json', '.vue', '.svelte'].includes(ext));
    const files: Record<string, ProjectFile> = {
      'main.ts': text(
        assets.map((ext, i) => `import a${i} from './a${ext}';`).join('\n') +
          `\nexport default [${assets.map((_, i) => `a${i}`).join(', ')}];`,
      ),
    };
    for (const ext of assets)
      files[`a${ext}`] = {
        kind: 'binary',
        bytes: new Uint8Array([1]),
        mime: 'application/octet-stream',
      };
    const bundler = createBundler({ esbuild: countingEsbuild().api });
    const out = await bundler.build({ reset: true, changes: files, entry: 'main.ts', cdnBase: '' });
    expect(out.diagnostics).toEqual([]);
    for (const ext of assets) {
      const mod = out.program?.modules[`a${ext}`];
      expect(mod, ext).toEqual({
        kind: 'asset',
        bytes: new Uint8Array([1]),
        mime: mimeOf(`a${ext}`),
      });
      expect(mimeOf(`a${ext}`), ext).not.toBe('application/octet-stream');
    }
  });

  it('tries extensions for a bare import only where an asset, style or script is served', () => {
    for (const ext of RESOLVE_EXTENSIONS) expect(FILE_TYPES[ext]!.loader, ext).not.toBe('text');
    expect(RESOLVE_EXTENSIONS.slice(0, 8)).toEqual([
      '.ts',
      '.tsx',
      '.js',
      '.jsx',
      '.mjs',
      '.cjs',
      '.json',
      '.css',
    ]);
  });

  it('lets a new SVG be typed as XML, but not other binary formats', () => {
    expect(['a.svg', 'a.ts', 'a.txt', 'Makefile'].every(canBeTyped)).toBe(true);
    expect(['a.png', 'a.woff2', 'a.mp3', 'a.pdf'].some(canBeTyped)).toBe(false);
  });

  it('knows binary files and their MIME types', () => {
    const cases: [string, string][] = [
      ['a.png', 'image/png'],
      ['a.jpg', 'image/jpeg'],
      ['a.JPEG', 'image/jpeg'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.avif', 'image/avif'],
      ['a.svg', 'image/svg+xml'],
      ['a.ico', 'image/x-icon'],
      ['a.woff', 'font/woff'],
      ['a.woff2', 'font/woff2'],
      ['a.ttf', 'font/ttf'],
      ['a.otf', 'font/otf'],
      ['a.mp3', 'audio/mpeg'],
      ['a.pdf', 'application/octet-stream'],
    ];
    for (const [path, mime] of cases) {
      expect(mimeOf(path), path).toBe(mime);
      expect(isBinaryPath(path), path).toBe(true);
    }
    for (const path of ['a.ts', 'a.css', 'a.html', 'a.json', 'png', 'a.unknown'])
      expect(isBinaryPath(path), path).toBe(false);
    expect(mimeOf('a.css')).toBe('text/css');
    expect(mimeOf('a.unknown')).toBe('application/octet-stream');
  });
});

test('the entry refusal names every script extension the bundler runs, .cts and .cjs included', () => {
  const store = createProjectStore({
    name: 'p',
    entry: 'a.ts',
    files: { 'a.ts': { kind: 'text', text: '' }, 'b.css': { kind: 'text', text: '' } },
  });
  const result = store.setEntry('b.css');
  expect(result.ok).toBe(false);
  for (const ext of ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'])
    expect(!result.ok && result.error).toContain(ext);
});

describe('component files', () => {
  it('a .vue file is a component: compiled by Vue, coloured as Vue, imported with its extension', () => {
    const type = fileTypeOf('src/App.vue');
    expect(type).toMatchObject({ loader: 'vue', language: 'vue', icon: 'component' });
    expect(languageForPath('src/App.vue')).toBe('vue');
    // Not a script (it cannot be the entry), but its imports are followed and exported.
    expect(isScriptPath('src/App.vue')).toBe(false);
    expect(hasImports('src/App.vue')).toBe(true);
    expect(componentFramework('src/App.vue')).toBe('vue');
    expect(componentFramework('src/main.ts')).toBeUndefined();
    // As Vite: `import App from './App'` does not find App.vue.
    expect(RESOLVE_EXTENSIONS).not.toContain('.vue');
    expect(ASSET_DECLARATIONS).toContain(
      "declare module '*.vue' { import type { DefineComponent } from 'vue';",
    );
  });
});

describe('Svelte files', () => {
  it('a .svelte file is a component; a .svelte.ts or .svelte.js file is a script Svelte compiles', () => {
    expect(fileTypeOf('src/App.svelte')).toMatchObject({ loader: 'svelte', language: 'svelte' });
    expect(isScriptPath('src/App.svelte')).toBe(false);
    expect(hasImports('src/App.svelte')).toBe(true);
    for (const path of ['src/state.svelte.ts', 'src/State.Svelte.JS']) {
      expect(componentFramework(path), path).toBe('svelte');
      // A rune module is a module like any: it may be the entry, the editor checks its types.
      expect(isScriptPath(path), path).toBe(true);
    }
    expect(languageForPath('src/state.svelte.ts')).toBe('typescript');
    // A plain `.ts` named like one is not: `svelte.ts` alone, `a.svelte.d.ts` aside.
    expect(componentFramework('src/svelte.ts')).toBeUndefined();
    expect(ASSET_DECLARATIONS).toContain(
      "declare module '*.svelte' { import type { Component } from 'svelte';",
    );
  });
});
