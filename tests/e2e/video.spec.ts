import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  tickOf,
  timeline,
  waitForOutput,
  pauseRun,
} from './helpers';

// A counter with a button, and a clock ticking every 100 ms of virtual time (t), so the run
// has a recorded future beyond its clicks.
const COUNTER = `let n = 0;
let t = 0;
const b = document.createElement('button');
const clock = document.createElement('output');
const show = () => {
  b.textContent = 'n=' + n;
  clock.textContent = 't=' + t;
};
b.addEventListener('click', () => {
  n += 1;
  console.log('n is', n);
  show();
});
setInterval(() => {
  t += 1;
  show();
}, 100);
show();
document.body.replaceChildren(b, clock);
console.log('counter ready');
`;

const counter = (page: Page) => preview(page).getByRole('button', { name: /^n=/ });
const clockOf = async (page: Page) =>
  Number((await preview(page).locator('output').innerText()).slice(2));

/** Home on the Timeline, then waits until the rebuilt preview rests at tick 0. */
async function home(page: Page) {
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Step forward' })).toBeEnabled();
  await expect(counter(page)).toHaveText('n=0');
}

/** Runs the counter, waits until its clock shows `before`, clicks three times, waits for `after`. */
async function recordThreeClicks(page: Page, before: number, after: number) {
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, COUNTER);
  // The new run first: the clicks below must not land in the frame it replaces.
  await waitForOutput(page, 'counter ready');
  await expect(counter(page)).toHaveText('n=0', { timeout: 30_000 });
  await expect.poll(() => clockOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(before);
  for (let i = 1; i <= 3; i++) {
    await counter(page).click();
    await expect(counter(page)).toHaveText(`n=${i}`);
  }
  await expect.poll(() => clockOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(after);
  await pauseRun(page);
  return tickOf(page);
}

// Long flows (record, replay at 0.25×, fork, restore) on a shared, loaded machine: a wait, not a timing check.
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

test('Play after Home replays the three recorded clicks and shows n=3 again at the end', async ({
  page,
}) => {
  const end = await recordThreeClicks(page, 0, 20);
  await home(page);
  await page.getByRole('radio', { name: 'Speed 0.25×' }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  // Watching is no input: the pointer passing over the preview while it plays the recording
  // (2 s of virtual time: 8 s or more at 0.25×) does not fork it.
  await counter(page).hover();
  await page.getByRole('radio', { name: 'Speed 4×' }).click();
  // The recording plays again, clicks included, and the run goes on live past its end.
  await expect(counter(page)).toHaveText('n=3', { timeout: 30_000 });
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThan(end);
  await expect(counter(page)).toHaveText('n=3');
  await expect(runStatus(page)).toHaveText('Running');
  await expect(consoleLog(page)).not.toContainText('diverged');
  await expect(page.getByRole('button', { name: 'Restore previous future' })).toHaveCount(0);
});

test('a click while behind the end forks, and "Restore previous future" brings the old one back', async ({
  page,
}) => {
  // The clicks come 1.5 s of virtual time in: played again at 0.25×, 6 s or more of real time.
  const end = await recordThreeClicks(page, 15, 20);
  await home(page);
  await page.getByRole('radio', { name: 'Speed 0.25×' }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(runStatus(page)).toHaveText('Running');
  const frameBox = () => page.locator('iframe[title="Preview"]').boundingBox();
  const before = await frameBox();
  await counter(page).click();
  // Forked: the count goes on from the fork point (0), live; the old clicks never come.
  await expect(counter(page)).toHaveText('n=1');
  const restore = page.getByRole('button', { name: 'Restore previous future' });
  await expect(restore).toBeVisible();
  // Nothing moves when the button appears: a preview resized mid-run is a viewport its
  // replays (sized at replay time) would not have.
  expect(await frameBox()).toEqual(before);
  await page.getByRole('radio', { name: 'Speed 4×' }).click();
  await expect.poll(() => clockOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
  await expect(counter(page)).toHaveText('n=1');
  await expect(consoleLog(page)).toContainText('Restore previous future');

  await restore.click();
  // Back at the old future's end, paused, with its three clicks. Restoring replaces the
  // preview with a replay's frame; the fork's tick may by chance be `end` too: its third
  // click's line (refilled only once the replay lands) says the replay is the preview.
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBe(end);
  await expect(consoleLog(page)).toContainText('n is 3', { timeout: 30_000 });
  await expect(runStatus(page)).toHaveText('Paused');
  await expect(counter(page)).toHaveText('n=3');
  await expect(timeline(page)).toHaveAttribute('aria-valuemax', String(end));
  await expect(consoleLog(page)).not.toContainText('diverged');
  // The fork's future is kept in turn: Restore again returns to it. Its console (refilled at
  // once to the fork, its own click's line once the replay lands) says when the preview is it.
  await restore.click();
  await expect(consoleLog(page)).not.toContainText('n is 3');
  await expect(consoleLog(page)).toContainText('n is 1', { timeout: 30_000 });
  await expect(counter(page)).toHaveText('n=1');
});

test('marks on the Timeline say where inputs and console output were, and a click seeks there', async ({
  page,
}) => {
  await recordThreeClicks(page, 0, 3);
  const clicks = page.getByRole('button', { name: /^Input at ticks? [\d–]+.*: .*click/ });
  await expect(clicks.first()).toBeVisible();
  // Hover shows what the mark stands for.
  const label = await clicks.first().getAttribute('aria-label');
  await expect(clicks.first()).toHaveAttribute('title', label!);
  // The first console line ("n is 1") is the first of its mark: a click there seeks to its tick.
  const first = page.getByRole('button', { name: /^Console at ticks? \d+.*: n is 1/ });
  const tick = Number(/at ticks? (\d+)/.exec((await first.getAttribute('aria-label'))!)![1]);
  await first.click();
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBe(tick);
  await expect(counter(page)).toHaveText('n=1');
  await expect(runStatus(page)).toHaveText('Paused');
});
