import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  previewShot,
  replaceEditorText,
  restingShot,
  tickOf,
  timeline,
  waitForOutput,
  pauseRun,
  waitForPreviewAtTick,
} from './helpers';

// A timer toggles a class every 250 ms: a 700 ms `transition` of transform is retargeted
// mid-way each time, while an @keyframes spin runs on its own.
const CSS_PROGRAM = `document.body.dataset.program = 'css';
console.log('css program');
const style = document.createElement('style');
style.textContent = \`
  body { margin: 0; }
  #box { width: 40px; height: 40px; background: teal; transition: transform 700ms linear; }
  #box.far { transform: translateX(220px); }
  #spin { width: 60px; height: 20px; margin: 30px; background: crimson; animation: spin 900ms linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
\`;
document.head.append(style);
document.body.insertAdjacentHTML('beforeend', '<div id="box"></div><div id="spin"></div>');
setInterval(() => document.getElementById('box')!.classList.toggle('far'), 250);
// More ticks in between: they land mid-transition.
let n = 0;
setInterval(() => n++, 90);
`;

// Each frame fills the canvas to the viewport and draws at a place read from it.
const CANVAS_PROGRAM = `document.body.dataset.program = 'canvas';
console.log('canvas program');
document.body.style.margin = '0';
const canvas = document.createElement('canvas');
canvas.style.display = 'block';
document.body.append(canvas);
const ctx = canvas.getContext('2d')!;
let t = 0;
function draw() {
  t++;
  canvas.width = innerWidth;
  canvas.height = innerHeight;
  ctx.fillStyle = 'navy';
  ctx.fillRect((t * 9) % innerWidth, innerHeight / 2 - 20, 40, 40);
  ctx.fillText(innerWidth + 'x' + innerHeight + ' frame ' + t, 10, 20);
  requestAnimationFrame(draw);
}
requestAnimationFrame(draw);
`;

// An object URL is a fresh random UUID in every frame (no seeded randomness reaches it): the
// canvas colour it picks differs in a replay while the page's HTML stays the same.
const UNREPLAYABLE_PROGRAM = `document.body.dataset.program = 'unreplayable';
console.log('unreplayable program');
const canvas = document.createElement('canvas');
canvas.width = 200;
canvas.height = 100;
document.body.append(canvas);
const ctx = canvas.getContext('2d')!;
const id = URL.createObjectURL(new Blob(['x']));
const hex = id.replace(/[^0-9a-f]/g, '').slice(-6);
let n = 0;
const timer = setInterval(() => {
  n++;
  ctx.fillStyle = '#' + hex;
  ctx.fillRect(0, 0, 200, 100);
  if (n === 12) clearInterval(timer);
}, 40);
`;

// A button with a :hover transition (the pointer's, which no replay has) whose click starts a
// transition of its own on the same element (the program's, which a replay must show).
const HOVER_PROGRAM = `document.body.dataset.program = 'hover';
console.log('hover program');
const style = document.createElement('style');
style.textContent = \`
  body { margin: 0; padding: 20px; }
  #b { padding: 10px; border: 0; color: white; background: teal; transition: background 300ms linear, transform 900ms linear; }
  #b:hover { background: darkorange; }
  #b:active { background: crimson; }
  #b.far { transform: translateX(160px); }
\`;
document.head.append(style);
const b = document.createElement('button');
b.id = 'b';
b.textContent = 'Move';
b.addEventListener('click', () => {
  b.classList.toggle('far');
  console.log('moved', b.className);
});
document.body.append(b);
let n = 0;
setInterval(() => n++, 50);
`;

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

async function runProgram(page: Page, name: string, code: string, firstTicks: number) {
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, code);
  // The new run shows (the Timeline counted the old one's ticks until then).
  await waitForOutput(page, `${name} program`);
  await expect(preview(page).locator(`body[data-program="${name}"]`)).toBeAttached({
    timeout: 30_000,
  });
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(firstTicks);
  await pauseRun(page);
}

/**
 * Steps forward `count` ticks from the pause, noting pixels (and `style`, what the program's
 * elements computed) at each; then steps back over them and seeks (End, Home, the slider)
 * to them, expecting the same at every one.
 */
async function expectReplaysIdentical(
  page: Page,
  count: number,
  style: () => Promise<string>,
): Promise<void> {
  const start = await tickOf(page);
  const live = new Map<number, { shot: Buffer; style: string }>();
  for (let i = 1; i <= count; i++) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await waitForPreviewAtTick(page, start + i);
    live.set(start + i, { shot: await restingShot(page), style: await style() });
  }
  const end = start + count;
  const expectSame = async (tick: number) => {
    const want = live.get(tick)!;
    await expect.poll(style, { message: `style at tick ${tick}` }).toBe(want.style);
    await expect
      .poll(async () => (await previewShot(page)).equals(want.shot), {
        message: `pixels at tick ${tick}`,
      })
      .toBe(true);
  };
  for (let tick = end - 1; tick > start; tick--) {
    await page.getByRole('button', { name: 'Step back' }).click();
    await waitForPreviewAtTick(page, tick);
    await expectSame(tick);
  }
  await timeline(page).focus();
  await page.keyboard.press('End');
  await waitForPreviewAtTick(page, end);
  await expectSame(end);
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  // Seeking (as dragging the slider) from the start replays in one go to the tick.
  for (const tick of [start + 2, start + 5]) {
    await timeline(page).fill(String(tick));
    await waitForPreviewAtTick(page, tick);
    await expectSame(tick);
  }
  await expect(consoleLog(page)).not.toContainText('diverged');
}

test('CSS transitions and keyframes replay with the same pixels at every stepped tick', async ({
  page,
}) => {
  await runProgram(page, 'css', CSS_PROGRAM, 3);
  const style = () =>
    preview(page)
      .locator('body')
      .evaluate(
        (body) =>
          `${getComputedStyle(body.querySelector('#box')!).transform} ${getComputedStyle(body.querySelector('#spin')!).transform}`,
      );
  await expectReplaysIdentical(page, 9, style);
});

test('a canvas drawn at the viewport size replays with the same pixels', async ({ page }) => {
  await runProgram(page, 'canvas', CANVAS_PROGRAM, 5);
  const style = () =>
    preview(page)
      .locator('canvas')
      .evaluate((c: HTMLCanvasElement) => `${c.width}x${c.height}`);
  await expectReplaysIdentical(page, 9, style);
});

test('a replay that paints a canvas differently says where it diverged', async ({ page }) => {
  await runProgram(page, 'unreplayable', UNREPLAYABLE_PROGRAM, 12);
  await expect.poll(() => tickOf(page)).toBe(12);
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await page.keyboard.press('End');
  await expect.poll(() => tickOf(page)).toBe(12);
  await expect(consoleLog(page)).toContainText(
    /Replay diverged at tick \d+: the canvas pixels differ/,
  );
});

test("a button's :hover transition is not fingerprinted; the transition its click starts replays", async ({
  page,
}) => {
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, HOVER_PROGRAM);
  // The new run first: the click below must not land in the frame it replaces.
  await waitForOutput(page, 'hover program');
  await expect(preview(page).locator('body[data-program="hover"]')).toBeAttached({
    timeout: 30_000,
  });
  const button = preview(page).getByRole('button', { name: 'Move' });
  // The real pointer hovers and presses it: transitions of :hover and :active start live.
  await button.click();
  await expect(consoleLog(page)).toContainText('moved far');
  await pauseRun(page);
  const end = await tickOf(page);
  const transform = () => button.evaluate((b) => getComputedStyle(b).transform);
  const live = await transform();
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await expect.poll(transform).toBe('none');
  await page.keyboard.press('End');
  await waitForPreviewAtTick(page, end);
  await expect.poll(transform).toBe(live);
  await expect(consoleLog(page)).not.toContainText('diverged');
});
