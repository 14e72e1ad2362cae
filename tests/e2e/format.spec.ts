import { expect, test, type Page } from '@playwright/test';
import {
  editorLines,
  fileItem,
  focusEditor,
  getLoadedApp,
  openFile,
  replaceEditorText,
} from './helpers';

// Prettier formats the open file: the Format button and Shift+Alt+F, following the
// project's .prettierrc; a syntax error says where and changes nothing.

/** The open file's text as a user gets it out: select all, copy. */
async function copyEditorText(page: Page): Promise<string> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The editor's visible lines (read without touching the editor: a click or a selection cancels a format in flight, as in VS Code). */

const MESSY = 'const greeting={text:"hello",  count:1}\nconsole.log( greeting )\n';

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('the Format button formats the open file with Prettier', async ({ page }) => {
  await replaceEditorText(page, MESSY);
  await page.getByRole('button', { name: 'Format' }).click();
  await expect(editorLines(page)).toContainText('console.log(greeting);');
  expect(await copyEditorText(page)).toBe(
    'const greeting = { text: "hello", count: 1 };\nconsole.log(greeting);\n',
  );
});

test('a syntax error is reported with its line and the text stays as typed', async ({ page }) => {
  const broken = 'const a = ;\nconsole.log(a)\n';
  await replaceEditorText(page, broken);
  await page.getByRole('button', { name: 'Format' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'was not formatted' })).toContainText(
    'src/main.ts was not formatted: syntax error at line 1',
  );
  expect(await copyEditorText(page)).toBe(broken);
});

test('Shift+Alt+F follows the project .prettierrc', async ({ page }) => {
  await page.getByRole('button', { name: 'New file' }).click();
  const name = page.getByRole('textbox', { name: 'File name' });
  await name.fill('.prettierrc');
  await name.press('Enter');
  await expect(fileItem(page, '.prettierrc')).toBeVisible();
  await openFile(page, '.prettierrc');
  await replaceEditorText(page, '{ "semi": false, "singleQuote": true }\n');
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, MESSY);
  await page.keyboard.press('Shift+Alt+F');
  await expect(editorLines(page)).toContainText("text: 'hello'");
  expect(await copyEditorText(page)).toBe(
    "const greeting = { text: 'hello', count: 1 }\nconsole.log(greeting)\n",
  );
});

test('Format keeps the selection on the same code, and one Ctrl+Z undoes it', async ({ page }) => {
  // Two formats and two copies: over a minute on a shared, loaded machine.
  test.setTimeout(120_000);
  await replaceEditorText(page, MESSY);
  await page.getByRole('button', { name: 'Format' }).click();
  await expect(editorLines(page)).toContainText('console.log(greeting);');
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(editorLines(page)).toContainText('console.log( greeting )');
  expect(await copyEditorText(page)).toBe(MESSY);

  // Select `greeting` in `console.log( greeting )`, format from F1, and type over the selection.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  for (const _ of 'console.log( ') await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ControlOrMeta+ArrowRight');
  await page.keyboard.press('F1');
  await page.keyboard.type('Format Document');
  await page.keyboard.press('Enter');
  await expect(editorLines(page)).toContainText('console.log(greeting);');
  await page.keyboard.type('msg');
  await expect(editorLines(page)).toContainText('console.log(msg);');
  expect(await copyEditorText(page)).toBe(
    'const greeting = { text: "hello", count: 1 };\nconsole.log(msg);\n',
  );
});
