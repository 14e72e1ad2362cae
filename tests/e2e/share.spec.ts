import { expect, test, type Page } from '@playwright/test';
import LZString from 'lz-string';
import {
  consoleLog,
  editorLines,
  fileItem,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  typeAtEnd,
  waitForOutput,
  waitForRun,
} from './helpers';

const ENTRY = 'src/main.ts';
/** The app's notice banner (Monaco has empty alert regions of its own). */
const notice = (page: Page) => page.getByRole('alert').filter({ hasText: /share link/ });

/** Opens the Share dialog and returns it. */
async function openShare(page: Page) {
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Edits the example so the shared project is recognisably this one, then returns its link. */
async function sharedLink(page: Page, opts: { readOnly?: boolean } = {}): Promise<string> {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(
    page,
    "const h = document.createElement('h1');\nh.textContent = 'Shared ' + 6 * 7 + ' ✓';\ndocument.body.replaceChildren(h);\nconsole.log('shared run');\n",
  );
  await waitForOutput(page, 'shared run');
  await expect(preview(page).locator('h1')).toHaveText('Shared 42 ✓');
  const dialog = await openShare(page);
  if (opts.readOnly) {
    await dialog.getByText('Read-only link').click();
    await expect(dialog.getByRole('checkbox', { name: 'Read-only link' })).toBeChecked();
  }
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/#code\/[A-Za-z0-9_-]+$/);
  await expect(dialog).toContainText(`${link.length.toLocaleString('en')} characters`);
  expect(link.includes('?readonly')).toBe(!!opts.readOnly);
  return link;
}

test('a share link opened in a new page shows the same project and preview', async ({
  page,
  context,
}) => {
  const link = await sharedLink(page);
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  // "Copied" shows for two seconds only: the clipboard's content is what lasts.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const embed = await dialog.getByRole('textbox', { name: 'Embed code' }).inputValue();
  expect(embed).toContain('?embed#code/');

  const other = await context.newPage();
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Running', { timeout: 30_000 });
  await expect(preview(other).locator('h1')).toHaveText('Shared 42 ✓');
  await expect(consoleLog(other)).toContainText('shared run');
  for (const path of [ENTRY, 'src/greet.ts', 'src/style.css', 'src/logo.svg', 'index.html'])
    await expect(fileItem(other, path)).toBeVisible();
  await expect(other.locator('.pp-editor-tab')).toHaveText(ENTRY);
  await expect(editorLines(other)).toContainText("'Shared ' + 6 * 7");
  await expect(notice(other)).toHaveCount(0);

  // A link pasted into the address bar of an open Playpen changes only the fragment.
  await other.evaluate(() => (location.hash = '#code/AQ!pasted'));
  await expect(notice(other)).toContainText('“!” at position 3');
  await expect(runStatus(other)).toHaveText('Running', { timeout: 30_000 });
});

test('?readonly refuses typing and offers Edit a copy, which allows edits', async ({
  page,
  context,
}) => {
  const link = await sharedLink(page, { readOnly: true });
  const other = await context.newPage();
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Running', { timeout: 30_000 });
  await expect(other.getByText(/Read-only: this shared project can’t be edited/)).toBeVisible();
  await expect(other.getByRole('button', { name: 'New file' })).toHaveCount(0);

  await typeAtEnd(other, '// typed while read-only');
  await expect(editorLines(other)).toContainText("'Shared ' + 6 * 7");
  await expect(editorLines(other)).not.toContainText('typed while read-only');

  await other.getByRole('button', { name: 'Edit a copy' }).click();
  await expect(other.getByRole('button', { name: 'Edit a copy' })).toHaveCount(0);
  expect(other.url()).not.toContain('readonly');
  expect(other.url()).toContain('#code/');
  await typeAtEnd(other, "\nconsole.log('edited copy');");
  await expect(editorLines(other)).toContainText("console.log('edited copy');");
  await expect(consoleLog(other)).toContainText('edited copy');
});

test('a malformed link opens the app with a clear message', async ({ page }) => {
  await getLoadedApp(page, '/?readonly#code/AQ!not-a-link');
  const alert = notice(page);
  await expect(alert).toContainText('This share link is broken');
  await expect(alert).toContainText('“!” at position 3');
  await expect(alert).toContainText('none of your work was changed');
  // Reported once: the bad fragment leaves the address bar, so a reload does not repeat it.
  // (Read from the page: Playwright's page.url() can miss a replaceState made while loading.)
  await expect.poll(() => page.evaluate(() => location.href)).not.toContain('#code/');
  await expect(fileItem(page, ENTRY)).toBeVisible();
  await expect(page.getByText(/Read-only:/)).toHaveCount(0);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).toHaveCount(0);

  // Cut off mid-way, as chat apps do.
  const dialog = await openShare(page);
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  await page.goto(link.slice(0, Math.floor(link.length * 0.6)));
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await expect(notice(page)).toContainText(/cut off/);
});

test('an embed link shows the compact layout with Open in Playpen', async ({ page }) => {
  test.setTimeout(120_000);
  const link = await sharedLink(page);
  const embedded = link.replace('#', '?embed#');
  await page.setViewportSize({ width: 420, height: 700 });
  await page.goto(embedded);
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Run' })).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Files' })).toHaveCount(0);
  const open = page.getByRole('link', { name: 'Open in Playpen' });
  await expect(open).toHaveAttribute('target', '_blank');
  expect(await open.getAttribute('href')).not.toContain('embed');
  await expect(page.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
  await expect(editorLines(page)).toContainText("'Shared ' + 6 * 7");
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview(page).locator('h1')).toHaveText('Shared 42 ✓');

  const [opened] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  // Three pages have built by now; closing the embed leaves the busy machine to the new tab.
  await page.close();
  await expect(runStatus(opened)).toHaveText('Running', { timeout: 45_000 });
  await expect(preview(opened).locator('h1')).toHaveText('Shared 42 ✓');
  await expect(fileItem(opened, ENTRY)).toBeVisible();
});

test('Open link imports a TypeScript Playground link as the project', async ({ page }) => {
  await getLoadedApp(page);
  const code = "const answer: number = 6 * 7;\nconsole.log('from the playground', answer);\n";
  const url = `https://www.typescriptlang.org/play?#code/${LZString.compressToEncodedURIComponent(code)}`;
  let dialog = await openShare(page);
  await dialog.getByRole('button', { name: 'Import a project from a link…' }).click();
  await dialog.getByRole('textbox', { name: 'Open link' }).fill('https://example.com/nothing');
  await dialog.getByRole('button', { name: 'Open link' }).click();
  await expect(dialog.getByRole('alert')).toContainText('holds no project');

  await dialog.getByRole('textbox', { name: 'Open link' }).fill(url);
  await dialog.getByRole('button', { name: 'Open link' }).click();
  await expect(dialog).toBeHidden();
  await expect(fileItem(page, ENTRY)).toBeVisible();
  await expect(fileItem(page, 'src/greet.ts')).toHaveCount(0);
  await waitForRun(page);
  await expect(consoleLog(page)).toContainText('from the playground 42');

  dialog = await openShare(page);
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#code\//);
});

test('a shared project leaves saved projects alone until edited, then is saved as a new one', async ({
  page,
  context,
}) => {
  test.slow();
  const link = await sharedLink(page);
  const other = await context.newPage();
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Running', { timeout: 30_000 });
  const projects = other.getByRole('dialog', { name: 'Projects' });
  await other.getByRole('button', { name: 'Projects' }).click();
  await expect(projects.getByRole('listitem')).toHaveCount(1);
  await other.keyboard.press('Escape');

  await openFile(other, ENTRY);
  await typeAtEnd(other, "\nconsole.log('my version');");
  await expect(consoleLog(other)).toContainText('my version');
  // Once saved, the link's fragment leaves the address bar: a reload restores the saved copy.
  await expect.poll(() => other.url()).not.toContain('#code/');
  await other.getByRole('button', { name: 'Projects' }).click();
  await expect(projects.getByRole('listitem')).toHaveCount(2);
  await other.keyboard.press('Escape');
  await other.reload();
  await expect(runStatus(other)).toHaveText('Running', { timeout: 30_000 });
  await expect(consoleLog(other)).toContainText('my version');

  // The first tab's project is as it was.
  await page.reload();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await expect(consoleLog(page)).toContainText('shared run');
  await expect(consoleLog(page)).not.toContainText('my version');
});

test('?readonly covers only the link’s project: a project opened from Projects is editable', async ({
  page,
  context,
}) => {
  test.slow();
  const link = await sharedLink(page, { readOnly: true });
  const other = await context.newPage();
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Running', { timeout: 30_000 });
  await expect(other.getByRole('button', { name: 'Edit a copy' })).toBeVisible();
  // Else that project is open and edited in the first tab, which makes it read-only here.
  await page.close();

  await other.getByRole('button', { name: 'Projects' }).click();
  const projects = other.getByRole('dialog', { name: 'Projects' });
  await projects
    .getByRole('listitem', { name: 'hello-playpen', exact: true })
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(projects).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Edit a copy' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'New file' })).toBeVisible();
  expect(other.url()).not.toContain('readonly');
  await openFile(other, ENTRY);
  await typeAtEnd(other, '\n// my own project again');
  await expect(editorLines(other)).toContainText('// my own project again');
});

test('Open link keeps the open project with its last edit and saves the link’s project as a new one', async ({
  page,
}) => {
  test.slow();
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(page, "console.log('kept edit');\n");
  const code = "console.log('opened from a link');\n";
  const url = `https://www.typescriptlang.org/play?#code/${LZString.compressToEncodedURIComponent(code)}`;
  const dialog = await openShare(page);
  await dialog.getByRole('button', { name: 'Import a project from a link…' }).click();
  await dialog.getByRole('textbox', { name: 'Open link' }).fill(url);
  await dialog.getByRole('button', { name: 'Open link' }).click();
  await expect(dialog).toBeHidden();
  await waitForRun(page);
  await expect(consoleLog(page)).toContainText('opened from a link');

  await page.getByRole('button', { name: 'Projects' }).click();
  const projects = page.getByRole('dialog', { name: 'Projects' });
  const linked = projects.getByRole('listitem', { name: 'TypeScript Playground', exact: true });
  await expect(linked.getByText('open', { exact: true })).toBeVisible();
  const mine = projects.getByRole('listitem', { name: 'hello-playpen', exact: true });
  await mine.getByRole('button', { name: 'Open' }).click();
  await expect(projects).toHaveCount(0);
  await expect(editorLines(page)).toContainText("console.log('kept edit');");

  await page.reload();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Projects' }).click();
  await expect(projects.getByRole('listitem')).toHaveCount(2);
});

test('a link over 8,000 characters gets a warning that is announced', async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  // Random text does not compress: the link grows with it.
  let noise = '';
  for (let i = 0; i < 1500; i++)
    noise += Math.random().toString(36).slice(2, 12) + (i % 8 ? ' ' : '\n');
  await replaceEditorText(page, `// ${noise}\n`);
  const dialog = await openShare(page);
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link.length).toBeGreaterThan(8000);
  await expect(
    dialog.getByRole('status').filter({ hasText: 'over 8,000 characters' }),
  ).toContainText('some chat apps and mail clients cut long links');
});
