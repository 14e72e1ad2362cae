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

/** Presses Tab (keyboard only, no click) until `target` has the focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('on a 375 px phone, with the keyboard alone: write, run, pause, step, share and download', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await getLoadedApp(page);
  const status = page.getByRole('status', { name: 'Run status' });
  const views = page.getByRole('tablist', { name: 'View' });

  // Write: into the editor (the Code tab is shown), replace the program, and leave again.
  await tabTo(page, page.getByRole('textbox', { name: /^Editor:/ }));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(
    "let n = 0;\nsetInterval(() => console.log('keys ' + ++n), 200);\n",
  );
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).not.toBeFocused();

  // Run, then the Preview tab (arrow keys move between tabs), pause and step.
  await tabTo(page, page.getByRole('button', { name: 'Run', exact: true }));
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Running', { timeout: 60_000 });
  await tabTo(page, views.getByRole('tab', { selected: true }));
  await page.keyboard.press('ArrowRight');
  await expect(views.getByRole('tab', { name: 'Preview' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await tabTo(page, page.getByRole('button', { name: 'Pause' }));
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Paused');
  const timeline = page.getByRole('slider', { name: 'Timeline' });
  const at = Number(await timeline.inputValue());
  await tabTo(page, page.getByRole('button', { name: 'Step forward' }));
  await page.keyboard.press('Enter');
  await expect.poll(async () => Number(await timeline.inputValue())).toBe(at + 1);

  // The Console shows what the program printed.
  await tabTo(page, views.getByRole('tab', { selected: true }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('log', { name: 'Console' })).toContainText('keys 1');

  // Share, from More: the dialog holds the link; Escape closes it.
  await tabTo(page, page.getByRole('button', { name: 'More' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Share' }));
  await page.keyboard.press('Enter');
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByRole('textbox', { name: 'Link' })).toHaveValue(/#code\//);
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);

  // Download: More stays open behind the Share dialog, with the keys back in it.
  await expect(page.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Download project' }));
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
});
