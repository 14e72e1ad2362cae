import { expect, test, type Page } from '@playwright/test';
import {
  editorLines,
  getLoadedApp,
  replaceEditorText,
  runStatus,
  typeAtEnd,
  waitForRun,
} from './helpers';

/** The editor's visible text (short files only: Monaco renders the lines in view). */

/** The two-tabs banner: it offers "Edit here" while another tab edits the project. */
const otherTabBanner = (page: Page) =>
  page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Edit here' }) });

async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
}

test('a second tab on the same project is read-only until "Edit here"; the hand-over keeps every character', async ({
  page,
  context,
}) => {
  // Two app loads and two reloads: more than one load's budget on a busy machine.
  test.setTimeout(240_000);
  await getLoadedApp(page);
  await replaceEditorText(page, '// from the first tab\n');
  await waitForRun(page);

  const second = await context.newPage();
  await getLoadedApp(second);
  await expect(editorLines(second)).toContainText('// from the first tab');
  await expect(otherTabBanner(second)).toContainText('open in another tab');
  await expect(otherTabBanner(page)).toHaveCount(0);

  // The second tab refuses typing, and files cannot be created there.
  await typeAtEnd(second, '// refused');
  await expect(second.locator('.monaco-editor')).toContainText('edited in another tab');
  await expect(second.getByRole('button', { name: 'New file' })).toHaveCount(0);

  // The first tab goes on typing; "Edit here" picks up even what it has not saved yet.
  await typeAtEnd(page, '// still typed in the first tab');
  await otherTabBanner(second).getByRole('button', { name: 'Edit here' }).click();
  await expect(otherTabBanner(second)).toHaveCount(0);
  await expect(editorLines(second)).toContainText('// still typed in the first tab');

  // The first tab is now the read-only one.
  await expect(otherTabBanner(page)).toContainText('now being edited in another tab');
  await expect(page.getByRole('button', { name: 'New file' })).toHaveCount(0);
  await typeAtEnd(page, '// refused too');

  await typeAtEnd(second, '\n// typed in the second tab');
  await reloadApp(second);
  await expect(editorLines(second)).toContainText('// still typed in the first tab');
  await expect(editorLines(second)).toContainText('// typed in the second tab');
  await expect(editorLines(second)).not.toContainText('refused');
  await expect(otherTabBanner(second)).toHaveCount(0);

  // The first tab, reloaded, shows the second tab's work and is still read-only.
  await reloadApp(page);
  await expect(editorLines(page)).toContainText('// typed in the second tab');
  await expect(editorLines(page)).not.toContainText('refused');
  await expect(otherTabBanner(page)).toContainText('open in another tab');
});

test('when the editing tab closes, "Edit here" in the other picks up its last keys', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await getLoadedApp(page);
  await replaceEditorText(page, '// opened first\n');
  await waitForRun(page);
  const second = await context.newPage();
  await getLoadedApp(second);
  await expect(otherTabBanner(second)).toContainText('open in another tab');

  await typeAtEnd(page, '// last keys before closing');
  await page.close({ runBeforeUnload: true });
  await expect(otherTabBanner(second)).toContainText('closed');
  await otherTabBanner(second).getByRole('button', { name: 'Edit here' }).click();
  await expect(otherTabBanner(second)).toHaveCount(0);
  await expect(editorLines(second)).toContainText('// last keys before closing');

  await typeAtEnd(second, '\n// then the second tab');
  await reloadApp(second);
  await expect(editorLines(second)).toContainText('// last keys before closing');
  await expect(editorLines(second)).toContainText('// then the second tab');
  await expect(otherTabBanner(second)).toHaveCount(0);
});
