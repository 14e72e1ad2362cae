import { expect, test, type Page } from '@playwright/test';
import { editorLines, getLoadedApp, openFile, replaceEditorText, waitForRun } from './helpers';

// Errors where the user looks (issue 13): the run's uncaught error over the preview with its
// place in the code, a marker on that line, and one Problems list (build, type and runtime
// errors) with its counts in the status area.

const overlay = (page: Page) => page.getByRole('alert', { name: 'Runtime error' });
const problemsList = (page: Page) => page.getByRole('region', { name: 'Problems' });
const counts = (page: Page) =>
  page.getByRole('button', { name: /^(No problems|\d+ (error|warning))/ });
const editorInput = (page: Page) => page.getByRole('textbox', { name: /^Editor:/ });

const THROWS = [
  "console.log('before the throw');",
  'function fail(): never {',
  "  throw new Error('kaboom in fail');",
  '}',
  'fail();',
  '',
].join('\n');

test.beforeEach(async ({ page }) => {
  // Each test loads the app and runs several builds: on a loaded 2-core machine that alone can
  // pass the default minute (a wait for the app, not a timing assertion).
  test.slow();
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('an uncaught error shows over the preview with its line, marked in the editor; the place opens, Dismiss hides it', async ({
  page,
}) => {
  await replaceEditorText(page, THROWS);
  await expect(overlay(page)).toContainText('kaboom in fail');
  const where = overlay(page).getByRole('button', { name: /^src\/main\.ts:3:\d+$/ });
  await expect(where).toBeVisible();
  // It appeared without taking the keyboard from the editor.
  await expect(editorInput(page)).toBeFocused();

  // The thrown line carries an error marker (the code has no other error).
  const squiggle = page.locator('.monaco-editor .squiggly-error');
  await expect(squiggle).toHaveCount(1);
  const line = editorLines(page).locator('.view-line', { hasText: "throw new Error('kaboom" });
  const [squiggleBox, lineBox] = [await squiggle.boundingBox(), await line.boundingBox()];
  expect(Math.abs(squiggleBox!.y - lineBox!.y)).toBeLessThan(4);
  // The list and the status area say so too.
  await expect(counts(page)).toHaveText('1 error');

  // The place opens in the editor with the cursor on line 3: what is typed lands there.
  await where.click();
  await expect(editorInput(page)).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' // reached');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text.split('\n')[2]).toBe("  throw new Error('kaboom in fail'); // reached");

  // A new throw replaces the overlay; Dismiss hides it. Its message differs from the first so
  // the wait is for this run's overlay: the one on screen may still be the typing's runs'.
  await replaceEditorText(page, THROWS.replace('kaboom in fail', 'kaboom again'));
  await expect(overlay(page)).toContainText('kaboom again');
  await overlay(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(overlay(page)).toHaveCount(0);
  await expect(counts(page)).toHaveText('1 error');

  // Fixed: the next run clears the error, its marker and its count.
  await replaceEditorText(page, "console.log('fixed');\n");
  await waitForRun(page);
  await expect(counts(page)).toHaveText('No problems');
  await expect(squiggle).toHaveCount(0);
  await expect(overlay(page)).toHaveCount(0);
});

test('a type error is listed in Problems with a count, opens its line, and goes when fixed', async ({
  page,
}) => {
  await replaceEditorText(page, 'const n: number = "x";\nconsole.log(n);\n');
  await expect(counts(page)).toHaveText('1 error');
  await counts(page).click();
  // The count brings Problems forward and the keyboard with it.
  await expect(problemsList(page)).toBeFocused();
  const problem = problemsList(page).getByRole('button', {
    name: /Type 'string' is not assignable to type 'number'.*TypeScript · src\/main\.ts:1:7/,
  });
  await expect(problem).toBeVisible();
  await problem.click();
  await expect(editorInput(page)).toBeFocused();

  await replaceEditorText(page, 'const n: number = 1;\nconsole.log(n);\n');
  await expect(counts(page)).toHaveText('No problems');
  await expect(problemsList(page)).toContainText('No problems');
  // The Console is one tab away.
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(page.getByRole('log', { name: 'Console' })).toBeVisible();
});

test('a build error is listed in Problems', async ({ page }) => {
  await replaceEditorText(page, 'const x = ;\n');
  await waitForRun(page, 'Build failed');
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(
    problemsList(page).getByRole('button', { name: /build · src\/main\.ts:1/ }),
  ).toBeVisible();
  await expect(counts(page)).toHaveText(/^\d+ errors?$/);
});
