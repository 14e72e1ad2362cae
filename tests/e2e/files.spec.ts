import { expect, test } from '@playwright/test';
import {
  consoleLog,
  fileItem,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
} from './helpers';

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
    "import { shout } from './shout';\ndocument.body.textContent = shout('from another file');\n",
  );
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
  const field = page.getByRole('textbox', { name: /name/i });
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
