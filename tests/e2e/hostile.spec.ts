import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
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

// Programs that misbehave on purpose: each gets a message saying what happened, at the user's
// code, and leaves the app as it was.

const ENTRY = 'src/main.ts';
const NAVIGATED = 'The program navigated its preview';
const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
});

test('a form submitted without preventDefault is reported as navigation, not as a hang', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    'document.body.innerHTML = \'<form><input name="q" value="x"><button>Send</button></form>\';\nconsole.log(\'form ready\');\n',
  );
  // The new run's own output first: a click inside the preview that began in the frame this
  // run replaces ends when that frame is removed (Playwright: "Target page … closed").
  await expect(consoleLog(page)).toContainText('form ready', { timeout: 30_000 });
  await preview(page).getByRole('button', { name: 'Send' }).click();
  await expect(runStatus(page)).toHaveText('Error');
  await expect(consoleLog(page)).toContainText(NAVIGATED);
  await expect(consoleLog(page)).not.toContainText('stopped responding');
  // The click left the keyboard in the removed preview: the user clicks into the code.
  await focusEditor(page);
  await replaceEditorText(page, "document.body.textContent = 'back';\nconsole.log('back');\n");
  // Auto-run is on, so the fix runs by itself; Run then runs it again in a new preview.
  await waitForOutput(page, 'back');
  await runAndWaitForOutput(page, 'back');
  await expect(preview(page).locator('body')).toHaveText('back');
  await expect(runStatus(page)).toHaveText('Running');
});

for (const [what, code] of [
  ['location.reload()', 'location.reload();'],
  ['a new location.href', "location.href = 'about:blank';"],
]) {
  test(`a program calling ${what} is reported as navigation`, async ({ page }) => {
    await replaceEditorText(
      page,
      `document.body.textContent = 'leaving';\nsetTimeout(() => {\n  ${code}\n}, 50);\n`,
    );
    await expect(runStatus(page)).toHaveText('Error');
    await expect(consoleLog(page)).toContainText(NAVIGATED);
    await expect(consoleLog(page)).not.toContainText('stopped responding');
  });
}

test('an uncaught error with a 1 MB message is shown cut, with its length', async ({ page }) => {
  await replaceEditorText(page, "throw new Error('x'.repeat(1_048_576));\n");
  await expect(runStatus(page)).toHaveText('Error');
  await expect(consoleLog(page)).toContainText('… (1,048,583 characters)');
});

test('throw null and throw 1 are located at the line that threw them', async ({ page }) => {
  await replaceEditorText(
    page,
    "console.log('start');\nsetTimeout(() => {\n  throw 1;\n}, 10);\nthrow null;\n",
  );
  const log = consoleLog(page);
  await expect(log.getByRole('button', { name: new RegExp(`^${ENTRY}:5:`) })).toBeVisible();
  await expect(log.getByRole('button', { name: new RegExp(`^${ENTRY}:3:`) })).toBeVisible();
  await expect(log).not.toContainText('runtime.js');
});

test('pushState in a program adds nothing to the app tab’s history', async ({ page }) => {
  const before = await page.evaluate(() => history.length);
  await replaceEditorText(
    page,
    [
      'for (let n = 0; n < 50; n++) history.pushState({ n }, "", "?n=" + n);',
      "console.log('pushed', history.length, location.search, history.state.n);",
      "addEventListener('popstate', (e) => console.log('popped', e.state.n, location.search));",
      'history.back();',
      '',
    ].join('\n'),
  );
  const log = consoleLog(page);
  // The program still sees its own history and URL.
  await expect(log).toContainText('pushed 51 ?n=49 49');
  await expect(log).toContainText('popped 48 ?n=48');
  expect(await page.evaluate(() => history.length)).toBe(before);
});

test('5,000 promises rejected at once: the first and newest errors show, the rest are counted', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    "for (let i = 0; i < 5_000; i++) Promise.reject(new Error('r' + i));\nconsole.log('rejected');\n",
  );
  const log = consoleLog(page);
  await expect(log).toContainText(
    '4,940 uncaught errors dropped here: tick 0 threw too much (its first 50 errors and its newest are shown)',
  );
  await expect(log).toContainText('Error: r4999');
  await expect(runStatus(page)).toHaveText('Error');
  await expect(log).not.toContainText('stopped responding');
  await typeAtEnd(page, '// edited');
  await expect(page.locator('.monaco-editor .view-lines').first()).toContainText('// edited');
  await replaceEditorText(page, "console.log('calm');\n");
  await runButton(page).click();
  await expect(log).toContainText('calm');
  await expect(runStatus(page)).toHaveText('Running');
});

test('a program asking “Leave site?” never holds up reloading the app, and is told', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await replaceEditorText(
    page,
    [
      "document.body.innerHTML = '<button>Hi</button>';",
      "addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = 'stay'; });",
      "onbeforeunload = () => 'stay';",
      "document.querySelector('button')!.addEventListener('click', () => console.log('clicked'));",
      "console.log('asker ready');",
      '',
    ].join('\n'),
  );
  const log = consoleLog(page);
  // The new run's output before a click inside the preview (see the form test).
  await expect(log).toContainText('asker ready', { timeout: 30_000 });
  // Browsers ask only for a frame the user has interacted with.
  await preview(page).getByRole('button', { name: 'Hi' }).click();
  await expect(log).toContainText('clicked');
  await expect(log).toContainText(
    'Playpen: beforeunload does nothing in the preview (its prompt would ask before you leave Playpen itself).',
  );
  await page.reload();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  expect(dialogs).toEqual([]);
});
