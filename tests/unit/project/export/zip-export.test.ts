import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Project, ProjectFile } from '../../../../src/protocol';
import { buildPackageJson, projectTraits } from '../../../../src/project/export/export-package';
import { DEFAULT_LIMITS } from '../../../../src/project/import/import-limits';
import { planImport } from '../../../../src/project/import/import-plan';
import { TEMPLATES, createDefaultProject } from '../../../../src/project/templates';
import {
  exportFiles,
  exportProjectZip,
  safeFileName,
} from '../../../../src/project/export/zip-export';
import { unzipUpload } from '../../../../src/project/import/zip-import';

const versions = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  vite: '8.3.8',
  '@vitejs/plugin-react': '6.3.0',
  typescript: '5.9.3',
  vue: '3.5.45',
  '@vitejs/plugin-vue': '6.0.11',
  svelte: '5.57.3',
  '@sveltejs/vite-plugin-svelte': '7.3.1',
};
const text = (t: string): ProjectFile => ({ kind: 'text', text: t });
const enc = (t: string) => new TextEncoder().encode(t);
const pkgOf = (files: Map<string, Uint8Array>) =>
  JSON.parse(new TextDecoder().decode(files.get('package.json'))) as Record<
    string,
    Record<string, string>
  >;

/** A project with the awkward cases: unicode, empty, binary, deep folders, many files. */
function generated(count: number): Project {
  const files: Record<string, ProjectFile> = {
    'src/main.ts': text("import './ünïcödé/名前.ts';\nconsole.log('héllo 👋');\n"),
    'src/ünïcödé/名前.ts': text('export const emoji = "😀 ∑ ß";\r\nexport {};\n'),
    'empty.txt': text(''),
    'bom.txt': text('\uFEFFwith a byte order mark'),
    'a/b/c/d/e/f/g/h/deep.ts': text('export const deep = 1;\n'),
    'img/all-bytes.png': {
      kind: 'binary',
      bytes: Uint8Array.from({ length: 256 }, (_, i) => i),
      mime: 'image/png',
    },
    'img/empty.bin': { kind: 'binary', bytes: new Uint8Array(0), mime: 'application/octet-stream' },
  };
  for (let i = 0; i < count; i++)
    files[`many/dir${i % 10}/file-${i}.ts`] = text(`export const n = ${i};\n`);
  return { name: 'Round trip ✓', entry: 'src/main.ts', files };
}

const bytesOf = (f: ProjectFile) => (f.kind === 'text' ? enc(f.text) : f.bytes);

describe('exportProjectZip', () => {
  it('round-trips every file byte for byte (unicode, empty, binary, deep, 1,000 files)', () => {
    const project = generated(1000);
    const zip = exportProjectZip(project, { versions, now: new Date(2024, 0, 1) });
    expect(zip.fileName).toBe('Round trip ✓.zip');
    const entries = unzipSync(zip.bytes);
    for (const [path, file] of Object.entries(project.files))
      expect(entries[`Round trip ✓/${path}`], path).toEqual(bytesOf(file));

    // And back in through the upload path: same bytes, same kinds.
    const unzipped = unzipUpload('x.zip', zip.bytes, DEFAULT_LIMITS);
    if (!unzipped.ok) throw new Error(unzipped.errors.join('\n'));
    const plan = planImport(unzipped.files, { files: {}, folders: [] }, DEFAULT_LIMITS);
    if (!plan.ok) throw new Error(plan.errors.join('\n'));
    for (const [path, file] of Object.entries(project.files)) {
      const back = plan.files.get(path);
      expect(back?.kind, path).toBe(file.kind);
      expect(back && bytesOf(back), path).toEqual(bytesOf(file));
    }
    expect(plan.files.has('package.json')).toBe(true);
    expect(plan.files.has('README.md')).toBe(true);
  });

  it('writes a runnable Vite project around each template', () => {
    for (const template of [...TEMPLATES, { id: 'example', create: createDefaultProject }]) {
      const project = template.create();
      const files = exportFiles(project, versions);
      const pkg = pkgOf(files);
      expect(pkg.scripts, template.id).toMatchObject({
        dev: 'vite',
        build: 'vite build',
        preview: 'vite preview',
      });
      expect(pkg.devDependencies?.vite, template.id).toBeDefined();
      expect(files.has('index.html'), template.id).toBe(true);
      expect(files.has('vite.config.js'), template.id).toBe(true);
      expect(files.has('README.md'), template.id).toBe(true);
      for (const [path, file] of Object.entries(project.files))
        if (path !== 'package.json' && path !== 'index.html')
          expect(files.get(path), `${template.id} ${path}`).toEqual(bytesOf(file));
    }
  });

  it('pins React to the shipped version and adds the React plugin for React code', () => {
    const project = TEMPLATES.find((t) => t.id === 'react-ts')!.create();
    const files = exportFiles(project, versions);
    const pkg = pkgOf(files);
    expect(pkg.dependencies).toEqual({ react: '19.3.1', 'react-dom': '19.3.1' });
    expect(pkg.devDependencies?.['@vitejs/plugin-react']).toBe('6.3.0');
    expect(new TextDecoder().decode(files.get('vite.config.js'))).toContain('react()');
    // The project's own index.html already loads the entry: kept byte for byte.
    expect(files.get('index.html')).toEqual(bytesOf(project.files['index.html']!));
  });

  it('pins Vue to the shipped version, adds the Vue plugin, and reads imports in components', () => {
    const project = TEMPLATES.find((t) => t.id === 'vue-ts')!.create();
    project.files['src/components/Confetti.vue'] = text(
      '<script setup lang="ts">\nimport confetti from \'canvas-confetti\';\nconfetti();\n</script>\n',
    );
    const files = exportFiles(project, versions, { 'canvas-confetti': '1.9.3' });
    const pkg = pkgOf(files);
    expect(pkg.dependencies).toEqual({ 'canvas-confetti': '1.9.3', vue: '3.5.45' });
    expect(pkg.devDependencies).toMatchObject({
      '@vitejs/plugin-vue': '^6.0.0',
      typescript: '^5.9.0',
    });
    const config = new TextDecoder().decode(files.get('vite.config.js'));
    expect(config).toContain("import vue from '@vitejs/plugin-vue';");
    expect(config).toContain('plugins: [vue()]');
    expect(new TextDecoder().decode(files.get('README.md'))).toContain('(Vue)');
  });

  it('pins Svelte to the shipped version and adds its Vite plugin (a named export)', () => {
    const project = TEMPLATES.find((t) => t.id === 'svelte-ts')!.create();
    project.files['src/lib/state.svelte.ts'] = text('export const store = $state({ n: 0 });\n');
    const files = exportFiles(project, versions);
    const pkg = pkgOf(files);
    expect(pkg.dependencies).toEqual({ svelte: '5.57.3' });
    expect(pkg.devDependencies).toMatchObject({ '@sveltejs/vite-plugin-svelte': '^7.0.0' });
    const config = new TextDecoder().decode(files.get('vite.config.js'));
    expect(config).toContain("import { svelte } from '@sveltejs/vite-plugin-svelte';");
    expect(config).toContain('plugins: [svelte()]');
  });

  it('takes versions from the project package.json, then the registry’s, else writes "latest" and says so', () => {
    const project: Project = {
      name: 'deps',
      entry: 'main.js',
      files: {
        'main.js': text("import 'zod';\nimport 'nanoid/non-secure';\nimport './local.js';"),
        'local.js': text(''),
        'package.json': text('{"name":"deps","devDependencies":{"zod":"^3.22.0"},"custom":true}'),
      },
    };
    const traits = projectTraits(project);
    expect(traits).toEqual({
      usesTs: false,
      usesReact: false,
      usesVue: false,
      usesSvelte: false,
      packages: ['nanoid', 'zod'],
    });
    const result = buildPackageJson(project, traits, versions);
    const pkg = JSON.parse(result.text);
    expect(pkg.custom).toBe(true);
    expect(pkg.devDependencies.zod).toBe('^3.22.0');
    expect(pkg.dependencies.nanoid).toBe('latest');
    expect(result.unpinned).toEqual(['nanoid']);
    const pinned = buildPackageJson(project, traits, versions, { nanoid: '5.0.9', zod: '9.9.9' });
    expect(JSON.parse(pinned.text).dependencies.nanoid).toBe('5.0.9');
    expect(JSON.parse(pinned.text).devDependencies.zod).toBe('^3.22.0');
    expect(pinned.unpinned).toEqual([]);
    expect(pkg.devDependencies.typescript).toBeUndefined();
    const readme = new TextDecoder().decode(exportFiles(project, versions).get('README.md'));
    expect(readme).toContain('`nanoid`');
  });

  it('generates index.html and tsconfig.json when missing, and fixes an index.html that loads another file', () => {
    const bare: Project = { name: 'a<b>', entry: 'src/app.ts', files: { 'src/app.ts': text('1') } };
    const files = exportFiles(bare, versions);
    const html = new TextDecoder().decode(files.get('index.html'));
    expect(html).toContain('<script type="module" src="/src/app.ts"></script>');
    expect(html).toContain('<title>a&lt;b&gt;</title>');
    expect(files.has('tsconfig.json')).toBe(true);

    const other: Project = {
      name: 'x',
      entry: 'src/b.ts',
      files: {
        'src/a.ts': text(''),
        'src/b.ts': text(''),
        'index.html': text(
          '<html><body><div id="app"></div><script type="module" src="/src/a.ts"></script><script src="https://cdn.example/x.js"></script></body></html>',
        ),
      },
    };
    const fixed = new TextDecoder().decode(exportFiles(other, versions).get('index.html'));
    expect(fixed).not.toContain('/src/a.ts');
    expect(fixed).toContain('src="/src/b.ts"');
    expect(fixed).toContain('https://cdn.example/x.js');
    expect(fixed).toContain('<div id="app"></div>');
  });

  it('keeps an unreadable package.json under another name', () => {
    const project: Project = {
      name: 'x',
      entry: 'a.js',
      files: { 'a.js': text(''), 'package.json': text('{ not json') },
    };
    const files = exportFiles(project, versions);
    expect(new TextDecoder().decode(files.get('package.original.json'))).toBe('{ not json');
    expect(pkgOf(files).scripts?.dev).toBe('vite');
  });

  it('makes file names safe', () => {
    expect(safeFileName('my/proj:ect?')).toBe('my-proj-ect-');
    expect(safeFileName('  ...  ')).toBe('project');
  });
});
