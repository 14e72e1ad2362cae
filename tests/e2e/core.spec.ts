import { expect, test } from '@playwright/test';
import {
  consoleLog,
  createFromTemplate,
  fileItem,
  focusEditor,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runAndWaitForOutput,
  runStatus,
  typeAtEnd,
  waitForOutput,
} from './helpers';

const ENTRY = 'src/main.ts';

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

test('opens with the example project running in the preview', async ({ page }) => {
  await expect(fileItem(page, ENTRY)).toBeVisible();
  await expect(preview(page).locator('body')).not.toBeEmpty();
  await expect(consoleLog(page)).not.toBeEmpty();
});

test('a binary image shows as a preview and is imported from code as a URL', async ({ page }) => {
  const logo = preview(page).getByRole('img', { name: 'Playpen logo' });
  await expect(logo).toBeVisible();
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await fileItem(page, 'src/logo.svg').click();
  await expect(page.getByRole('img', { name: 'Preview of src/logo.svg' })).toBeVisible();
  await expect(page.locator('.pp-editor-host')).toBeHidden();
});

test('typing into Monaco updates the preview and the console', async ({ page }) => {
  await openFile(page, ENTRY);
  await replaceEditorText(
    page,
    "const h = document.createElement('h1');\nh.textContent = 'Typed ' + 6 * 7;\ndocument.body.replaceChildren(h);\nconsole.log('pasted');\n",
  );
  await waitForOutput(page, 'pasted');
  await expect(preview(page).locator('h1')).toHaveText('Typed 42');
  // The line is complete only with its last key (no ';' after it): a run of a half-typed
  // line cannot log it, so once it shows, no later key's run replaces this preview.
  await typeAtEnd(page, "console.log('typed key by key')");
  await waitForOutput(page, 'typed key by key');
  await expect(preview(page).locator('h1')).toHaveText('Typed 42');
});

test('a syntax error shows Build failed, a marker and file:line, keeping the last preview', async ({
  page,
}) => {
  await openFile(page, ENTRY);
  const program = "document.body.textContent = 'still here';\nconsole.log('still here');\n";
  await replaceEditorText(page, program);
  await waitForOutput(page, 'still here');
  await expect(preview(page).locator('body')).toHaveText('still here');
  // Pasted, one change: typed, its first keys ('c', 'co', …) are programs that build and
  // run, and such a run could replace the preview while the check below looks into it.
  await replaceEditorText(page, program + 'const broken = ;\n');
  await expect(runStatus(page)).toHaveText('Build failed');
  await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
  await expect(consoleLog(page)).toContainText(`${ENTRY}:3:`);
  await expect(preview(page).locator('body')).toHaveText('still here');
});

test('a missing import names the import and the importing file', async ({ page }) => {
  await openFile(page, ENTRY);
  await replaceEditorText(page, "import { nothing } from './nowhere';\nconsole.log(nothing);\n");
  await expect(runStatus(page)).toHaveText('Build failed');
  await expect(consoleLog(page)).toContainText('./nowhere');
  await expect(consoleLog(page)).toContainText(ENTRY);
});

test('a runtime error shows the mapped file:line, which opens the editor there', async ({
  page,
}) => {
  await openFile(page, ENTRY);
  await replaceEditorText(
    page,
    "interface Box { size: number }\nconst box: Box = { size: 1 };\nfunction explode(b: Box): never {\n  throw new Error('kaboom ' + b.size);\n}\nexplode(box);\n",
  );
  await expect(runStatus(page)).toHaveText('Error');
  const log = consoleLog(page);
  await expect(log).toContainText('kaboom 1');
  const location = log.getByRole('button', { name: new RegExp(`^${ENTRY}:4:`) }).first();
  await expect(location).toBeVisible();
  // Move away, then jump back through the console link.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  await location.click();
  await expect(page.locator('.monaco-editor .active-line-number')).toHaveText('4');
});

test('a preview that stops answering is removed; the app stays responsive and the next run works', async ({
  page,
}) => {
  await openFile(page, ENTRY);
  // A microtask storm: no loop for the loop guard to see, so the heartbeat watchdog stops it.
  await replaceEditorText(
    page,
    "console.log('about to storm');\nfunction f() { Promise.resolve().then(f); }\nf();\n",
  );
  await expect(runStatus(page)).toHaveText('Not responding at tick 0', { timeout: 30_000 });
  await expect(consoleLog(page)).toContainText('stopped responding');
  // The app still answers: the editor takes the fix and Run starts a working preview.
  await replaceEditorText(
    page,
    "document.body.textContent = 'recovered';\nconsole.log('recovered');\n",
  );
  // Auto-run is still on in this load, so the fix runs by itself; Run then runs it again in a
  // new preview (whichever came last is the one to look into).
  await waitForOutput(page, 'recovered');
  await runAndWaitForOutput(page, 'recovered');
  await expect(runStatus(page)).toHaveText('Running');
  await expect(preview(page).locator('body')).toHaveText('recovered');
});

test('the React template renders and responds to a click', async ({ page }) => {
  await createFromTemplate(page, 'React + TypeScript');
  await expect(fileItem(page, 'src/App.tsx')).toBeVisible();
  // The template's run is in the preview (its App logs at mount), not the example's.
  await waitForOutput(page, 'count changed');
  const button = preview(page).getByRole('button', { name: /count/i });
  await expect(button).toBeVisible({ timeout: 30_000 });
  const before = await button.textContent();
  await button.click();
  await expect(button).not.toHaveText(before ?? '');
  await expect(button).toContainText('1');
});
