import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  tickOf,
  timeline,
  waitForOutput,
  pauseRun,
  waitForPreviewAtTick,
} from './helpers';

// A program that reads media queries each tick and listens for their changes: the colour
// scheme, and a width 60 px wider than the preview it starts in. Replays must give it the
// values the live run had at each tick, and its change listeners must run at the same ticks.
const PROGRAM = `document.body.dataset.program = 'media';
console.log('media program');
const dark = matchMedia('(prefers-color-scheme: dark)');
const wide = matchMedia('(min-width: ' + (innerWidth + 60) + 'px)');
const p = document.createElement('p');
document.body.append(p);
let n = 0;
dark.addEventListener('change', (e) => console.log('scheme', e.matches ? 'dark' : 'light', 'at', n));
wide.onchange = (e) => console.log('wide', e.matches, 'at', n);
setInterval(() => {
  n++;
  p.textContent = n + ' ' + (dark.matches ? 'dark' : 'light') + ' ' + (wide.matches ? 'wide' : 'narrow');
}, 50);
`;

test.describe.configure({ timeout: 180_000 });

const shown = (page: Page) => preview(page).locator('p').innerText();

async function start(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, PROGRAM);
  await waitForOutput(page, 'media program');
  await expect(preview(page).locator('body[data-program="media"]')).toBeAttached({
    timeout: 30_000,
  });
  await expect(preview(page).locator('p')).toContainText('light narrow');
}

/** Pauses a few ticks after `since`; returns the tick and what the preview and console show. */
async function pauseAfter(page: Page, since: number) {
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThan(since + 3);
  await pauseRun(page);
  const end = await tickOf(page);
  await waitForPreviewAtTick(page, end);
  return { end, text: await shown(page), log: await consoleLog(page).innerText() };
}

/** Home, then End: a replay from tick 0 to `end` shows what the live run showed there. */
async function expectReplayed(page: Page, live: Awaited<ReturnType<typeof pauseAfter>>) {
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await page.keyboard.press('End');
  await waitForPreviewAtTick(page, live.end);
  await expect.poll(() => shown(page)).toBe(live.text);
  await expect(consoleLog(page)).not.toContainText('diverged');
}

test('a colour scheme switched mid-run replays at its tick, for reads and change listeners', async ({
  page,
}) => {
  await start(page);
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  // The user's system switches to dark mode while the program runs.
  const before = await tickOf(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(consoleLog(page)).toContainText('scheme dark');
  await expect(preview(page).locator('p')).toContainText('dark');
  const live = await pauseAfter(page, await tickOf(page));
  await expectReplayed(page, live);
  // The listener ran once, at its tick, in the replay as live.
  expect((await consoleLog(page).innerText()).match(/scheme dark at \d+/g)).toEqual(
    live.log.match(/scheme dark at \d+/g),
  );
  // Before the switch the replay reads the light scheme the run had then.
  await timeline(page).fill(String(before));
  await waitForPreviewAtTick(page, before);
  await expect.poll(() => shown(page)).toContain('light');
  await expect(consoleLog(page)).not.toContainText('diverged');
});

test('a width media query that a resize of the preview flips replays at its tick', async ({
  page,
}) => {
  await start(page);
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  // Mid-run, the user widens the preview by dragging the separator beside it.
  const handle = page.getByRole('separator', { name: 'Resize the editor and the preview' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 120, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(consoleLog(page)).toContainText('wide true');
  await expect(preview(page).locator('p')).toContainText('wide');
  const live = await pauseAfter(page, await tickOf(page));
  await expectReplayed(page, live);
  expect((await consoleLog(page).innerText()).match(/wide true at \d+/g)).toEqual(
    live.log.match(/wide true at \d+/g),
  );
});
