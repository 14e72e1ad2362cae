import { expect, test } from '@playwright/test';
import { editorLines, fileItem, focusEditor, getLoadedApp, openFile, typeAtEnd } from './helpers';

// A keyboard user can leave the editor, find the shortcuts, save, and reach the tree's
// actions; every icon-only button says what it does.

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

const inEditor = () => !!document.activeElement?.closest('.monaco-editor');

test('Escape then Tab leaves the editor; typing again makes Tab indent', async ({ page }) => {
  await expect(page.getByText('then Tab leaves the editor')).toBeVisible();
  await typeAtEnd(page, '\n// left');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(inEditor)).toBe(false);
  await expect(editorLines(page)).toContainText('// left');

  // Back in the editor, a typed key turns Tab back into indentation.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nx');
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(inEditor)).toBe(true);
  await expect(editorLines(page)).toContainText(/\s+x$/);
});

test('? outside the editor opens Keyboard shortcuts; in the editor it is typed', async ({
  page,
}) => {
  await typeAtEnd(page, '\n// why?');
  await expect(editorLines(page)).toContainText('// why?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await fileItem(page, 'src/main.ts').focus();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Save now/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(dialog).toBeVisible();
});

test('Ctrl/Cmd+S saves and says Saved instead of the browser’s Save page', async ({ page }) => {
  // A listener after the app's sees whether the browser's default action was stopped (in the
  // capture phase like the app's: the editor stops the key's propagation).
  await page.evaluate(() => {
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key.toLowerCase() === 's')
          document.body.dataset.saveDefaultPrevented = String(e.defaultPrevented);
      },
      { capture: true },
    );
  });
  await typeAtEnd(page, '\n// keep me');
  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await expect(page.locator('body')).toHaveAttribute('data-save-default-prevented', 'true');
});

test('each tree row has a visible Actions button that opens its menu', async ({ page }) => {
  await page.getByRole('button', { name: 'Actions for src/main.ts' }).click();
  const menu = page.getByRole('menu', { name: 'Actions for src/main.ts' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(page.getByRole('textbox', { name: 'Rename src/main.ts' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Rename src/main.ts' })).toHaveCount(0);
});

test('icon-only buttons show their name as a tooltip; the drop area is no tab stop', async ({
  page,
}) => {
  for (const name of ['New file', 'New folder', 'Upload folder', 'Settings']) {
    await page.getByRole('button', { name, exact: true }).hover();
    await expect(page.getByRole('tooltip')).toHaveText(name);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Upload files', exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Upload files or a zip');
  await expect(page.getByRole('button', { name: 'Drop files to upload' })).toHaveCount(0);
});

test('the resize handles can be grabbed and show their focus', async ({ page }) => {
  const handle = page.getByRole('separator').first();
  const box = await handle.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(4);
  await handle.focus();
  await expect(handle).toBeFocused();
  const ring = await handle.evaluate((el) => getComputedStyle(el).backgroundColor);
  const idle = await page
    .getByRole('separator')
    .nth(1)
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(ring).not.toBe(idle);
});
