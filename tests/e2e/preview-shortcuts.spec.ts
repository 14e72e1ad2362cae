import { expect, test } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  tickOf,
} from './helpers';

/** A page with a text field and a heading; it logs each Alt+P it receives, numbered. */
const PROGRAM = `const field = document.createElement('input');
field.setAttribute('aria-label', 'Name');
const title = document.createElement('h1');
title.textContent = 'Keys';
document.body.replaceChildren(title, field);
let got = 0;
addEventListener('keydown', (e) => {
  if (e.code === 'KeyP') console.log('program got KeyP #' + ++got);
});
setInterval(() => {}, 100);
`;

test.describe.configure({ timeout: 120_000 });

test('run shortcuts work while the preview has focus, but not while typing in its text field', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, PROGRAM);
  await expect(preview(page).locator('h1')).toHaveText('Keys', { timeout: 30_000 });

  // Typing in the program's field: Alt+P is the program's key (it sees it), not a pause.
  await preview(page).getByRole('textbox', { name: 'Name' }).click();
  await page.keyboard.press('Alt+KeyP');
  // Focus on the preview's page itself: the shortcut pauses the run (the program saw it too).
  await preview(page).locator('h1').click();
  await page.keyboard.press('Alt+KeyP');
  await expect(runStatus(page)).toHaveText('Paused');
  // Had the first press paused, the second (blocked while paused) would have played again
  // and the program would have seen only one.
  await expect(consoleLog(page)).toContainText('program got KeyP #2');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  // Paused: the keys still reach the app (the program does not see them).
  const at = await tickOf(page);
  await page.keyboard.press('Alt+Period');
  await expect.poll(() => tickOf(page)).toBe(at + 1);
  await page.keyboard.press('Alt+Comma');
  await expect.poll(() => tickOf(page)).toBe(at);
  // The preview it stepped back to took over the keys from the one it replaced.
  await expect(page.locator('iframe[title="Preview"]')).toBeFocused();
  await page.keyboard.press('Alt+KeyP');
  await expect(runStatus(page)).toHaveText('Running');
  await expect(consoleLog(page)).not.toContainText('program got KeyP #3');
});
