import { expect, test } from '@playwright/test';
import { consoleLog, getLoadedApp, openFile, replaceEditorText } from './helpers';

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('logged values can be expanded, cycles included', async ({ page }) => {
  await replaceEditorText(
    page,
    [
      'class Point { constructor(public x: number, public y: number) {} }',
      "const node: { name: string; self?: unknown } = { name: 'loop' };",
      'node.self = node;',
      "console.log('values', new Point(1, 2), new Map([['k', 1]]), node);",
      "console.warn('careful');",
      "console.error(new TypeError('bad type'));",
      '',
    ].join('\n'),
  );
  const log = consoleLog(page);
  await expect(log).toContainText('Point');
  await expect(log).toContainText('careful');
  await expect(log).toContainText('TypeError');
  await expect(log).toContainText('bad type');
  // Expanding the cyclic object shows its own reference again instead of looping.
  await log.getByRole('button', { name: /name: 'loop'/ }).click();
  await expect(log.getByRole('row', { name: /^self/ })).toHaveCount(1);
  await log
    .getByRole('button', { name: /^Expand self/ })
    .first()
    .click();
  await expect(log.getByRole('row', { name: /^self/ })).toHaveCount(2);

  // Filter by level: only warnings.
  await page.getByRole('radio', { name: 'Warnings' }).click();
  await expect(log).toContainText('careful');
  await expect(log).not.toContainText('Point');
  await page.getByRole('radio', { name: 'All' }).click();

  await page.getByRole('button', { name: 'Clear console' }).click();
  await expect(log).not.toContainText('careful');
});

test('100,000 log lines with objects: the first and newest show, the rest are said dropped, and Run works after', async ({
  page,
}) => {
  test.slow(); // One more page load than the other tests.
  // This test is about the console under a flood, not the loop guard: on a slow machine
  // 100,000 logs take longer than the guard's default 1 s budget, so the guard is turned off.
  await page.evaluate(() =>
    localStorage.setItem('playpen:settings', JSON.stringify({ loopBudgetMs: 0 })),
  );
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    "for (let k = 0; k < 100000; k++) console.log('line', k, { k });\nconsole.log('done logging');\n",
  );
  const log = consoleLog(page);
  await expect(log).toContainText('done logging', { timeout: 30_000 });
  // The newest lines at the bottom, the first ones at the top, and the notice in place of the
  // rest (99,001 dropped: 100,001 calls, the first 500 and the newest 500 kept). The log shows
  // the rows in view, as a user scrolls and filters it.
  await expect(log).toContainText(/line\s*99999\s*\{k: 99999\}/);
  await log.focus();
  await page.keyboard.press('Home');
  await expect(log).toContainText(/line\s*0\s*\{k: 0\}/);
  const filter = page.getByRole('searchbox', { name: 'Filter console' });
  await filter.fill('dropped');
  await expect(log).toContainText('99,001 lines dropped here');
  await filter.fill('line 50000 ');
  await expect(log).toContainText('No messages match the filter');
  await filter.fill('');
  await expect(page.getByRole('status', { name: 'Run status' })).not.toContainText(
    'Not responding',
  );
  // The app still answers: the editor and Run work right after.
  await replaceEditorText(page, "console.log('after the flood');\n");
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(log).toContainText('after the flood');
  await expect(log).not.toContainText('done logging');
});

test('a 50 MB string logged while the browser’s console is listened to: the run goes on', async ({
  page,
}) => {
  // As devtools open (or any automation reading the console) would: every message is taken.
  const seen: number[] = [];
  page.on('console', (m) => seen.push(m.text().length));
  await replaceEditorText(
    page,
    [
      "const big = 'y'.repeat(50_000_000);",
      'console.log(big.length, big);',
      'let n = 0;',
      "const id = setInterval(() => { if (++n === 20) { console.log('still ticking'); clearInterval(id); } }, 10);",
      '',
    ].join('\n'),
  );
  const log = consoleLog(page);
  await expect(log).toContainText('still ticking', { timeout: 30_000 });
  await expect(log).toContainText('50000000');
  await expect(page.getByText(/stopped responding/)).toHaveCount(0);
  // The browser's console got the string cut, not 50 MB.
  expect(Math.max(...seen)).toBeLessThan(100_000);
});

test('an unhandled rejection and an error thrown in a timer show with their mapped file:line', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    [
      'async function load(): Promise<number> {',
      '  await Promise.resolve();',
      "  throw new RangeError('no data yet');",
      '}',
      'void load();',
      "setTimeout(() => { throw new TypeError('late failure'); }, 10);",
      '',
    ].join('\n'),
  );
  const log = consoleLog(page);
  await expect(log).toContainText('no data yet');
  await expect(log.getByRole('button', { name: /^src\/main\.ts:3:/ }).first()).toBeVisible();
  await expect(log).toContainText('late failure');
  await expect(log.getByRole('button', { name: /^src\/main\.ts:6:/ }).first()).toBeVisible();
});
