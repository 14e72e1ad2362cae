import { expect, test } from '@playwright/test';
import { getLoadedApp, preview } from './helpers';

test('only the live preview is titled Preview, not the standby frame ready for the next run', async ({
  page,
}) => {
  await getLoadedApp(page);
  // The live preview and the standby frame the host prepares for the next run.
  await expect(page.locator('iframe')).toHaveCount(2);
  await expect(page.getByTitle('Preview')).toHaveCount(1);
  await expect(preview(page).locator('h1')).toHaveText('Hello, Ada!');
});
