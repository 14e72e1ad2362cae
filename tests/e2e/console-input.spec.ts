import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  tickOf,
  timeline,
  pauseRun,
} from './helpers';

const input = (page: Page) => page.getByRole('textbox', { name: 'Console input' });
/** The console's lines as shown (each entry's text, without its "@tick" link). */
const lines = (page: Page) => consoleLog(page).locator('.pp-entry .pp-body');

/** Types a line into the console input and presses Enter, as a user does. */
async function evaluate(page: Page, source: string) {
  await input(page).click();
  await page.keyboard.type(source);
  await page.keyboard.press('Enter');
  await expect(input(page)).toHaveValue('');
}

async function startProgram(page: Page, code: string) {
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, code);
  await expect(lines(page)).toHaveText(['ready'], { timeout: 30_000 });
}

// Loads the app, runs a program, then replays: long flows on a shared, noisy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

test('evaluates typed lines in the preview, echoed with their values; Up recalls the last', async ({
  page,
}) => {
  await startProgram(page, "console.log('ready');\n");
  await evaluate(page, '1 + 1');
  await expect(lines(page)).toHaveText(['ready', '1 + 1', '2']);
  await evaluate(page, 'globalThis.x = 5');
  await evaluate(page, 'x * 2');
  await expect(lines(page)).toHaveText([
    'ready',
    '1 + 1',
    '2',
    'globalThis.x = 5',
    '5',
    'x * 2',
    '10',
  ]);
  await expect(consoleLog(page).getByRole('img', { name: 'Result' })).toHaveCount(3);

  // Up on the (empty) line recalls the newest evaluation, Up again the one before.
  await input(page).press('ArrowUp');
  await expect(input(page)).toHaveValue('x * 2');
  await input(page).press('ArrowUp');
  await expect(input(page)).toHaveValue('globalThis.x = 5');
  await input(page).press('ArrowDown');
  await input(page).press('ArrowDown');
  await expect(input(page)).toHaveValue('');

  // Shift+Enter starts a new line; Enter evaluates both as one.
  await page.keyboard.type('const a = 2;');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('a * 21');
  await expect(input(page)).toHaveValue('const a = 2;\na * 21');
  await page.keyboard.press('Enter');
  await expect(lines(page).last()).toHaveText('42');

  // A thrown error shows as devtools show it, and is not the run's error.
  await evaluate(page, 'nope + 1');
  await expect(lines(page).last()).toHaveText(/Uncaught\s*ReferenceError: nope is not defined/);
  await expect(runStatus(page)).toHaveText('Running');
});

test('an evaluation is a recorded tick: step back and forward show the same preview and console', async ({
  page,
}) => {
  await startProgram(page, "console.log('ready');\n");
  await pauseRun(page);
  const start = await tickOf(page);

  // While paused each evaluation runs as the next tick.
  await evaluate(page, 'document.body.append("hi")');
  await expect(preview(page).locator('body')).toHaveText('hi');
  await expect.poll(() => tickOf(page)).toBe(start + 1);
  const afterFirst = await consoleLog(page).innerText();
  await evaluate(page, 'document.body.append(" there"); 7');
  await expect(lines(page).last()).toHaveText('7');
  await expect(preview(page).locator('body')).toHaveText('hi there');
  await expect.poll(() => tickOf(page)).toBe(start + 2);
  const afterSecond = await consoleLog(page).innerText();

  const back = page.getByRole('button', { name: 'Step back' });
  const forward = page.getByRole('button', { name: 'Step forward' });
  await back.click();
  await expect.poll(() => tickOf(page)).toBe(start + 1);
  await expect(preview(page).locator('body')).toHaveText('hi');
  await expect.poll(() => consoleLog(page).innerText()).toBe(afterFirst);

  await expect(back).toBeEnabled();
  await back.click();
  await expect.poll(() => tickOf(page)).toBe(start);
  await expect(preview(page).locator('body')).toHaveText('');
  await expect(lines(page)).toHaveText(['ready']);

  // Forward again: the evaluations are replayed from the record, the same page and console.
  await expect(forward).toBeEnabled();
  await forward.click();
  await expect.poll(() => tickOf(page)).toBe(start + 1);
  await expect(preview(page).locator('body')).toHaveText('hi');
  await expect.poll(() => consoleLog(page).innerText()).toBe(afterFirst);
  await expect(forward).toBeEnabled();
  await forward.click();
  await expect.poll(() => tickOf(page)).toBe(start + 2);
  await expect(preview(page).locator('body')).toHaveText('hi there');
  await expect.poll(() => consoleLog(page).innerText()).toBe(afterSecond);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

test('let and const outlive their line, as in devtools; step back and forward show the same console', async ({
  page,
}) => {
  await startProgram(page, "console.log('ready');\n");
  await pauseRun(page);
  const start = await tickOf(page);

  await evaluate(page, 'let a = 1');
  await evaluate(page, 'a + 1');
  await expect(lines(page)).toHaveText(['ready', 'let a = 1', 'undefined', 'a + 1', '2']);
  // Declared again by a later line, as devtools allow.
  await evaluate(page, 'const a = 40');
  await evaluate(page, 'a + 2');
  await expect(lines(page).last()).toHaveText('42');
  await expect.poll(() => tickOf(page)).toBe(start + 4);
  const shown = await consoleLog(page).innerText();

  const back = page.getByRole('button', { name: 'Step back' });
  const forward = page.getByRole('button', { name: 'Step forward' });
  await back.click();
  await expect.poll(() => tickOf(page)).toBe(start + 3);
  await expect(lines(page)).toHaveText([
    'ready',
    'let a = 1',
    'undefined',
    'a + 1',
    '2',
    'const a = 40',
    'undefined',
  ]);
  await expect(forward).toBeEnabled();
  await forward.click();
  await expect.poll(() => tickOf(page)).toBe(start + 4);
  await expect.poll(() => consoleLog(page).innerText()).toBe(shown);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

test('let and const typed in the console are not window properties: let name keeps window.name', async ({
  page,
}) => {
  await startProgram(page, "console.log('ready');\n");
  await evaluate(page, 'window.name');
  await evaluate(page, "let name = 'x'");
  await evaluate(page, 'window.name');
  await evaluate(page, 'name');
  // window.top cannot be written: the console's own top shadows it, and it is still the top.
  await evaluate(page, 'const top = 1');
  await evaluate(page, 'top + 1');
  await evaluate(page, 'typeof window.top');
  await expect(lines(page)).toHaveText([
    'ready',
    'window.name',
    "''",
    "let name = 'x'",
    'undefined',
    'window.name',
    "''",
    'name',
    "'x'",
    'const top = 1',
    'undefined',
    'top + 1',
    '2',
    'typeof window.top',
    "'object'",
  ]);
});

test('top-level await: the value shows once it settles, and a replay shows it again', async ({
  page,
}) => {
  await startProgram(page, "console.log('ready');\n");
  await evaluate(page, 'await new Promise((r) => setTimeout(() => r(6 * 7), 100))');
  await expect(lines(page)).toHaveText([
    'ready',
    'await new Promise((r) => setTimeout(() => r(6 * 7), 100))',
    '42',
  ]);
  await evaluate(page, 'const n = await Promise.resolve(5); n * 2');
  await expect(lines(page).last()).toHaveText('10');
  await evaluate(page, 'n');
  await expect(lines(page).last()).toHaveText('5');

  await pauseRun(page);
  const end = await tickOf(page);
  const shown = await consoleLog(page).innerText();
  // Back to the first line's own tick (its "@tick" link), before the timer's tick that settled
  // it, then to the end again: each time replayed from the record.
  const firstLine = consoleLog(page).locator('.pp-entry').nth(1);
  await expect(firstLine).toContainText('await new Promise');
  await firstLine.getByRole('button', { name: /Go to tick/ }).click();
  await expect.poll(() => tickOf(page)).toBeLessThan(end);
  await expect(lines(page)).toHaveText([
    'ready',
    'await new Promise((r) => setTimeout(() => r(6 * 7), 100))',
  ]);
  await timeline(page).focus();
  await page.keyboard.press('End');
  await expect.poll(() => tickOf(page)).toBe(end);
  await expect.poll(() => consoleLog(page).innerText()).toBe(shown);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

test('an endless loop typed in the console is stopped as in a program; the run goes on', async ({
  page,
}) => {
  await startProgram(page, "console.log('ready');\n");
  await evaluate(page, 'let i = 0; while (true) { i++ }');
  await expect(lines(page).last()).toHaveText(
    /Uncaught\s*Error: Possible infinite loop at console:1/,
    { timeout: 30_000 },
  );
  await expect(runStatus(page)).toHaveText('Running');
  await evaluate(page, 'i > 0');
  await expect(lines(page).last()).toHaveText('true');
});

test("completes global names as you type: the browser's, the program's and the console's own", async ({
  page,
}) => {
  await startProgram(page, "window.programAnswer = 41;\nconsole.log('ready');\n");
  await evaluate(page, 'let consoleAnswer = 1');
  await expect(lines(page).last()).toHaveText('undefined');
  const completions = page.getByRole('listbox', { name: 'Completions' });
  const picked = completions.getByRole('option', { selected: true });

  // A browser global: listed while typed, the first picked, Tab takes it.
  await input(page).click();
  await page.keyboard.type('docu');
  await expect(completions.getByRole('option').first()).toHaveText('document');
  await expect(picked).toHaveText('document');
  await expect(input(page)).toHaveAttribute(
    'aria-activedescendant',
    (await picked.getAttribute('id'))!,
  );
  await page.keyboard.press('Tab');
  await expect(input(page)).toHaveValue('document');
  await expect(input(page)).toBeFocused();
  // After a dot it is a property, not a global: nothing is offered.
  await page.keyboard.type('.tit');
  await expect(completions).toBeHidden();

  // The program's global and the console's own let, picked with Down and Up.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('prog');
  await expect(completions.getByRole('option').first()).toHaveText('programAnswer');
  await page.keyboard.press('ArrowDown');
  await expect(picked).not.toHaveText('programAnswer');
  await page.keyboard.press('ArrowUp');
  await expect(picked).toHaveText('programAnswer');
  await page.keyboard.press('Tab');
  await page.keyboard.type(' + consoleA');
  await expect(picked).toHaveText('consoleAnswer');
  await page.keyboard.press('Tab');
  await expect(input(page)).toHaveValue('programAnswer + consoleAnswer');

  // Escape closes the list and keeps the text; Enter evaluates what was typed.
  await page.keyboard.type(' + docu');
  await expect(completions).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(completions).toBeHidden();
  for (const _ of ' + docu') await page.keyboard.press('Backspace');
  await expect(input(page)).toHaveValue('programAnswer + consoleAnswer');
  await page.keyboard.press('Enter');
  await expect(lines(page).last()).toHaveText('42');
});
