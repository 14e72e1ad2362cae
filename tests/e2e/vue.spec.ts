import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  createFromTemplate,
  getLoadedApp,
  openFile,
  pauseRun,
  preview,
  previewShot,
  replaceEditorText,
  restingShot,
  tickOf,
  timeline,
  waitForOutput,
  waitForPreviewAtTick,
  waitForRun,
} from './helpers';

// Vue single-file components as a user meets them (issue 37): the template runs, edits to a
// component reach the preview, errors point at the component's lines, and step back is exact
// over a counter and a <Transition>.

const overlay = (page: Page) => page.getByRole('alert', { name: 'Runtime error' });
const problemsList = (page: Page) => page.getByRole('region', { name: 'Problems' });

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await createFromTemplate(page, 'Vue + TypeScript');
  await expect(preview(page).getByRole('button', { name: 'count is 0' })).toBeVisible();
});

test('the Vue template runs: a click updates the counter, the timer ticks', async ({ page }) => {
  await preview(page).getByRole('button', { name: 'count is 0' }).click();
  await expect(preview(page).getByRole('button', { name: 'count is 1' })).toBeVisible();
  await waitForOutput(page, 'count changed');
  await expect(preview(page).getByText('1 s since the timer appeared')).toBeVisible();
});
