import { expect, test, type Page } from '@playwright/test';
import {
  getLoadedApp,
  openFile,
  pasteAtEnd,
  preview,
  runStatus,
  tickOf,
  waitForOutput,
  waitForPreviewAtTick,
} from './helpers';

/** The veil over a paused preview (the status bar's "Paused" is another element). */
const veil = (page: Page) => page.locator('.pp-preview').getByText('Paused', { exact: true });
const counter = (page: Page) => preview(page).getByRole('button', { name: /Click me|Clicked/ });

test.describe.configure({ timeout: 120_000 });

test('a paused preview is veiled and ignores clicks, also after an error and a step back', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  // The example's counter and clock, plus an error in a later tick. Pasted, one change:
  // typed, a half-typed line could already throw and its run end in Error, then be replaced
  // by the next key's run under the clicks below.
  await pasteAtEnd(page, "\nsetTimeout(() => { throw new Error('late failure'); }, 300);\n");
  await waitForOutput(page, 'late failure');
  await expect(runStatus(page)).toHaveText('Error', { timeout: 30_000 });

  await counter(page).click();
  await expect(counter(page)).toHaveText('Clicked 1 time');
  await expect(veil(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(veil(page)).toBeVisible();
  // The veil takes the click: the paused program does not see it.
  await counter(page).click({ force: true });
  await expect(counter(page)).toHaveText('Clicked 1 time');

  // Step back replaces the preview with a replay's frame: the click below is for that one.
  const at = await tickOf(page);
  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, at - 1);
  await expect(veil(page)).toBeVisible();
  await counter(page).click({ force: true });
  await expect(veil(page)).toBeVisible();

  await page.getByRole('button', { name: 'Play' }).click();
  await expect(veil(page)).toHaveCount(0);
});
