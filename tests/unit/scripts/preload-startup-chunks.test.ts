import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { preloadStartupChunks } from '../../../scripts/preload-startup-chunks';

// A real Vite build of a page shaped like the app's: an entry that starts the editor and the UI
// with import(), the two sharing a module, the UI with its CSS, and a chunk loaded only later.
// Each module holds a word that names it, to find its chunk in the output.
const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head></head><body><script type="module" src="./main.js"></script></body></html>',
  'main.js':
    "import { tag } from './small.js';\nvoid import('./editor.js');\nvoid import('./ui.js');\nconsole.log(tag);\n",
  'small.js': "export const tag = 'is-small';\n",
  'editor.js':
    "import { shared } from './shared.js';\nexport const editor = shared + 'is-editor';\n",
  'ui.js':
    "import './ui.css';\nimport { shared } from './shared.js';\nexport const ui = () => import('./later.js').then((m) => shared + m.later + 'is-ui');\n",
  'shared.js': "export const shared = 'is-shared' + Math.random();\n",
  'ui.css': 'body { color: red; }\n',
  'later.js': "export const later = 'is-later';\n",
};

let root: string;
let html: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'preload-startup-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(root, name), text);
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'silent',
    plugins: [preloadStartupChunks(['editor.js', 'ui.js'])],
    build: { outDir: join(root, 'dist'), minify: false },
  });
  html = readFileSync(join(root, 'dist/index.html'), 'utf8');
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const links = (rel: string) =>
  [...html.matchAll(/<link ([^>]*)>/g)]
    .map((m) => m[1]!)
    .filter((attrs) => attrs.includes(`rel="${rel}"`))
    .map((attrs) => /href="([^"]+)"/.exec(attrs)![1]!);

/** The words of the modules in a file of the build. */
const modulesIn = (href: string) =>
  [...readFileSync(join(root, 'dist', href), 'utf8').matchAll(/is-(\w+)/g)].map((m) => m[1]);

describe('preloadStartupChunks', () => {
  it('lists the chunks the entry imports at once, and what they import, as module preloads', () => {
    const scripts = links('modulepreload');
    expect(scripts.every((href) => href.startsWith('./assets/'))).toBe(true);
    expect(scripts.flatMap(modulesIn).sort()).toEqual(['editor', 'shared', 'ui']);
  });

  it('leaves out what loads later and what the page loads already, and lists nothing twice', () => {
    const scripts = links('modulepreload');
    expect(new Set(scripts).size).toBe(scripts.length);
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1]!;
    expect(modulesIn(entry)).toContain('small');
    expect(scripts).not.toContain(entry);
  });

  it('preloads their CSS without applying it, in the credentials mode of Vite’s loader', () => {
    const styles = links('preload');
    expect(styles).toHaveLength(1);
    expect(readFileSync(join(root, 'dist', styles[0]!), 'utf8')).toContain('color: red');
    expect(html).toMatch(/<link rel="preload" as="style" href="[^"]+\.css" crossorigin>/);
    expect(links('stylesheet')).toEqual([]);
  });
});
