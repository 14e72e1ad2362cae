import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  preview,
  replaceEditorText,
  runAndWaitForOutput,
  runStatus,
  waitForOutput,
  pauseRun,
} from './helpers';

/** Monaco's text field, named after the open file. */
const editorInput = (page: Page) => page.getByRole('textbox', { name: /^Editor:/ });

/** The box of a control, to compare where it is before and after something changes. */
const boxOf = async (control: Locator) => (await control.boundingBox())!;

/** Top offsets of every button, switch and link in the header, rounded to whole px. */
const headerTops = (page: Page) =>
  page.locator('header').evaluate((bar) =>
    Array.from(bar.querySelectorAll('button, label, a, input, [role=status]'))
      // Not the visually hidden ones (a 1 px box placed out of the flow, or inside one: a
      // switch's native checkbox keeps its 13 px inside its hidden wrapper).
      .filter((el) => {
        for (let node: Element | null = el; node && node !== bar; node = node.parentElement)
          if (node.getBoundingClientRect().width <= 1) return false;
        return true;
      })
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent,
        // The middle of the control: inputs and buttons of different heights share a row.
        mid: Math.round((el.getBoundingClientRect().top + el.getBoundingClientRect().bottom) / 2),
      })),
  );

async function expectOneRow(page: Page): Promise<void> {
  const tops = await headerTops(page);
  expect(tops.length).toBeGreaterThanOrEqual(3);
  const mids = tops.map((t) => t.mid);
  // Centred in one row: within a few px of each other (a second row would be ~30 px lower).
  expect(Math.max(...mids) - Math.min(...mids), JSON.stringify(tops)).toBeLessThanOrEqual(4);
}

test.describe.configure({ timeout: 120_000 });

test('on a 375×812 phone nothing scrolls sideways; Preview, Run and Console are tabs away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await getLoadedApp(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectOneRow(page);

  await page.getByRole('tab', { name: 'Preview' }).click();
  const button = preview(page).getByRole('button', { name: /Click/ });
  await expect(button).toBeVisible();
  // Run starts the program again in a new preview: its output, in the console cleared first,
  // says that preview is up (the click below must not land in the one it replaces).
  await page.getByRole('tab', { name: 'Console' }).click();
  await runAndWaitForOutput(page, 'Hello from src/main.ts');
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Preview' }).click();
  await button.click();
  await expect(preview(page).getByRole('button', { name: 'Clicked 1 time' })).toBeVisible();

  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(consoleLog(page)).toBeVisible();
  await expect(consoleLog(page)).toContainText('clicks: 1');
  // Settings, out of the way in "More", still opens.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('at 768 px the Files title and the console filter are whole; the rest is in More', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await getLoadedApp(page);
  await expectOneRow(page);
  const inside = async (inner: Locator, outer: Locator) => {
    const a = await boxOf(inner);
    const b = await boxOf(outer);
    expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
  };
  await inside(page.locator('.pp-files-title'), page.locator('.pp-files-toolbar'));
  await inside(
    page.getByRole('searchbox', { name: 'Filter console' }),
    page.locator('.pp-console-toolbar'),
  );
  await inside(page.getByRole('radio', { name: /Debug/ }), page.locator('.pp-console-toolbar'));
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Projects' }).click();
  await expect(page.getByRole('dialog', { name: 'Projects' })).toBeVisible();
});

test('at 1280×800 the toolbar is one row; Run and the preview stay put between Running and Paused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await getLoadedApp(page);
  await expectOneRow(page);
  await expect(page.getByRole('button', { name: 'More' })).toHaveCount(0);
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const frame = page.locator('iframe[title="Preview"]');
  const running = { run: await boxOf(run), preview: await boxOf(frame) };

  await pauseRun(page);
  expect(await boxOf(run)).toEqual(running.run);
  expect(await boxOf(frame)).toEqual(running.preview);
  await expectOneRow(page);

  await page.getByRole('button', { name: 'Play' }).click();
  await expect(runStatus(page)).toHaveText('Running');
  expect(await boxOf(frame)).toEqual(running.preview);

  // The resize handles are a real target (a few px wide) and show a focus ring from the keys.
  for (const name of ['Resize the Files panel', 'Resize the editor and the preview']) {
    const handle = page.getByRole('separator', { name });
    expect((await boxOf(handle)).width).toBeGreaterThanOrEqual(4);
  }
  const handle = page.getByRole('separator', { name: 'Resize the preview and the console' });
  expect((await boxOf(handle)).height).toBeGreaterThanOrEqual(4);
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await expect(handle).toHaveCSS('outline-style', 'solid');
});

test('the project is renamed in the header and Projects shows the new name', async ({ page }) => {
  await getLoadedApp(page);
  const name = page.getByRole('textbox', { name: 'Project name' });
  await expect(name).toHaveValue('hello-playpen');
  await name.fill('');
  await name.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a project name.' })).toBeVisible();
  await name.fill('my game');
  await name.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a project name.' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Projects' }).click();
  const dialog = page.getByRole('dialog', { name: 'Projects' });
  await expect(dialog.getByRole('listitem', { name: 'my game', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Kept: a reload opens the project under its new name.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Project name' })).toHaveValue('my game', {
    timeout: 60_000,
  });
});

test('?readonly without a link says so and opens the usual, editable app', async ({ page }) => {
  await getLoadedApp(page, '/?readonly');
  await expect(
    page.getByRole('alert').filter({ hasText: 'read-only address carries no project' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit a copy' })).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
});

test('a broken embedded project shows its build error in the Console and Problems tabs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto('/?embed');
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  await expect(page.getByRole('tab', { name: 'Console' })).toBeVisible();
  await replaceEditorText(page, 'const broken = ;\n');
  await expect(runStatus(page)).toHaveText('Build failed', { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Console' })).toHaveAttribute('aria-selected', 'true');
  await expect(consoleLog(page)).toBeVisible();
  await expect(consoleLog(page)).toContainText('src/main.ts');
  // Problems lists it too, and opens its place in the editor.
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problem = page
    .getByRole('region', { name: 'Problems' })
    .getByRole('button', { name: /build · src\/main\.ts:1/ });
  await problem.click();
  await expect(editorInput(page)).toBeFocused();
});

test('a 640×420 embed has a one-row header and every speed button on screen', async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 420 });
  await page.goto('/?embed');
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  await expectOneRow(page);
  await page.getByRole('tab', { name: 'Preview' }).click();
  for (const speed of ['0.25', '0.5', '1', '2', '4']) {
    const box = await boxOf(page.getByRole('radio', { name: `Speed ${speed}×` }));
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(640);
    expect(box.y + box.height).toBeLessThanOrEqual(420);
  }
});

test('at 768 px the playback bar over the preview shows the whole tick text and keeps its size as ticks grow and the run pauses', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await getLoadedApp(page);
  await replaceEditorText(
    page,
    "document.body.textContent = 'ticking';\nsetInterval(() => {}, 5);\nconsole.log('ticking');\n",
  );
  const tick = page.locator('.pp-transport .pp-tick');
  const bar = page.locator('.pp-transport');
  const frame = page.locator('iframe[title="Preview"]');
  // The edited program's run is on screen (not the example's, whose frame it replaces).
  await waitForOutput(page, 'ticking');
  await expect(preview(page).locator('body')).toHaveText('ticking', { timeout: 30_000 });
  const before = { bar: await boxOf(bar), preview: await boxOf(frame) };
  // Four-digit ticks and ten seconds or more: the text is at its longest for a while.
  await expect(tick).toHaveText(/^Tick \d{4,} \/ \d{4,} · \d{2,}\.\d{3} s$/, { timeout: 90_000 });
  const whole = () => tick.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(await whole()).toBe(true);
  expect(await boxOf(bar)).toEqual(before.bar);
  expect(await boxOf(frame)).toEqual(before.preview);

  await pauseRun(page);
  expect(await whole()).toBe(true);
  expect(await boxOf(bar)).toEqual(before.bar);
  expect(await boxOf(frame)).toEqual(before.preview);
});
