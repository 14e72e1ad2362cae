import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  focusEditor,
  getLoadedApp,
  openFile,
  pauseRun,
  preview,
  replaceEditorText,
  restingShot,
  runStatus,
  tickOf,
  timeline,
  waitForOutput,
  waitForPreviewAtTick,
} from './helpers';

// Issue 34, "Edit the past": an edit while paused lands the new code at the same moment.
// Each test plays a game to tick ~300 with three clicks: long flows on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** A canvas game: each click on Launch throws a ball that falls and bounces (forever). */
const game = ({
  colour = 'crimson',
  gravity = '0.25',
  withButton = true,
}: { colour?: string; gravity?: string; withButton?: boolean } = {}) => `const GRAVITY = ${gravity};
const COLOUR = '${colour}';
document.body.style.margin = '0';
const canvas = document.createElement('canvas');
canvas.width = 320;
canvas.height = 200;
canvas.style.display = 'block';
const button = document.createElement('button');
button.textContent = 'Launch';
// Its look does not follow the real pointer's hover or focus (a replay has neither).
button.style.font = '16px sans-serif';
button.style.color = 'black';
button.style.background = '#eee';
button.style.border = '1px solid #555';
button.style.outline = 'none';
const balls: { x: number; y: number; vx: number; vy: number }[] = [];
button.addEventListener('click', () => {
  balls.push({ x: 20, y: 180, vx: 2 + balls.length, vy: -7 });
  console.log('launched', balls.length);
});
document.body.append(${withButton ? 'canvas, button' : 'canvas'});
const ctx = canvas.getContext('2d')!;
function frame() {
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, 320, 200);
  for (const b of balls) {
    b.vy += GRAVITY;
    b.x += b.vx;
    b.y += b.vy;
    if (b.y > 190) { b.y = 190; b.vy = -Math.abs(b.vy); }
    if (b.x > 310 || b.x < 10) b.vx *= -1;
    ctx.fillStyle = COLOUR;
    ctx.beginPath();
    ctx.arc(b.x, b.y, 8, 0, 7);
    ctx.fill();
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
console.log('game ready');
`;
type Version = Parameters<typeof game>[0];

/** The report of a hot swap, once it landed (one notice, plain words). */
const REPORT = /Your edit (ran from the start|threw)[^\n]*/;
const report = (page: Page) => consoleLog(page).getByText(REPORT);

/**
 * Where the balls are: the canvas's pixels that are not white, as a hash of their places (the
 * same shapes in another colour give the same mask), and the colour of the first one. Read in
 * the preview without changing anything of the run.
 */
const balls = (page: Page) =>
  preview(page)
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let mask = 0;
      let ink = 0;
      const colours = new Map<string, number>();
      for (let i = 0; i < data.length; i += 4) {
        const white = data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255;
        if (white) continue;
        ink++;
        mask = (Math.imul(mask, 31) + i) | 0;
        const rgb = `${data[i]},${data[i + 1]},${data[i + 2]}`;
        colours.set(rgb, (colours.get(rgb) ?? 0) + 1);
      }
      // The balls' fill: the most common colour (their edges are blended with the white).
      const colour = [...colours].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
      return { mask, ink, colour };
    });

/** Runs the game, launches three balls, and pauses at tick 300 or a little after. */
async function playGame(page: Page) {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, game());
  await waitForOutput(page, 'game ready');
  const launch = preview(page).getByRole('button', { name: 'Launch' });
  for (let n = 1; n <= 3; n++) {
    await launch.click();
    await expect(consoleLog(page)).toContainText(`launched ${n}`);
  }
  await expect.poll(() => tickOf(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(300);
  await pauseRun(page);
  const tick = await tickOf(page);
  const time = await page.getByText(/^Tick \d+ \//).innerText();
  return { tick, time, shot: await restingShot(page), balls: await balls(page) };
}

/**
 * Does `edit`, then waits for the hot swap's report of it: each build clears the console, so
 * the report shown before (if any) leaves the page first, and the new one comes as it lands.
 */
async function reportOf(page: Page, edit: () => Promise<void>) {
  const last = (await report(page).count()) ? await report(page).elementHandle() : null;
  await edit();
  if (last)
    await expect.poll(() => last.evaluate((e) => e.isConnected), { timeout: 60_000 }).toBe(false);
  await expect(report(page)).toHaveCount(1, { timeout: 60_000 });
  return report(page).innerText();
}

/** Pastes the game's `version` as the whole file; the swap's report once it landed. */
const editTo = (page: Page, version: Version) =>
  reportOf(page, () => replaceEditorText(page, game(version)));

/** Ctrl+Z in the editor: the game as it was before the last edit swaps back in. */
const undo = (page: Page) =>
  reportOf(page, async () => {
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+Z');
  });

/** The preview rests paused at the moment `time` (the Tick text's time), at `tick` if given. */
async function landedAt(page: Page, time: string, tick?: number) {
  if (tick !== undefined) await waitForPreviewAtTick(page, tick);
  await expect(timeline(page)).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(runStatus(page)).toHaveText('Paused');
  await expect(page.getByText(/^Tick \d+ \//)).toHaveText(
    new RegExp(`· ${time.split('· ')[1]!.replace('.', '\\.')}$`),
  );
}

test('a colour change lands at the same moment: the balls where they were, in the new colour', async ({
  page,
}) => {
  const before = await playGame(page);
  const said = await editTo(page, { colour: 'royalblue' });
  expect(said).toContain(`tick ${before.tick}`);
  expect(said).toMatch(/It first shows at tick \d+/);
  await landedAt(page, before.time, before.tick);
  const after = await balls(page);
  expect(after.mask).toBe(before.balls.mask);
  expect(after.ink).toBe(before.balls.ink);
  expect(after.colour).toBe('65,105,225');
  const shot = await restingShot(page);
  expect(shot.equals(before.shot)).toBe(false);
  // A fresh run of the new code driven by the same clicks: from tick 0 again, to the same tick.
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await waitForPreviewAtTick(page, 0);
  await page.keyboard.press('End');
  await waitForPreviewAtTick(page, before.tick);
  await expect.poll(async () => (await restingShot(page)).equals(shot)).toBe(true);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

test('a gravity change names the first differing tick; Ctrl+Z brings the old preview back', async ({
  page,
}) => {
  const before = await playGame(page);
  const said = await editTo(page, { gravity: '0.45' });
  const first = Number(/It first shows at tick (\d+)/.exec(said)?.[1]);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(before.tick);
  await landedAt(page, before.time, before.tick);
  expect((await balls(page)).mask).not.toBe(before.balls.mask);
  // The timeline marks where the edit first shows.
  await expect(page.locator('.pp-mark-edit').first()).toHaveAttribute(
    'aria-label',
    new RegExp(`first shows at tick ${first}\\b`),
  );

  // Undone, the old code's run again: it differs from the edited run from the same tick on
  // as the edited run differed from it (ticks before match both; the old run's fingerprints).
  const undone = await undo(page);
  expect(Number(/It first shows at tick (\d+)/.exec(undone)?.[1])).toBe(first);
  await landedAt(page, before.time, before.tick);
  await expect.poll(async () => (await restingShot(page)).equals(before.shot)).toBe(true);
  expect((await balls(page)).mask).toBe(before.balls.mask);
});

test('deleting the button the clicks target says they could not be delivered; Ctrl+Z restores them', async ({
  page,
}) => {
  const before = await playGame(page);
  const said = await editTo(page, { withButton: false });
  expect(said).toMatch(
    /3 clicks \(and \d+ events with them\) at [\d.]+ s, [\d.]+ s and [\d.]+ s could not be delivered: their target, a <button>, is not in the new page\./,
  );
  // The same moment, fewer ticks: the clicks' ticks never ran.
  await landedAt(page, before.time);
  expect(await tickOf(page)).toBeLessThan(before.tick);
  expect((await balls(page)).ink).toBe(0);

  const undone = await undo(page);
  expect(undone).not.toContain('could not be delivered');
  await landedAt(page, before.time, before.tick);
  await expect.poll(async () => (await restingShot(page)).equals(before.shot)).toBe(true);
  await expect(preview(page).getByRole('button', { name: 'Launch' })).toBeVisible();
});

test('a shared run opened by a receiver hot-swaps on an edit the same way', async ({
  page,
  context,
}) => {
  const before = await playGame(page);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await dialog.getByText('Include this run').click();
  await expect(dialog.getByRole('checkbox', { name: 'Include this run' })).toBeChecked();
  await expect(dialog).toContainText(`Opens paused at tick ${before.tick}`);
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  await page.close();

  const other = await context.newPage();
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(other, before.tick);
  // The sender's tick (a replay rests at its time; the sender's clock had moved on a little).
  const time = await other.getByText(/^Tick \d+ \//).innerText();
  await openFile(other, 'src/main.ts');
  // The teacher's "try changing the gravity here": the receiver lands at the same moment.
  const said = await editTo(other, { gravity: '0.45' });
  expect(said).toContain(`tick ${before.tick}`);
  expect(said).toMatch(/It first shows at tick \d+/);
  await landedAt(other, time, before.tick);
  expect((await balls(other)).mask).not.toBe(before.balls.mask);
  await expect(consoleLog(other)).toContainText('launched 3');
});

test('with the setting off, or with Run from start, an edit starts a fresh run', async ({
  page,
}) => {
  const before = await playGame(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const keep = dialog.getByRole('switch', { name: 'Keep my place when I edit while paused' });
  await expect(keep).toBeChecked();
  await dialog.locator('label', { hasText: 'Keep my place when I edit while paused' }).click();
  await expect(keep).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await replaceEditorText(page, game({ colour: 'seagreen' }));
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  await expect.poll(() => balls(page)).toMatchObject({ ink: 0 });
  await expect(report(page)).toHaveCount(0);
  expect(await tickOf(page)).toBeLessThan(before.tick);

  // Back on: paused, Run keeps the place; Run from start does not.
  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.locator('label', { hasText: 'Keep my place when I edit while paused' }).click();
  await expect(keep).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await pauseRun(page);
  await page.getByRole('button', { name: 'Start options' }).click();
  await page.getByRole('menuitem', { name: 'Run from start' }).click();
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  await expect(report(page)).toHaveCount(0);
});
