import { expect, test } from '@playwright/test';
import { getLoadedApp, preview } from './helpers';

test('only the live preview is titled Preview, not the standby frames ready for the next runs', async ({
  page,
}) => {
  await getLoadedApp(page);
  // The live preview and the two standby frames the host prepares for the next runs.
  await expect(page.locator('iframe')).toHaveCount(3);
  await expect(page.getByTitle('Preview')).toHaveCount(1);
  await expect(preview(page).locator('h1')).toHaveText('Hello, Ada!');
});
