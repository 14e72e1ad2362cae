import { expect, test } from '@playwright/test';
import { consoleLog, getLoadedApp, openFile, preview, replaceEditorText } from './helpers';

// A program's fragment navigations (location.hash, #links) stay in its preview: the app tab's
// history keeps its length, and the browser's Back button leaves the app, not a fragment.

test('setting location.hash 20 times, navigation.navigate and clicking a #link add nothing to the app tab’s history', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  const before = await page.evaluate(() => history.length);
  await replaceEditorText(
    page,
    [
      'document.body.innerHTML =',
      '  \'<a href="#bottom">Down</a><div style="height: 3000px"></div><p id="bottom">Bottom</p>\';',
      "addEventListener('hashchange', () => console.log('hashchange', location.hash, history.length));",
      "for (let n = 1; n <= 20; n++) location.hash = '#n' + n;",
      "(globalThis as any).navigation.navigate('#n21');",
      "console.log('set', location.hash, history.length);",
      '',
    ].join('\n'),
  );
  const log = consoleLog(page);
  // The program still sees its own history grow and its hash change.
  await expect(log).toContainText('set #n21 22');
  await expect(log).toContainText('hashchange #n21 22');
  expect(await page.evaluate(() => history.length)).toBe(before);

  // The user follows a link to a fragment: the preview scrolls there, the app's history stays.
  await preview(page).getByRole('link', { name: 'Down' }).click();
  await expect(log).toContainText('hashchange #bottom 23');
  await expect(preview(page).getByText('Bottom')).toBeInViewport();
  expect(await page.evaluate(() => history.length)).toBe(before);

  // Back leaves the app (to the blank page it was opened from), not the preview's fragments.
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});
