import { expect, test, type Page } from '@playwright/test';
import {
  fileItem,
  getLoadedApp,
  openFile,
  replaceEditorText,
  runStatus,
  typeAtEnd,
  waitForRun,
} from './helpers';

/** The editor's visible text (short files only: Monaco renders the lines in view). */
async function editorText(page: Page): Promise<string> {
  const text = await page.locator('.monaco-editor .view-lines').first().innerText();
  return text.replace(/\u00a0/g, ' ');
}

async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
}

// The palettes' --pp-bg (#1e1e1e and #fff in app.css) as the body's computed background.
const DARK_BG = 'rgb(30, 30, 30)';
const LIGHT_BG = 'rgb(255, 255, 255)';

const projectsDialog = (page: Page) => page.getByRole('dialog', { name: 'Projects' });
const projectRow = (page: Page, name: string) =>
  projectsDialog(page).getByRole('listitem', { name, exact: true });

test.beforeEach(async ({ page }, info) => {
  if (!info.title.startsWith('without IndexedDB')) await getLoadedApp(page);
});

test('typing then reloading at once keeps every character', async ({ page }) => {
  await replaceEditorText(page, 'const a = 1;\n');
  await waitForRun(page);
  const typed = '// every key 0123456789 kept';
  await typeAtEnd(page, typed);
  await page.reload();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await expect.poll(() => editorText(page)).toContain(`const a = 1;\n${typed}`);
});

test('the open project, its open file and the active file come back after a reload', async ({
  page,
}) => {
  await openFile(page, 'src/greet.ts');
  await replaceEditorText(page, "export const greet = (name: string) => 'Hi ' + name;\n");
  await openFile(page, 'index.html');
  await openFile(page, 'src/greet.ts');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await waitForRun(page);
  await reloadApp(page);
  await expect(page.locator('.pp-editor-tab')).toHaveText('src/greet.ts');
  await expect.poll(() => editorText(page)).toContain("'Hi ' + name");
});

test('Projects: a new project is added, and projects can be opened, renamed, duplicated, deleted and restored', async ({
  page,
}) => {
  // Many steps and two reloads: more than the default time on a loaded machine.
  test.slow();
  await replaceEditorText(page, '// first project\n');
  await waitForRun(page);
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('menuitem', { name: /Vanilla TypeScript/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('stays saved in Projects');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(fileItem(page, 'src/main.ts')).toBeVisible();

  await page.getByRole('button', { name: 'Projects' }).click();
  await expect(projectsDialog(page).getByRole('listitem')).toHaveCount(2);
  const first = projectRow(page, 'hello-playpen');
  await first.getByRole('button', { name: 'Rename' }).click();
  await first.getByRole('textbox', { name: 'Project name' }).fill('Renamed first');
  await first.getByRole('button', { name: 'Save' }).click();
  const renamed = projectRow(page, 'Renamed first');
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Duplicate' }).click();
  const copy = projectRow(page, 'Renamed first (copy)');
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: 'Delete' }).click();
  await expect(copy).toHaveCount(0);
  const undo = projectsDialog(page).getByRole('status');
  await expect(undo).toContainText('Deleted “Renamed first (copy)”');
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(copy).toBeVisible();

  await renamed.getByRole('button', { name: 'Open' }).click();
  await expect(projectsDialog(page)).toHaveCount(0);
  await waitForRun(page);
  await expect.poll(() => editorText(page)).toContain('// first project');

  await reloadApp(page);
  await expect.poll(() => editorText(page)).toContain('// first project');
  await page.getByRole('button', { name: 'Projects' }).click();
  await expect(projectsDialog(page).getByRole('listitem')).toHaveCount(3);
});

test('Settings: the theme changes at once, in the app and in Monaco, and survives a reload', async ({
  page,
}) => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // The radio input is visually hidden: a user clicks its label.
  const choose = (name: string) => dialog.locator('label.pp-radio', { hasText: name }).click();
  await choose('Dark');
  await expect(dialog.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect.poll(background).toBe(DARK_BG);
  await expect(page.locator('.monaco-editor.vs-dark')).toBeVisible();
  await choose('Light');
  await expect.poll(background).toBe(LIGHT_BG);
  await expect(page.locator('.monaco-editor.vs')).toBeVisible();

  const fontSize = dialog.getByRole('textbox', { name: 'Font size' });
  await fontSize.fill('20');
  await fontSize.press('Enter');
  const cdn = dialog.getByRole('textbox', { name: 'Package CDN URL' });
  await cdn.fill('not a url');
  await cdn.press('Enter');
  await expect(dialog).toContainText('Enter a full URL');
  await cdn.fill('https://cdn.example.test/esm');
  await cdn.press('Enter');
  await choose('Dark');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await reloadApp(page);
  await expect.poll(background).toBe(DARK_BG);
  await expect(page.locator('.monaco-editor.vs-dark')).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Font size' })).toHaveValue('20');
  await expect(dialog.getByRole('textbox', { name: 'Package CDN URL' })).toHaveValue(
    'https://cdn.example.test/esm/',
  );
});

test('without IndexedDB the app says projects cannot be saved and keeps working', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException(
          'The user denied permission to access the database.',
          'SecurityError',
        );
      },
    });
  });
  await getLoadedApp(page);
  await replaceEditorText(page, '// kept in memory\n');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await waitForRun(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Projects can’t be saved in this browser' }),
  ).toContainText('IndexedDB is not available');
  await expect.poll(() => editorText(page)).toContain('// kept in memory');
});
