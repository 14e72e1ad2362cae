import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  editorLines,
  focusEditor,
  getLoadedApp,
  openFile,
  replaceEditorText,
} from './helpers';

// Typing as users of other editors expect: Vim and Emacs key bindings (Settings › Key bindings),
// Emmet abbreviations, and Ctrl/Cmd+S formatting the file when format-on-save is on.

/** Changes settings in the Settings dialog, then closes it. */
async function inSettings(
  page: Page,
  change: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await change(dialog);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

const pickKeyBindings = (page: Page, mode: 'Default' | 'Vim' | 'Emacs') =>
  inSettings(page, async (dialog) => {
    const group = dialog.getByRole('radiogroup', { name: 'Key bindings' });
    // The radio input is visually hidden: a user clicks its label.
    await group.locator('label', { hasText: mode }).click();
    await expect(group.getByRole('radio', { name: mode })).toBeChecked();
  });

/** The editor's rendered lines, in order. */
const lineTexts = (page: Page) => editorLines(page).locator('.view-line');

// Each test loads the app (esbuild's wasm, Monaco) and then a key-binding chunk: on a loaded
// shared machine that alone can take most of the default minute.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('Vim: dd deletes a line, u brings it back, the status line shows the mode', async ({
  page,
}) => {
  // Pasted before Vim is on: in Vim, Ctrl+A and Ctrl+V are other commands.
  await replaceEditorText(page, 'const first = 1;\nconst second = 2;\nconst third = 3;\n');
  await pickKeyBindings(page, 'Vim');
  const status = page.getByRole('status', { name: 'Vim status' });
  await expect(status).toBeVisible();
  await focusEditor(page);
  await page.keyboard.press('Escape');
  await expect(status).toContainText('--NORMAL--');
  await page.keyboard.type('gg');
  await page.keyboard.type('dd');
  await expect(editorLines(page)).not.toContainText('const first = 1;');
  await expect(lineTexts(page).first()).toHaveText('const second = 2;');
  await page.keyboard.type('u');
  await expect(lineTexts(page).first()).toHaveText('const first = 1;');
  await page.keyboard.type('i');
  await expect(status).toContainText('--INSERT--');
  await page.keyboard.type('x');
  await expect(lineTexts(page).first()).toHaveText('xconst first = 1;');

  // Back to Default: the status line goes and keys type again.
  await pickKeyBindings(page, 'Default');
  await expect(status).toBeHidden();
});

test('Emacs: Ctrl+E and Ctrl+A move to the end and the start of the line', async ({ page }) => {
  await replaceEditorText(page, 'hello world');
  await pickKeyBindings(page, 'Emacs');
  await focusEditor(page);
  await page.keyboard.press('Control+E');
  await page.keyboard.type('!');
  // In Monaco's own keys Ctrl+A selects all, and typing would replace the whole text.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('>');
  await expect(lineTexts(page).first()).toHaveText('>hello world!');
});

test('Emmet: ul>li*3 and Tab in index.html expands to a list of three items', async ({ page }) => {
  await openFile(page, 'index.html');
  await replaceEditorText(page, '<body>\n\n</body>\n');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('ul>li*3');
  await expect(page.locator('.suggest-widget')).toContainText('ul>li*3', { timeout: 15_000 });
  await page.keyboard.press('Tab');
  await expect(lineTexts(page).filter({ hasText: '<li></li>' })).toHaveCount(3);
  await expect(editorLines(page)).toContainText('<ul>');
});

test('Emmet in CSS (m10) and in JSX (div.box>span gives className)', async ({ page }) => {
  await openFile(page, 'src/style.css');
  await replaceEditorText(page, 'body {\n\n}\n');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('m10');
  await expect(page.locator('.suggest-widget')).toContainText('margin: 10px', { timeout: 15_000 });
  await page.keyboard.press('Tab');
  await expect(lineTexts(page).nth(1)).toHaveText('margin: 10px;');

  await page.getByRole('button', { name: 'New file' }).click();
  const name = page.getByRole('textbox', { name: 'File name' });
  await name.fill('src/Box.tsx');
  await name.press('Enter');
  await openFile(page, 'src/Box.tsx');
  await replaceEditorText(page, 'export const Box = () => (\n  \n);\n');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.type('div.box>span');
  await expect(page.locator('.suggest-widget')).toContainText('div.box>span', { timeout: 15_000 });
  await page.keyboard.press('Tab');
  await expect(lineTexts(page).nth(1)).toHaveText('  <div className="box"><span></span></div>');
});

test('with format on save, Ctrl/Cmd+S formats the open file', async ({ page }) => {
  await inSettings(page, async (dialog) => {
    const name = 'Format on save (Ctrl/Cmd+S)';
    await dialog.locator('label', { hasText: name }).click();
    await expect(dialog.getByRole('switch', { name })).toBeChecked();
  });
  await replaceEditorText(
    page,
    'const greeting={text:"hello",  count:1}\nconsole.log( greeting )\n',
  );
  await page.keyboard.press('ControlOrMeta+S');
  await expect(lineTexts(page).first()).toHaveText('const greeting = { text: "hello", count: 1 };');
  await expect(lineTexts(page).nth(1)).toHaveText('console.log(greeting);');
});

test.describe('in Vim mode, the app keys still reach the app', () => {
  // Auto-run off: only Ctrl+Enter can make the edited program's output appear.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'playpen:settings',
        JSON.stringify({ autoRun: false, formatOnSave: true }),
      ),
    );
    await page.reload();
    await getLoadedApp(page);
    await openFile(page, 'src/main.ts');
  });

  test('Ctrl+S formats (not a Vim key) and Ctrl+Enter runs, in Normal mode', async ({ page }) => {
    // Pasted before Vim is on: in Vim, Ctrl+A and Ctrl+V are other commands.
    await replaceEditorText(page, 'console.log( "from vim" )\n');
    await pickKeyBindings(page, 'Vim');
    const status = page.getByRole('status', { name: 'Vim status' });
    await focusEditor(page);
    await page.keyboard.press('Escape');
    await expect(status).toContainText('--NORMAL--');

    await page.keyboard.press('ControlOrMeta+S');
    await expect(lineTexts(page).first()).toHaveText('console.log("from vim");');
    await expect(status).toContainText('--NORMAL--');

    await page.keyboard.press('Control+Enter');
    await expect(consoleLog(page)).toContainText('from vim');
    // Vim's own keys did not act on the presses: the text is as formatted, one line and the end.
    await expect(lineTexts(page)).toHaveText(['console.log("from vim");', '']);
  });
});
