import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  pauseRun,
  preview,
  replaceEditorText,
  runStatus,
  tickOf,
  timeline,
} from './helpers';

// A button whose click starts 8 beats, 100 ms apart: the user's own click only. A replay
// dispatches the recorded click itself (isTrusted false), so there the timer is set and
// cleared at once. Every replayed tick fingerprints as the live one did (one timer set, the
// same page and output); the replay just has nothing due after the click's tick, while the
// live run went on beating.
const TRUSTED_ONLY = `document.body.dataset.program = 'trusted-only';
const b = document.createElement('button');
const p = document.createElement('p');
b.textContent = 'Start';
p.textContent = 'waiting';
let beats = 0;
const beat = () => {
  beats += 1;
  p.textContent = 'beat ' + beats;
  console.log('beat', beats);
  if (beats < 8) setTimeout(beat, 100);
};
b.addEventListener('click', (event) => {
  const timer = setTimeout(beat, 100);
  if (!event.isTrusted) clearTimeout(timer);
  console.log('started');
});
document.body.replaceChildren(b, p);
console.log('trusted-only program');
`;

const RAN_OUT =
  /Replay diverged at tick (\d+): the replay ran out of timers and frames at tick (\d+) and never ran it; the recorded run went on to tick (\d+)\. The preview may differ from the recorded run from here on\./;
const ranOut = (page: Page) => consoleLog(page).getByText(RAN_OUT);

// Record, replay and wait on a busy machine: a wait, not a timing check.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

/** Runs the program, clicks Start, pauses once all 8 beats ran; returns the last tick. */
async function recordBeats(page: Page) {
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, TRUSTED_ONLY);
  // The new run first: the click below must not land in the frame it replaces.
  await expect(consoleLog(page)).toContainText('trusted-only program', { timeout: 30_000 });
  await expect(preview(page).locator('body[data-program="trusted-only"]')).toBeAttached({
    timeout: 30_000,
  });
  await preview(page).getByRole('button', { name: 'Start' }).click();
  await expect(preview(page).getByText('beat 8')).toBeVisible({ timeout: 30_000 });
  await pauseRun(page);
  const last = await tickOf(page);
  await expect(timeline(page)).toHaveAttribute('aria-valuemax', String(last));
  await expect(consoleLog(page).getByText(/^beat 8$/)).toHaveCount(1);
  return last;
}

/** Home on the Timeline: the rebuilt preview rests at tick 0, before the click. */
async function home(page: Page) {
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Step forward' })).toBeEnabled();
  await expect(preview(page).getByText('waiting')).toBeVisible();
}

/** The console's one divergence notice: where the replay stopped, and the recorded run's end. */
async function reported(page: Page, last: number) {
  await expect(ranOut(page)).toHaveCount(1, { timeout: 60_000 });
  // No tick it ran differed before: running out is the first and only difference.
  await expect(consoleLog(page).getByText(/Replay diverged/)).toHaveCount(1);
  const [, at, stopped, wentOn] = RAN_OUT.exec(await ranOut(page).innerText())!.map(Number);
  expect(at).toBe(stopped! + 1);
  expect(wentOn).toBe(last);
  expect(stopped).toBeLessThan(last);
  return stopped!;
}

/** The preview rests at `tick`, short of the recording, which is kept (`last` still ahead). */
async function restsShort(page: Page, tick: number, last: number) {
  await expect(runStatus(page)).toHaveText('Paused');
  await expect.poll(() => tickOf(page)).toBe(tick);
  await expect(page.getByText(new RegExp(`^Tick ${tick} / ${last} `))).toBeVisible();
  await expect(timeline(page)).toHaveAttribute('aria-valuemax', String(last));
  await expect(preview(page).getByText('waiting')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Step forward' })).toBeEnabled();
}

test('End in a run whose replay runs out says where it diverged, and Step forward keeps it said once', async ({
  page,
}) => {
  const last = await recordBeats(page);
  await expect(consoleLog(page)).not.toContainText('diverged');
  await home(page);
  await page.keyboard.press('End');
  const tick = await reported(page, last);
  await restsShort(page, tick, last);
  // Step forward tries again from here: the preview still cannot go on. The one notice of
  // this diverged path stays, kept current (before: a second line at each step).
  for (const seen of [2, 3]) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(ranOut(page)).toContainText(`(Seen ${seen} times.)`);
    await expect(ranOut(page)).toHaveCount(1);
    await restsShort(page, tick, last);
  }
  // The recorded run's output is not claimed: the beats the replay never ran are not shown.
  await expect(consoleLog(page).getByText(/^beat \d$/)).toHaveCount(0);
});

test('Play from Home through a recording its replay cannot finish says where it diverged', async ({
  page,
}) => {
  const last = await recordBeats(page);
  await home(page);
  await page.getByRole('button', { name: 'Play' }).click();
  const tick = await reported(page, last);
  await expect.poll(() => tickOf(page)).toBe(tick);
  await expect(runStatus(page)).toHaveText('Running');
  await pauseRun(page);
  await restsShort(page, tick, last);
  await expect(ranOut(page)).toHaveCount(1);
});
