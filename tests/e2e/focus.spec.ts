import { expect, test } from '@playwright/test';
import {
  consoleLog,
  focusEditor,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  tickOf,
  timeline,
} from './helpers';

// The preview never takes the keyboard from the app by itself: only the user's own click or
// Tab puts focus in it. A replay (step back, a parked checkpoint) re-runs recorded focus
// changes, and programs call focus() on load; both used to pull the keys out of the app.

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('stepping back with the keyboard keeps the focus on the Timeline', async ({ page }) => {
  // Clicking a button focuses it: each replay of these clicks moves focus in the preview.
  await replaceEditorText(
    page,
    `const b = document.createElement('button');
let count = 0;
b.textContent = 'Clicked 0';
b.addEventListener('click', () => {
  b.textContent = 'Clicked ' + ++count;
});
document.body.replaceChildren(b);
`,
  );
  const button = preview(page).getByRole('button', { name: /Clicked/ });
  await expect(button).toHaveText('Clicked 0', { timeout: 30_000 });
  for (let i = 1; i <= 3; i++) {
    await button.click();
    await expect(button).toHaveText(`Clicked ${i}`);
  }
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');
  const last = await tickOf(page);

  await timeline(page).focus();
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tickOf(page)).toBe(last - i);
    await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled();
    await expect(timeline(page)).toBeFocused();
  }
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await expect(preview(page).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 0');
  await expect(timeline(page)).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => tickOf(page)).toBe(last);
  await expect(preview(page).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 3');
});

test('a program that focuses its text field does not take the keys from the editor', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    `const field = document.createElement('input');
field.setAttribute('aria-label', 'Name');
document.body.replaceChildren(field);
setTimeout(() => {
  field.focus();
  console.log('focused', document.activeElement === field);
}, 200);
`,
  );
  await expect(consoleLog(page)).toContainText('focused true', { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
  // The user's own click puts the keys in the preview.
  const field = preview(page).getByRole('textbox', { name: 'Name' });
  await field.click();
  await page.keyboard.type('Ada');
  await expect(field).toHaveValue('Ada');
  // Back in the editor, typing on: every key lands there (each edit re-runs the program, and
  // each run focuses its field again).
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// typed here');
  await expect(page.locator('.monaco-editor .view-lines').first()).toContainText('// typed here');
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
});
