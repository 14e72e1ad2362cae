import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { embedFrame } from './helpers';
import { startHostServer, type HostServer } from './host-server';

// The React component as a user gets it: `npm pack` of the build's dist/sdk/react, installed
// from the tarball into a tiny Vite React app, type-checked, built and opened on another site.
// Only the tarball is installed (offline, no registry): the app takes React, Vite and its React
// plugin from this repository's node_modules, which its folder sits under.

const ROOT = resolve(import.meta.dirname, '../..');
const APP = join(ROOT, 'node_modules/.cache/playpen-react-app');

const MAIN = (playpen: string) => `import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Playpen, type PlaypenHandle } from '@playpen/react';

const first = { 'src/main.ts': "console.log('from React, first');\\n" };
const second = { 'src/main.ts': "console.log('from React, second');\\n" };

function App() {
  const [lines, setLines] = useState<string[]>([]);
  const [files, setFiles] = useState<Record<string, string>>(first);
  const playpen = useRef<PlaypenHandle>(null);
  return (
    <main>
      <h1>A React docs page</h1>
      <button onClick={() => setFiles(second)}>Second example</button>
      <button onClick={() => void playpen.current?.getFiles().then((f) => setLines((l) => [...l, 'files: ' + Object.keys(f).join()]))}>
        List files
      </button>
      <Playpen
        ref={playpen}
        baseUrl=${JSON.stringify(playpen)}
        files={files}
        loading="eager"
        height={480}
        title="React lesson"
        onConsole={(e) => setLines((l) => [...l, e.text])}
      />
      <ul aria-label="Heard">{lines.map((line, i) => <li key={i}>{line}</li>)}</ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`;

let host: HostServer;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  rmSync(APP, { recursive: true, force: true });
  mkdirSync(join(APP, 'src'), { recursive: true });
  execFileSync('npm', ['pack', join(ROOT, 'dist/sdk/react'), '--pack-destination', APP], {
    stdio: 'pipe',
  });
  const tarball = readdirSync(APP).find((f) => f.endsWith('.tgz'))!;
  expect(tarball).toMatch(/^playpen-react-\d+\.\d+\.\d+\.tgz$/);
  writeFileSync(
    join(APP, 'package.json'),
    JSON.stringify({ name: 'react-docs', private: true, type: 'module' }),
  );
  writeFileSync(
    join(APP, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React docs</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(join(APP, 'src/main.tsx'), MAIN(baseURL!));
  // React is the host's (a peer): not installed from the registry here.
  execFileSync(
    'npm',
    ['install', `./${tarball}`, '--offline', '--legacy-peer-deps', '--no-audit', '--no-fund'],
    { cwd: APP, stdio: 'pipe' },
  );

  // The package's types, from the SDK's own option and event types, check the app.
  const program = ts.createProgram([join(APP, 'src/main.tsx')], {
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(errors).toEqual([]);

  await build({
    root: APP,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: join(APP, 'dist'), emptyOutDir: true },
  });
  host = await startHostServer(join(APP, 'dist'));
});
test.afterAll(() => host?.close());
test.describe.configure({ timeout: 120_000 });

test('a Vite React app installs the packed component, renders it and hears its events', async ({
  page,
}) => {
  await page.goto(host.origin + '/');
  const heard = page.getByRole('list', { name: 'Heard' });
  await expect(heard).toContainText('from React, first', { timeout: 60_000 });
  await expect(embedFrame(page, 'React lesson').locator('.pp-editor-tab')).toHaveText(
    'src/main.ts',
  );

  // New files in the prop reach the same embed (setFiles), and it runs them.
  await page.getByRole('button', { name: 'Second example' }).click();
  await expect(heard).toContainText('from React, second', { timeout: 30_000 });
  await expect(page.locator('iframe')).toHaveCount(1);

  // The ref is the embed's handle.
  await page.getByRole('button', { name: 'List files' }).click();
  await expect(heard).toContainText('files: src/main.ts');
});
