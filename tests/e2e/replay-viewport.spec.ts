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
} from './helpers';

// Each frame sizes the canvas to the viewport and draws at places read from it; a resize is
// logged. Replays must see the viewport the live run had at each tick, across a resize.
const PROGRAM = `document.body.dataset.program = 'viewport';
document.body.style.margin = '0';
document.body.style.overflow = 'hidden';
const canvas = document.createElement('canvas');
canvas.style.display = 'block';
document.body.append(canvas);
const ctx = canvas.getContext('2d')!;
addEventListener('resize', () => console.log('resized to', innerWidth));
let t = 0;
function draw() {
  t++;
  canvas.width = innerWidth;
  canvas.height = innerHeight;
  ctx.fillStyle = 'navy';
  ctx.fillRect((t * 9) % innerWidth, innerHeight / 2 - 20, 40, 40);
  ctx.fillRect(innerWidth - 30, innerHeight - 30, 20, 20);
  ctx.fillText(innerWidth + 'x' + innerHeight + ' frame ' + t, 10, 20);
  requestAnimationFrame(draw);
}
requestAnimationFrame(draw);
`;

test.describe.configure({ timeout: 180_000 });

/** What the preview shows: its viewport and a hash of the canvas's pixels. */
const look = (page: Page) =>
  preview(page)
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const url = c.toDataURL();
      let h = 0;
      for (let i = 0; i < url.length; i++) h = (Math.imul(h, 31) + url.charCodeAt(i)) | 0;
      return `${innerWidth}x${innerHeight} canvas ${c.width}x${c.height} #${h}`;
    });

async function atTick(page: Page, tick: number) {
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBe(tick);
  await expect(page.getByText(new RegExp(`^Tick ${tick} /`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled();
  await expect(runStatus(page)).toHaveText('Paused');
}

test('a canvas drawn from the viewport replays exactly across a resize of the preview', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, PROGRAM);
  await expect(preview(page).locator('body[data-program="viewport"]')).toBeAttached({
    timeout: 30_000,
  });
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');

  const live = new Map<number, string>();
  const note = async () => live.set(await tickOf(page), await look(page));
  const stepForward = async () => {
    const tick = await tickOf(page);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await atTick(page, tick + 1);
    await note();
  };
  const before = await tickOf(page);
  await note();
  await stepForward();
  await stepForward();
  const widthBefore = live.get(before + 2)!.split('x')[0];

  // Mid-run, the user widens the preview by dragging the separator beside it.
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(runStatus(page)).toHaveText('Running');
  const handle = page.getByRole('separator', { name: 'Resize the editor and the preview' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 120, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(consoleLog(page)).toContainText('resized to');
  await expect.poll(async () => (await look(page)).split('x')[0]).not.toBe(widthBefore);
  const resized = await tickOf(page);
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThan(resized + 3);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');
  const after = await tickOf(page);
  await note();
  await stepForward();
  await stepForward();
  expect(live.get(after + 2)!.split('x')[0]).not.toBe(widthBefore);

  const expectLive = async (tick: number) => {
    await atTick(page, tick);
    await expect
      .poll(() => look(page), { message: `the preview at tick ${tick}` })
      .toBe(live.get(tick));
  };
  // Step back (checkpoints), then back across the resize by seeking, then step back there.
  for (const tick of [after + 1, after]) {
    await page.getByRole('button', { name: 'Step back' }).click();
    await expectLive(tick);
  }
  await timeline(page).fill(String(before + 2));
  await expectLive(before + 2);
  await page.getByRole('button', { name: 'Step back' }).click();
  await expectLive(before + 1);
  // Forward across the resize: the visible frame replays it at its tick.
  await timeline(page).fill(String(after + 1));
  await expectLive(after + 1);
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await page.keyboard.press('End');
  await expectLive(after + 2);
  await expect(consoleLog(page)).not.toContainText('diverged');
});
