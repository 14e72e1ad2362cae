import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { fileItem, getLoadedApp } from './helpers';

// A project of hundreds of files (issue 10): the Files tree renders the rows in view, not one
// per file (every focus or selection change of the tree re-renders each rendered row), and the
// files out of view are still reached as users reach them: by keyboard and by scrolling.

const COUNT = 400;
const name = (i: number) => `src/gen/f${String(i).padStart(3, '0')}.ts`;

async function uploadMany(page: Page) {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < COUNT; i++)
    files[`many/${name(i)}`] = new TextEncoder().encode(`export const v${i} = ${i};\n`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'many.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync(files)),
  });
  await expect(page.getByRole('status').filter({ hasText: `Added ${COUNT} files.` })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await uploadMany(page);
});

test('a 400-file tree renders the rows in view, and End reaches and opens the last file', async ({
  page,
}) => {
  const tree = page.getByRole('tree', { name: 'Files' });
  await expect(fileItem(page, name(0))).toBeVisible();
  const rendered = await tree.getByRole('treeitem').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(COUNT / 2);

  await fileItem(page, name(0)).click();
  // The last row is a root file (folders come first); the last generated file is just above.
  await page.keyboard.press('End');
  await expect(tree.locator('[role="treeitem"]:focus')).toBeInViewport();
  await expect(fileItem(page, name(0))).toHaveCount(0);
  await expect(fileItem(page, name(COUNT - 1))).toBeInViewport();
  await fileItem(page, name(COUNT - 1)).click();
  await expect(page.locator('.pp-editor-tab')).toHaveText(name(COUNT - 1));
  await page.keyboard.press('Home');
  await expect(fileItem(page, name(0))).toBeAttached();
});

test('scrolling the tree shows the files further down', async ({ page }) => {
  await expect(fileItem(page, name(0))).toBeVisible();
  await expect(fileItem(page, name(200))).toHaveCount(0);
  await page.getByRole('tree', { name: 'Files' }).hover();
  // Scrolled by the wheel until the file is in view, as a user looks for it: each turn moves
  // less than the tree's height (about 570 px here), so no row is skipped.
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(fileItem(page, name(200))).toBeInViewport({ timeout: 200 });
  }).toPass({ intervals: [100] });
  await fileItem(page, name(200)).click();
  await expect(page.locator('.pp-editor-tab')).toHaveText(name(200));
});

test('the uploaded files are all kept: saved, then found again after a reload', async ({
  page,
}) => {
  await expect(fileItem(page, name(0))).toBeVisible();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await page.reload();
  await expect(fileItem(page, name(0))).toBeVisible({ timeout: 60_000 });
  await fileItem(page, name(0)).click();
  await page.keyboard.press('End');
  await expect(fileItem(page, name(COUNT - 1))).toBeInViewport();
});
