import { expect, test, type Locator, type Page } from '@playwright/test';
import { getLoadedApp } from './helpers';

/** The control lies wholly inside the window (not cut off or scrolled away to the right). */
async function expectOnScreen(page: Page, control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

test('at 1024×768 every toolbar control is on screen, and Share and Settings open', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1024, height: 768 });
  await getLoadedApp(page);
  // Every control of the toolbar, measured at once: none reaches past the window's right edge.
  const offScreen = await page.locator('.pp-toolbar').evaluate((bar) =>
    Array.from(bar.querySelectorAll('button, label'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
      .map((el) => el.getAttribute('aria-label') ?? el.textContent),
  );
  expect(offScreen).toEqual([]);

  const share = page.getByRole('button', { name: 'Share' });
  await expectOnScreen(page, share);
  await share.click();
  const shareDialog = page.getByRole('dialog', { name: 'Share' });
  await expect(shareDialog).toBeVisible();
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  await expect(shareDialog).toHaveCount(0);

  const settings = page.getByRole('button', { name: 'Settings' });
  await expectOnScreen(page, settings);
  await settings.click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
});
