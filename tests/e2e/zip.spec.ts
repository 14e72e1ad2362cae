import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  mkdirSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync, zipSync } from 'fflate';
import {
  createFromTemplate,
  fileItem,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runAndWaitForOutput,
  waitForOutput,
} from './helpers';

const enc = (t: string) => new TextEncoder().encode(t);

async function upload(page: Page, name: string, bytes: Uint8Array) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(bytes) });
}

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

for (const template of [
  'Example',
  'Vanilla TypeScript',
  'React + TypeScript',
  'Vue + TypeScript',
  'Svelte + TypeScript',
  'Canvas animation',
]) {
  test(`Download project gives a zip that builds with vite build: ${template}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (template !== 'Example') {
      await createFromTemplate(page, template);
      await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Running');
    }
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download project' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const entries = unzipSync(readFileSync(await file.path()));
    const dir = mkdtempSync(join(tmpdir(), 'playpen-zip-'));
    try {
      const top = file.suggestedFilename().replace(/\.zip$/, '') + '/';
      for (const [name, bytes] of Object.entries(entries)) {
        expect(name.startsWith(top), name).toBe(true);
        if (name.endsWith('/')) continue;
        const out = join(dir, name.slice(top.length));
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, bytes);
      }
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      expect(pkg.scripts.build).toBe('vite build');
      // What the zip asks for is what a clean install of this repo has: the build below is real.
      for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }))
        expect(existsSync(join(process.cwd(), 'node_modules', name)), name).toBe(true);
      symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'), 'dir');
      execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: dir, stdio: 'pipe' });
      expect(existsSync(join(dir, 'dist', 'index.html'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('uploading a zip adds its files and the preview can use them', async ({ page }) => {
  const zip = zipSync({
    'my-lib/src/shout.ts': enc(
      'export const shout = (s: string): string => s.toUpperCase() + "!";\n',
    ),
    'my-lib/src/data/ünïcode.json': enc('{"word": "from a zip"}\n'),
  });
  await upload(page, 'my-lib.zip', zip);
  await expect(page.getByRole('status').filter({ hasText: 'Added 2 files.' })).toBeVisible();
  await expect(fileItem(page, 'src/shout.ts')).toBeVisible();
  await expect(fileItem(page, 'src/data/ünïcode.json')).toBeVisible();
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    "import { shout } from './shout';\nimport data from './data/ünïcode.json';\ndocument.body.textContent = shout(data.word);\nconsole.log(document.body.textContent);\n",
  );
  await waitForOutput(page, 'FROM A ZIP!');
  await expect(preview(page).locator('body')).toHaveText('FROM A ZIP!');
});

test('a name clash asks: keep both adds a copy, replace overwrites', async ({ page }) => {
  const zip = zipSync({
    'src/greet.ts': enc(
      "export const greet = (name: string) => `Replaced, ${name}`;\nconsole.log('greet from the zip');\n",
    ),
  });
  await upload(page, 'clash.zip', zip);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('1 file already exists');
  await expect(dialog).toContainText('src/greet.ts');
  await dialog.getByRole('button', { name: 'Keep both' }).click();
  await expect(fileItem(page, 'src/greet (1).ts')).toBeVisible();

  await upload(page, 'clash.zip', zip);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace' }).click();
  await waitForOutput(page, 'greet from the zip');
  await expect(preview(page).locator('h1')).toHaveText('Replaced, Ada');
});

test('a name clash starts on Keep both, and Cancel changes nothing', async ({ page }) => {
  const tree = page.getByRole('tree', { name: 'Files' });
  const before = await tree.getByRole('treeitem').count();
  const zip = zipSync({
    'src/greet.ts': enc('export const greet = (name: string) => `Replaced, ${name}`;\n'),
  });
  await upload(page, 'clash.zip', zip);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('src/greet.ts');
  await expect(dialog.getByRole('button', { name: 'Keep both' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tree.getByRole('treeitem')).toHaveCount(before);
  await expect(fileItem(page, 'src/greet (1).ts')).toHaveCount(0);
  await openFile(page, 'src/greet.ts');
  await expect(page.locator('.monaco-editor .view-lines').first()).not.toContainText('Replaced');
  // The same program runs again: only its new output (the console cleared before) tells that
  // the preview is the new run's, and a check the old preview passes would prove nothing.
  await runAndWaitForOutput(page, 'Hello from src/main.ts');
  await expect(preview(page).locator('h1')).not.toContainText('Replaced');
});

test('a hostile zip gets a clear message and changes nothing', async ({ page }) => {
  const tree = page.getByRole('tree', { name: 'Files' });
  const before = await tree.getByRole('treeitem').count();
  const zip = zipSync({ '../evil.ts': enc('alert(1)'), 'fine.ts': enc('') });
  await upload(page, 'evil.zip', zip);
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing was uploaded' });
  await expect(alert).toContainText('“../evil.ts” in “evil.zip”: leads outside the project');
  await expect(tree.getByRole('treeitem')).toHaveCount(before);
  await expect(fileItem(page, 'fine.ts')).toHaveCount(0);
});

test('files dropped onto the file tree are added', async ({ page }) => {
  const zone = page.locator('.pp-drop-zone');
  // A DataTransfer made by script has no file-system entries, which a real drag from the
  // desktop has; React Aria reads files through them, so the test supplies the entry.
  await page.evaluate(() => {
    DataTransferItem.prototype.webkitGetAsEntry = function () {
      return this.kind === 'file'
        ? ({ isFile: true, isDirectory: false } as FileSystemEntry)
        : null;
    };
  });
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(
      new File(['export const dropped = true;\n'], 'dropped.ts', { type: 'text/plain' }),
    );
    return dt;
  });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-drop-target', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(fileItem(page, 'dropped.ts')).toBeVisible();
  await expect(zone).not.toHaveAttribute('data-drop-target');
});
