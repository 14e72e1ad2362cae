import { expect, test } from '@playwright/test';
import {
  consoleLog,
  fileItem,
  focusEditor,
  getLoadedApp,
  openFile,
  replaceEditorText,
  waitForRun,
} from './helpers';

// Auto-run is off here, so only the shortcut can make the edited program's output appear.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('playpen:settings', JSON.stringify({ autoRun: false })),
  );
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('Ctrl+Enter runs from the editor without changing its text', async ({ page }) => {
  await replaceEditorText(page, "console.log('from the editor');");
  await focusEditor(page);
  await page.keyboard.press('Control+Enter');
  await expect(consoleLog(page)).toContainText('from the editor');
  await waitForRun(page);
  // Monaco's own Ctrl+Enter ("insert line below") did not also act on the press.
  await expect(page.locator('.monaco-editor .view-line')).toHaveCount(1);
});

test('Ctrl+Enter runs while a file tree row or a button has the focus', async ({ page }) => {
  await replaceEditorText(page, "console.log('from the tree');");
  await fileItem(page, 'src/greet.ts').focus();
  await page.keyboard.press('Control+Enter');
  await expect(consoleLog(page)).toContainText('from the tree');
  await waitForRun(page);

  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, "console.log('from a button');");
  await page.getByRole('button', { name: 'New file' }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(consoleLog(page)).toContainText('from a button');
});
