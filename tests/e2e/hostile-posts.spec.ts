import { expect, test } from '@playwright/test';
import {
  consoleLog,
  editorLines,
  getLoadedApp,
  openFile,
  replaceEditorText,
  runStatus,
  typeAtEnd,
} from './helpers';

// Programs posting to the app's window (parent.postMessage, top.postMessage): the app never
// reads what they post, says so, and stops a run that posts more than a page can take.

// With Playwright's trace recording on (the config's retain-on-failure), the large-message page
// stopped painting in 2 of 6 runs on a loaded 2-core machine, and in 0 of 5 with it off: the
// recorder's own work in the page under ~40 MB/s of messages, which users do not run.
test.use({ trace: 'off' });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('a program posting large messages to the app leaves the editor and Run working, and is told', async ({
  page,
}) => {
  // Each message is ~4 MB to deserialise: the app used to read every one on its main thread.
  await replaceEditorText(
    page,
    [
      "const big = new Array(1_000_000).fill('xyz');",
      "setInterval(() => parent.postMessage(big, '*'), 100);",
      "console.log('posting');",
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('posting');
  await typeAtEnd(page, '// still typing');
  await expect(editorLines(page)).toContainText('// still typing');
  await expect(consoleLog(page)).toContainText(
    'The program posted a message to the app (parent.postMessage or top.postMessage): Playpen ignores messages from the preview.',
  );
  await replaceEditorText(page, "console.log('after');\n");
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(consoleLog(page)).toContainText('after');
  await expect(runStatus(page)).toHaveText('Running');
});

test('a program posting thousands of messages a second to the app is stopped, and the app goes on', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    [
      "setInterval(() => { for (let i = 0; i < 2000; i++) top!.postMessage(i, '*'); }, 10);",
      "console.log('posting');",
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText(
    'The program posted over 1,000 messages a second to the app (parent.postMessage or top.postMessage) and was stopped',
  );
  await expect(runStatus(page)).toHaveText('Error');
  await typeAtEnd(page, '// still typing');
  await expect(editorLines(page)).toContainText('// still typing');
  await replaceEditorText(page, "console.log('after');\n");
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(consoleLog(page)).toContainText('after');
  await expect(runStatus(page)).toHaveText('Running');
});
