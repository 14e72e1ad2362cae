import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  consoleLog,
  fileItem,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  waitForOutput,
} from './helpers';

const tree = (page: Page) => page.getByRole('tree', { name: 'Files' });
const confirmDelete = (page: Page, path: string) =>
  page.getByRole('alertdialog', { name: `Delete ${path}?` });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A menu item reads as one line: its icon beside its label, not stacked above it. */
async function expectIconBesideLabel(item: Locator): Promise<void> {
  const icon = await item.locator('svg').boundingBox();
  const label = await item.getByText(/\w/).boundingBox();
  expect(icon && label && label.x > icon.x + icon.width / 2 && label.y < icon.y + icon.height).toBe(
    true,
  );
}

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

test('a new file imported from the entry is used by the preview', async ({ page }) => {
  await page.getByRole('button', { name: 'New file' }).click();
  const name = page.getByRole('textbox', { name: 'File name' });
  await name.fill('src/shout.ts');
  await name.press('Enter');
  await expect(fileItem(page, 'src/shout.ts')).toBeVisible();
  await openFile(page, 'src/shout.ts');
  await replaceEditorText(
    page,
    'export function shout(text: string): string {\n  return text.toUpperCase() + "!";\n}\n',
  );
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    "import { shout } from './shout';\ndocument.body.textContent = shout('from another file');\nconsole.log(document.body.textContent);\n",
  );
  await waitForOutput(page, 'FROM ANOTHER FILE!');
  await expect(preview(page).locator('body')).toHaveText('FROM ANOTHER FILE!');
});

test('an invalid file name gets a clear message and changes nothing', async ({ page }) => {
  const tree = page.getByRole('tree', { name: 'Files' });
  const before = await tree.getByRole('treeitem').count();
  await page.getByRole('button', { name: 'New file' }).click();
  const name = page.getByRole('textbox', { name: 'File name' });
  for (const [bad, message] of [
    ['../outside.ts', /\.\./],
    ['src/main.ts', /exists/i],
    ['src/a|b.ts', /can’t contain “\|”/],
  ] as const) {
    await name.fill(bad);
    await name.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    // The field stays open with what the user typed.
    await expect(name).toHaveValue(bad);
  }
  await name.press('Escape');
  await expect(tree.getByRole('treeitem')).toHaveCount(before);
});

test('renaming a file from the keyboard keeps the project running', async ({ page }) => {
  await fileItem(page, 'src/greet.ts').click();
  await page.keyboard.press('F2');
  const field = page.getByRole('textbox', { name: 'Rename src/greet.ts' });
  await field.fill('src/hello.ts');
  await field.press('Enter');
  await expect(fileItem(page, 'src/hello.ts')).toBeVisible();
  await expect(fileItem(page, 'src/greet.ts')).toHaveCount(0);
  // The entry still imports './greet': the build names the missing import and its importer.
  await expect(consoleLog(page)).toContainText('./greet');
});

test('the arrow keys move between the Files toolbar buttons', async ({ page }) => {
  await page.getByRole('button', { name: 'New file' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'New folder' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'New folder' })).toBeFocused();
});

test('renaming a file from its context menu moves its text to the new name', async ({ page }) => {
  await openFile(page, 'src/greet.ts');
  await fileItem(page, 'src/greet.ts').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const field = page.getByRole('textbox', { name: 'Rename src/greet.ts' });
  await expect(field).toBeFocused();
  await field.fill('src/welcome.ts');
  await field.press('Enter');
  await expect(fileItem(page, 'src/welcome.ts')).toBeVisible();
  await expect(fileItem(page, 'src/greet.ts')).toHaveCount(0);
  await openFile(page, 'src/welcome.ts');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('export function greet');
});

test('Delete asks first: Cancel keeps the file, Delete removes it', async ({ page }) => {
  await fileItem(page, 'src/style.css').click();
  await page.keyboard.press('Delete');
  await expect(confirmDelete(page, 'src/style.css')).toContainText('The file will be deleted.');
  await confirmDelete(page, 'src/style.css').getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDelete(page, 'src/style.css')).toHaveCount(0);
  await expect(fileItem(page, 'src/style.css')).toBeVisible();

  await fileItem(page, 'src/style.css').click();
  await page.keyboard.press('Delete');
  await confirmDelete(page, 'src/style.css').getByRole('button', { name: 'Delete' }).click();
  await expect(fileItem(page, 'src/style.css')).toHaveCount(0);
  // The entry still imports it: the build names the missing import.
  await expect(consoleLog(page)).toContainText('./style.css');
});

test('a folder is created, renamed with its files, and deleted with them', async ({ page }) => {
  await page.getByRole('button', { name: 'New folder' }).click();
  const name = page.getByRole('textbox', { name: 'Folder name' });
  await name.fill('src/lib');
  await name.press('Enter');
  await expect(fileItem(page, 'src/lib')).toBeVisible();

  await fileItem(page, 'src/lib').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'New file here' }).click();
  const file = page.getByRole('textbox', { name: 'File name' });
  await expect(file).toHaveValue('src/lib/');
  await file.fill('src/lib/util.ts');
  await file.press('Enter');
  await expect(fileItem(page, 'src/lib/util.ts')).toBeVisible();

  await fileItem(page, 'src/lib').click();
  await page.keyboard.press('F2');
  const rename = page.getByRole('textbox', { name: 'Rename src/lib' });
  await rename.fill('src/helpers');
  await rename.press('Enter');
  await expect(fileItem(page, 'src/helpers/util.ts')).toBeVisible();
  await expect(fileItem(page, 'src/lib')).toHaveCount(0);

  await fileItem(page, 'src/helpers').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = confirmDelete(page, 'src/helpers');
  await expect(dialog).toContainText('The folder and the 1 file in it will be deleted.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(fileItem(page, 'src/helpers')).toHaveCount(0);
  await expect(fileItem(page, 'src/helpers/util.ts')).toHaveCount(0);
  await expect(fileItem(page, 'src/main.ts')).toBeVisible();
});

test('an invalid new name in a rename gets a clear message and changes nothing', async ({
  page,
}) => {
  const before = await tree(page).getByRole('treeitem').allTextContents();
  await fileItem(page, 'src/greet.ts').click();
  await page.keyboard.press('F2');
  const field = page.getByRole('textbox', { name: 'Rename src/greet.ts' });
  for (const [bad, message] of [
    ['a/../b', /\.\./],
    ['src/main.ts', /already exists/],
    ['', /Enter a name/],
  ] as const) {
    await field.fill(bad);
    await field.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(field).toHaveValue(bad);
  }
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(tree(page).getByRole('treeitem')).toHaveText(before);
  await openFile(page, 'src/greet.ts');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('export function greet');
});

test('an uploaded PNG is imported from code and shown by the preview', async ({ page }) => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(fileItem(page, 'dot.png')).toBeVisible();
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    [
      "import dot from '../dot.png';",
      "const img = document.createElement('img');",
      'img.src = dot;',
      "img.alt = 'uploaded dot';",
      'document.body.append(img);',
      "console.log('dot added');",
      '',
    ].join('\n'),
  );
  await waitForOutput(page, 'dot added');
  const img = preview(page).getByRole('img', { name: 'uploaded dot' });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBe(1);
});

test('a folder named like an Object method (valueOf, constructor) opens as a folder', async ({
  page,
}) => {
  for (const name of ['valueOf', 'constructor']) {
    await page.getByRole('button', { name: 'New folder' }).click();
    const folder = page.getByRole('textbox', { name: 'Folder name' });
    await folder.fill(name);
    await folder.press('Enter');
    await fileItem(page, name).click({ button: 'right' });
    await expectIconBesideLabel(page.getByRole('menuitem', { name: 'New file here' }));
    await page.getByRole('menuitem', { name: 'New file here' }).click();
    const file = page.getByRole('textbox', { name: 'File name' });
    await file.fill(`${name}/a.ts`);
    await file.press('Enter');
    await openFile(page, `${name}/a.ts`);

    await fileItem(page, name).click();
    await expect(fileItem(page, name)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.pp-editor-tab')).toHaveText(`${name}/a.ts`);
    await expect(page.getByText('Select a file to edit.')).toHaveCount(0);

    await fileItem(page, name).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = confirmDelete(page, name);
    await expect(dialog).toContainText('The folder and the 1 file in it will be deleted.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});
