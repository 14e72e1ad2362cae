import { expect, test } from '@playwright/test';
import {
  consoleLog,
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
const STORM = 'function f() { Promise.resolve().then(f); }\nf();\n';
const BANNER =
  'Auto-run is off: the last run stopped responding (possible infinite loop). Check your code, then press Run.';

const runButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: 'Run', exact: true });

test('an endless loop at top level is stopped by the loop guard, naming file and line', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(page, "console.log('about to loop');\nwhile (true) {}\n");
  await expect(runStatus(page)).toHaveText('Error', { timeout: 20_000 });
  const log = consoleLog(page);
  await expect(log).toContainText(`Possible infinite loop at ${ENTRY}:2`);
  // The error's frame is mapped to the loop in the user's file.
  await expect(log.getByRole('button', { name: new RegExp(`^${ENTRY}:2:`) })).toBeVisible();
  // The app stays usable: the editor takes a fix and Run starts a working preview.
  await replaceEditorText(page, "document.body.textContent = 'fixed';\nconsole.log('fixed');\n");
  // Auto-run is on, so the fix runs by itself; Run then runs it again in a new preview.
  await waitForOutput(page, 'fixed');
  await runAndWaitForOutput(page, 'fixed');
  await expect(runStatus(page)).toHaveText('Running');
  await expect(preview(page).locator('body')).toHaveText('fixed');
});

test('an endless loop in a timer callback is reported, and the next run works', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(
    page,
    "document.body.textContent = 'before';\nsetTimeout(() => {\n  for (;;) {}\n}, 10);\n",
  );
  await expect(runStatus(page)).toHaveText('Error', { timeout: 20_000 });
  await expect(consoleLog(page)).toContainText(`Possible infinite loop at ${ENTRY}:3`);
  await expect(preview(page).locator('body')).toHaveText('before');
  await replaceEditorText(page, "document.body.textContent = 'after';\nconsole.log('after');\n");
  await waitForOutput(page, 'after');
  await expect(runStatus(page)).toHaveText('Running');
  await expect(preview(page).locator('body')).toHaveText('after');
});

test('a microtask storm is stopped by the watchdog; the next load does not auto-run', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(page, STORM);
  // Top-level code is tick 0.
  await expect(runStatus(page)).toHaveText('Not responding at tick 0', { timeout: 30_000 });

  await page.reload();
  const banner = page.getByRole('alert').filter({ hasText: 'Auto-run is off' });
  await expect(banner).toHaveText(new RegExp(BANNER.replace(/[().]/g, '\\$&')));
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect(runStatus(page)).toHaveText('Ready');
  // Edits do not start a run either (auto-run waits well under this).
  await typeAtEnd(page, '\n// edited');
  await page.waitForTimeout(1500);
  await expect(runStatus(page)).toHaveText('Ready');
  await expect(page.locator('iframe[title="Preview"]')).toHaveCount(0);
  // The saved preference is untouched: the switch still shows auto-run on.
  await expect(page.getByRole('switch', { name: 'Auto-run' })).toBeChecked();

  await banner.getByRole('button', { name: 'Run anyway' }).click();
  await expect(banner).toBeHidden();
  // The stored storm runs again and hangs again: "Running" only flashes by, this stays.
  await expect(runStatus(page)).toHaveText('Not responding at tick 0', { timeout: 30_000 });
});

// A hang the loop guard cannot see (a regular expression backtracking for ages) ends with the
// frame stopped in the middle of its task: the lines logged before it are what the user has
// to find where it hung, and they were still waiting for the end of that task.
test('the lines logged just before a hang the loop guard cannot stop still show', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(
    page,
    "console.log('checking the input');\nconsole.log('pattern', /(a+)+$/.source);\nconst ok = /(a+)+$/.test('a'.repeat(40) + '!');\nconsole.log('checked', ok);\n",
  );
  await expect(runStatus(page)).toHaveText('Not responding at tick 0', { timeout: 30_000 });
  await expect(consoleLog(page)).toContainText('stopped responding at tick 0');
  await expect(consoleLog(page)).toContainText('checking the input');
  await expect(consoleLog(page)).toContainText('pattern (a+)+$');
  await expect(consoleLog(page)).not.toContainText('checked');
});

test('a microtask storm in a later tick is reported with the tick it hung at', async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  // Ticks 1–3 are the interval, tick 4 the timeout that never yields again.
  await replaceEditorText(
    page,
    "let n = 0;\nconst id = setInterval(() => {\n  n += 1;\n  document.body.textContent = 'tick ' + n;\n  if (n === 3) {\n    clearInterval(id);\n    setTimeout(() => {\n" +
      '      function f() { Promise.resolve().then(f); }\n      f();\n    }, 100);\n  }\n}, 100);\n',
  );
  await expect(runStatus(page)).toHaveText('Not responding at tick 4', { timeout: 30_000 });
  await expect(consoleLog(page)).toContainText('stopped responding at tick 4');
});

test('Dismiss hides the banner and leaves the project unrun until Run', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('playpen:last-hang', JSON.stringify({ project: 'x', at: 1 }));
    }
  });
  await page.goto('/');
  const banner = page.getByRole('alert').filter({ hasText: 'Auto-run is off' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await expect(runStatus(page)).toHaveText('Ready');
  await runButton(page).click();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
});

test('the loop time limit is set in Settings and applies to the next run', async ({ page }) => {
  await getLoadedApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const limit = dialog.getByRole('textbox', { name: 'Loop time limit (ms)' });
  await expect(limit).toHaveValue('1,000');
  await limit.fill('20');
  await limit.press('Enter');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await openFile(page, ENTRY);
  // Finite, but far longer than 20 ms of real time on any machine.
  await replaceEditorText(
    page,
    "let x = 0;\nfor (let i = 0; i < 5e9; i++) x += i % 7;\nconsole.log('finished', x);\n",
  );
  await expect(consoleLog(page)).toContainText(`Possible infinite loop at ${ENTRY}:2`, {
    timeout: 20_000,
  });
  await expect(consoleLog(page)).not.toContainText('finished');
});
