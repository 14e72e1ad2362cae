import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  previewElement,
  replaceEditorText,
  runStatus,
  tickOf,
  timeline,
  waitForOutput,
  pauseRun,
  waitForPreviewAtTick,
} from './helpers';

// Each frame sizes the canvas to the viewport and draws at places read from it; a resize is
// logged. Replays must see the viewport the live run had at each tick, across a resize.
const PROGRAM = `document.body.dataset.program = 'viewport';
console.log('viewport program');
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

test('a canvas drawn from the viewport replays exactly across a resize of the preview', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, PROGRAM);
  await waitForOutput(page, 'viewport program');
  await expect(preview(page).locator('body[data-program="viewport"]')).toBeAttached({
    timeout: 30_000,
  });
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await pauseRun(page);

  const live = new Map<number, string>();
  const note = async () => live.set(await tickOf(page), await look(page));
  const stepForward = async () => {
    const tick = await tickOf(page);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await waitForPreviewAtTick(page, tick + 1);
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
  await pauseRun(page);
  const after = await tickOf(page);
  await note();
  await stepForward();
  await stepForward();
  expect(live.get(after + 2)!.split('x')[0]).not.toBe(widthBefore);

  const expectLive = async (tick: number) => {
    await waitForPreviewAtTick(page, tick);
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

// A frame's innerWidth is its box's width rounded: before the frames' box was snapped to whole
// pixels (preview/frame-snap.ts), a window resize could make the pane 375.8 px wide, within a
// pixel of a recorded 375 but 376 to the program. A replay laid out in the pane's box then ran
// at 376 ("Replay diverged at tick 0: the viewport was 375×351@1, replay 376×351@1"). Now the
// smallest change is a whole pixel; a replay still takes the recorded size.
test('a replay keeps the recorded size after the window grows the preview by a pixel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, PROGRAM);
  await waitForOutput(page, 'viewport program');
  await expect(preview(page).locator('body[data-program="viewport"]')).toBeAttached({
    timeout: 30_000,
  });
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  const width = Number((await look(page)).split('x')[0]);

  // While it runs, the window grows by a pixel or two, until the preview is a pixel wider.
  // Every replay frame is made after this.
  const before = await tickOf(page);
  const paneWidth = () => previewElement(page).evaluate((f) => f.getBoundingClientRect().width);
  for (let grow = 1; grow <= 3 && Math.round(await paneWidth()) === width; grow++)
    await page.setViewportSize({ width: 1000 + grow, height: 700 });
  const pane = await paneWidth();
  expect(pane).toBe(width + 1);
  await expect.poll(() => look(page)).toMatch(new RegExp(`^${width + 1}x`));
  await pauseRun(page);
  const end = await tickOf(page);
  const live = new Map([[end, await look(page)]]);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await waitForPreviewAtTick(page, end + 1);
  live.set(end + 1, await look(page));

  // Step back replays from tick 0 at the recorded size, then through the resize.
  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, end);
  await expect.poll(() => look(page)).toBe(live.get(end));
  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, end - 1);
  // Before the resize, the program had the old width.
  await timeline(page).fill(String(before));
  await waitForPreviewAtTick(page, before);
  await expect.poll(() => look(page)).toMatch(new RegExp(`^${width}x`));
  await page.getByRole('button', { name: 'Step forward' }).click();
  await waitForPreviewAtTick(page, before + 1);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

// The window resized while paused is seen before the next live tick: a console evaluation is
// one too. Run before the resize's tick, its replay read the old size ("Replay diverged at
// tick 16: the console output differs").
test('a console line evaluated after a resize while paused replays at the size it read', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, PROGRAM);
  await waitForOutput(page, 'viewport program');
  await expect(preview(page).locator('body[data-program="viewport"]')).toBeAttached({
    timeout: 30_000,
  });
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await pauseRun(page);
  const width = (await look(page)).split('x')[0];
  await page.setViewportSize({ width: 1100, height: 650 });
  const input = page.getByRole('textbox', { name: 'Console input' });
  await input.fill('"width " + innerWidth');
  await input.press('Enter');
  await expect(consoleLog(page)).toContainText(/'width \d+'/);
  const end = await tickOf(page);
  await waitForPreviewAtTick(page, end);
  const log = await consoleLog(page).innerText();
  expect(log).not.toContain(`'width ${width}'`);

  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, end - 1);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await waitForPreviewAtTick(page, end);
  await expect.poll(() => consoleLog(page).innerText()).toBe(log);
  await expect(consoleLog(page)).not.toContainText('diverged');
});
