import { expect, test } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  tickOf,
  waitForOutput,
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
console.log('keys ready');
`;

test.describe.configure({ timeout: 120_000 });

test('run shortcuts work while the preview has focus, but not while typing in its text field', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, PROGRAM);
  // The new run is in the preview: the clicks below must not land in the frame it replaces.
  await waitForOutput(page, 'keys ready');
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

/**
 * A page that logs what it sees of Ctrl/Cmd+S: whether its default was cancelled once the
 * whole dispatch is over (read on keyup), and, with "Keep Ctrl+S" checked, it keeps the key.
 */
const SAVE_PROGRAM = `const title = document.createElement('h1');
title.textContent = 'Keys';
const keep = document.createElement('input');
keep.type = 'checkbox';
keep.setAttribute('aria-label', 'Keep Ctrl+S');
const field = document.createElement('input');
field.setAttribute('aria-label', 'Name');
document.body.replaceChildren(title, keep, field);
let last = null;
let kept = 0;
addEventListener('keydown', (e) => {
  if (e.code !== 'KeyS' || !(e.ctrlKey || e.metaKey)) return;
  last = e;
  if (keep.checked) {
    e.preventDefault();
    console.log('program kept Ctrl+S #' + ++kept);
  }
});
addEventListener('keyup', (e) => {
  if (e.code === 'KeyS' && last) console.log('save default prevented: ' + last.defaultPrevented);
  last = null;
});
setInterval(() => {}, 100);
console.log('save keys ready');
`;

test('Ctrl/Cmd+S in the preview saves the project and cancels the browser’s Save page', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, SAVE_PROGRAM);
  await waitForOutput(page, 'save keys ready');
  await expect(preview(page).locator('h1')).toHaveText('Keys', { timeout: 30_000 });
  const saveStatus = page.getByRole('status', { name: 'Save status' });

  // Typing in the program's field: Ctrl+S is still the app's save (it types no character).
  await preview(page).getByRole('textbox', { name: 'Name' }).click();
  await page.keyboard.press('ControlOrMeta+KeyS');
  await expect(saveStatus).toHaveText('Saved');
  // The program saw the key, and the browser's default (its Save page dialog) was cancelled.
  await expect(consoleLog(page)).toContainText('save default prevented: true');
  await expect(page.locator('iframe[title="Preview"]')).toBeFocused();
});

test('a program that handles Ctrl/Cmd+S keeps it; while paused the app saves', async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, SAVE_PROGRAM);
  await waitForOutput(page, 'save keys ready');
  await expect(preview(page).locator('h1')).toHaveText('Keys', { timeout: 30_000 });
  const saveStatus = page.getByRole('status', { name: 'Save status' });

  await preview(page).getByRole('checkbox', { name: 'Keep Ctrl+S' }).check();
  await page.keyboard.press('ControlOrMeta+KeyS');
  await expect(consoleLog(page)).toContainText('program kept Ctrl+S #1');
  // Alt+P goes the same way after it: once paused, a forwarded save would have been seen.
  await page.keyboard.press('Alt+KeyP');
  await expect(runStatus(page)).toHaveText('Paused');
  await expect(saveStatus).toHaveText('');

  // Paused, the program must not react, so the key is the app's.
  await page.keyboard.press('ControlOrMeta+KeyS');
  await expect(saveStatus).toHaveText('Saved');
  await expect(consoleLog(page)).not.toContainText('program kept Ctrl+S #2');
});
