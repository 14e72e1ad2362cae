import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  timeline,
} from './helpers';

// Programs that reach for the machine's resources: windows, threads. Each is held to a
// playground's measure with a message saying so, and the app goes on as before.

const ENTRY = 'src/main.ts';
const stepBack = (page: Page) => page.getByRole('button', { name: 'Step back' });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
});

test('a click that opens 1,000 windows opens one, says why, and stepping back opens none', async ({
  page,
  context,
}) => {
  await replaceEditorText(
    page,
    [
      "document.body.innerHTML = '<button>Open</button>';",
      "document.querySelector('button')!.addEventListener('click', () => {",
      '  let opened = 0;',
      "  for (let i = 0; i < 1000; i++) if (window.open('about:blank')) opened++;",
      "  console.log('opened', opened);",
      '});',
      '',
    ].join('\n'),
  );
  await expect(runStatus(page)).toHaveText('Running');
  const popup = context.waitForEvent('page');
  await preview(page).getByRole('button', { name: 'Open' }).click();
  await expect(consoleLog(page)).toContainText('opened 1');
  await expect(consoleLog(page)).toContainText(
    'Playpen blocked window.open (1 so far): a program may open one window per click or key press.',
  );
  await popup;
  expect(context.pages()).toHaveLength(2);

  // Replays (the checkpoints kept for step back, and step back itself) re-run the click
  // without opening its window again.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');
  const at = Number(await timeline(page).inputValue());
  await stepBack(page).click();
  await expect(timeline(page)).toHaveValue(String(at - 1));
  await stepBack(page).click();
  await expect(timeline(page)).toHaveValue(String(at - 2));
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(timeline(page)).toHaveValue(String(at - 1));
  expect(context.pages()).toHaveLength(2);
});

test('a program that starts Workers in a loop is stopped at 16 with a clear error', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    [
      'const workers: Worker[] = [];',
      'try {',
      '  for (let i = 0; i < 2000; i++)',
      "    workers.push(new Worker(URL.createObjectURL(new Blob(['setInterval(() => {}, 1)']))));",
      '} catch (error) {',
      "  console.log('refused:', String(error));",
      '}',
      "console.log('started', workers.length);",
      'workers[0]!.terminate();',
      "workers.push(new Worker(URL.createObjectURL(new Blob([''])))); ",
      "console.log('after one ended', workers.length);",
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('after one ended 17');
  await expect(consoleLog(page)).toContainText('started 16');
  await expect(consoleLog(page)).toContainText(
    'refused: Error: Playpen: at most 16 Workers can run at once in the preview; terminate one before starting another.',
  );
  await expect(runStatus(page)).toHaveText('Running');
});
