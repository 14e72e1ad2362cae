import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  restingShot,
  runStatus,
  tickOf,
  timeline,
  waitForOutput,
  pauseRun,
  waitForPreviewAtTick,
} from './helpers';
import { findChromium } from './chromium';
import { decodeFragment, encodeProject } from '../../src/project/share/share-codec';

// A run is played, shared, then replayed in a second page: long flows on a busy machine.
test.describe.configure({ timeout: 240_000 });

const frame = (page: Page) => page.locator('iframe[title="Preview"]');
const includeRun = (page: Page) => page.getByRole('checkbox', { name: 'Include this run' });

/** A counter button and a ticking line, so ticks pass between the clicks. */
const COUNTER = `const b = document.createElement('button');
const p = document.createElement('p');
let count = 0;
let beats = 0;
b.textContent = 'Clicked 0';
b.addEventListener('click', () => {
  count += 1;
  b.textContent = 'Clicked ' + count;
  console.log('click', count, Math.random().toFixed(6));
});
setInterval(() => {
  beats += 1;
  p.textContent = 'beat ' + beats + ' at ' + new Date().toISOString();
}, 200);
document.body.replaceChildren(b, p);
console.log('counter ready');
`;

async function runProgram(page: Page, code: string) {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, code);
}

/**
 * Counts the frames the page shows as its preview, from its first script on: every replay the
 * user waits for (a run from tick 0, a step back from a checkpoint) shows a frame of its own.
 */
async function countShownPreviews(page: Page) {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const shown = new WeakSet<Element>();
    const counter = window as unknown as { previewsShown: number };
    counter.previewsShown = 0;
    new MutationObserver(() => {
      // Array.from: the tests' tsconfig has no DOM iterables.
      for (const frame of Array.from(document.querySelectorAll('iframe[title="Preview"]')))
        if (!shown.has(frame)) {
          shown.add(frame);
          counter.previewsShown++;
        }
    }).observe(document, { subtree: true, childList: true, attributeFilter: ['title'] });
  });
  return () => page.evaluate(() => (window as unknown as { previewsShown: number }).previewsShown);
}

async function openShare(page: Page) {
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a shared run opens paused at the sender’s tick with the same pixels and console', async ({
  page,
  context,
}) => {
  await runProgram(page, COUNTER);
  // The new run first: the clicks below must not land in the frame it replaces.
  await waitForOutput(page, 'counter ready');
  const button = preview(page).getByRole('button', { name: /Clicked/ });
  await expect(button).toHaveText('Clicked 0', { timeout: 30_000 });
  for (let i = 1; i <= 3; i++) {
    await button.click();
    await expect(button).toHaveText(`Clicked ${i}`);
  }
  await pauseRun(page);
  const last = await tickOf(page);
  // The sender looks at an earlier tick: the receiver must land there and still reach the end.
  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, last - 1);
  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, last - 2);
  // The step back's frame may be a hidden checkpoint shown only now: its pixels once painted.
  const pixels = await restingShot(page);
  const log = await consoleLog(page).innerText();
  expect(log).toContain('click 3');

  const dialog = await openShare(page);
  await expect(dialog.getByRole('textbox', { name: 'Link' })).not.toHaveValue('');
  await dialog.getByText('Include this run').click();
  await expect(includeRun(page)).toBeChecked();
  await expect(dialog).toContainText(`Opens paused at tick ${last - 2} of ${last}`);
  await expect(dialog.getByText(/^[\d,]+ characters$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.close();

  const other = await context.newPage();
  const previewsShown = await countShownPreviews(other);
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(other, last - 2);
  await expect(timeline(other)).toHaveAttribute('aria-valuemax', String(last));
  // The recording replayed once, straight to the sender's tick: one preview shown.
  expect(await previewsShown()).toBe(1);
  await expect(preview(other).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 3');
  await expect
    .poll(async () => (await frame(other).screenshot({ caret: 'initial' })).equals(pixels))
    .toBe(true);
  await expect.poll(() => consoleLog(other).innerText()).toBe(log);
  await expect(consoleLog(other)).not.toContainText('diverged');

  // The whole recording is there: back before the clicks, and forward to the sender's end.
  await timeline(other).focus();
  await other.keyboard.press('Home');
  await waitForPreviewAtTick(other, 0);
  await expect(preview(other).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 0');
  await timeline(other).focus();
  await other.keyboard.press('End');
  await waitForPreviewAtTick(other, last);
  await expect(preview(other).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 3');
  await other.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(other, last - 1);
  await expect(consoleLog(other)).not.toContainText('diverged');
});

test('a run too long for a link is refused, and cutting it at the current tick fits', async ({
  page,
}) => {
  // A 100 KB response: more than the 64 KB of fetch bodies a link carries.
  await runProgram(
    page,
    `const b = document.createElement('button');
b.textContent = 'Load';
b.addEventListener('click', async () => {
  const text = Array.from({ length: 100000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
  const r = await fetch('data:text/plain,' + text);
  console.log('loaded', (await r.text()).length);
});
document.body.replaceChildren(b);
console.log('loader ready');
`,
  );
  // The new run first: the click below must not land in the frame it replaces.
  await waitForOutput(page, 'loader ready');
  const button = preview(page).getByRole('button', { name: 'Load' });
  await button.click();
  await expect(consoleLog(page)).toContainText('loaded 100000', { timeout: 30_000 });
  await pauseRun(page);
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await waitForPreviewAtTick(page, 0);

  const dialog = await openShare(page);
  await dialog.getByText('Include this run').click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'fetch responses' });
  await expect(refusal).toContainText('a link carries at most 64 KB of them');
  await expect(refusal).toContainText('Cut the recording at tick 0');
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue('');

  await refusal.getByRole('button', { name: 'Cut at tick 0' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(dialog).toContainText('Opens paused at tick 0 of 0');
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link.length).toBeLessThan(65_536);
});

/** Draws from the viewport and logs what the program reads of its device at tick 0. */
const DEVICE = `document.body.style.margin = '0';
document.body.style.overflow = 'hidden';
const canvas = document.createElement('canvas');
canvas.style.display = 'block';
document.body.append(canvas);
const ctx = canvas.getContext('2d')!;
console.log('viewport', innerWidth + 'x' + innerHeight, 'dpr', devicePixelRatio);
console.log('dark', matchMedia('(prefers-color-scheme: dark)').matches, 'reduce', matchMedia('(prefers-reduced-motion: reduce)').matches);
let t = 0;
setInterval(() => {
  t++;
  canvas.width = innerWidth;
  canvas.height = innerHeight;
  ctx.fillStyle = 'navy';
  ctx.fillRect((t * 13) % innerWidth, innerHeight / 2 - 20, 40, 40);
  ctx.fillRect(innerWidth - 30, innerHeight - 30, 20, 20);
  ctx.fillText(innerWidth + 'x' + innerHeight + ' beat ' + t, 10, 20);
}, 100);
`;

/** Shares the current run from the Share dialog; the link. */
async function shareRun(page: Page) {
  const dialog = await openShare(page);
  await dialog.getByText('Include this run').click();
  await expect(includeRun(page)).toBeChecked();
  await expect(dialog).toContainText(/Opens paused at tick \d+/);
  return dialog.getByRole('textbox', { name: 'Link' }).inputValue();
}

/**
 * What the preview shows: its size and its pixels, all of them a canvas the viewport's size
 * (a screenshot of the iframe element would also depend on where the pane sits in the page).
 */
const look = (page: Page) =>
  preview(page)
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const url = c.toDataURL();
      let h = 0;
      for (let i = 0; i < url.length; i++) h = (Math.imul(h, 31) + url.charCodeAt(i)) | 0;
      return `${innerWidth}x${innerHeight} canvas ${c.width}x${c.height} #${h}`;
    });

/** Runs DEVICE, lets it draw, pauses and steps back once: the sender's tick and what it shows. */
async function recordDeviceRun(page: Page) {
  await runProgram(page, DEVICE);
  await expect(consoleLog(page)).toContainText('viewport', { timeout: 30_000 });
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
  await pauseRun(page);
  const last = await tickOf(page);
  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, last - 1);
  return { tick: last - 1, last, look: await look(page) };
}

test('a shared run replays at the sender’s preview size in a page of another size', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const sent = await recordDeviceRun(page);
  const log = await consoleLog(page).innerText();
  const link = await shareRun(page);
  await page.close();

  // A bigger window: its preview pane is larger than the sender's was.
  const other = await context.newPage();
  await other.setViewportSize({ width: 1600, height: 1000 });
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(other, sent.tick);
  await expect(timeline(other)).toHaveAttribute('aria-valuemax', String(sent.last));
  await expect.poll(() => consoleLog(other).innerText()).toBe(log);
  await expect.poll(() => look(other)).toBe(sent.look);
});

// A checkpoint moved on before its frame booted once replayed at the pane's size ("Replay
// diverged at tick 18: the viewport was 507×383@1, replay 635×551@1"): parked-frames.ts.
test('stepping through a shared run at another size keeps the sender’s size', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const sent = await recordDeviceRun(page);
  const link = await shareRun(page);
  await page.close();
  const other = await context.newPage();
  await other.setViewportSize({ width: 1600, height: 1000 });
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(other, sent.tick);
  // Stepping through it replays at that size too.
  await other.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(other, sent.tick - 1);
  await other.getByRole('button', { name: 'Step forward' }).click();
  await waitForPreviewAtTick(other, sent.tick);
  await expect.poll(() => look(other)).toBe(sent.look);
  await expect(consoleLog(other)).not.toContainText('diverged');
});

// Playwright's deviceScaleFactor does not reach the preview (an out-of-process iframe):
// the sender's browser is started at 2× instead. Dark mode and reduced motion come from the
// browser too: emulated by the context, the preview's reduced motion flickered off for a tick
// or two as the run started, a change the run now records (an environment tick).
test('a run recorded at 2× in dark mode replays its reads in a 1× light browser, and says what CSS cannot match', async ({
  page,
  playwright,
}) => {
  const sharp = await playwright.chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--force-device-scale-factor=2',
      '--force-dark-mode',
      '--force-prefers-reduced-motion',
    ],
  });
  const sharpContext = await sharp.newContext({
    baseURL: test.info().project.use.baseURL,
    // No emulation: the browser's own (its flags above).
    colorScheme: null,
    reducedMotion: null,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const sender = await sharpContext.newPage();
  const sent = await recordDeviceRun(sender);
  const log = consoleLog(sender);
  await expect(log).toContainText('dpr 2');
  await expect(log).toContainText('dark true reduce true');
  // The sender's own replays ran in the same browser: nothing to say.
  await expect(log).not.toContainText('browser differs');
  const link = await shareRun(sender);
  await sharp.close();

  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.goto(link);
  await expect(runStatus(page)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(page, sent.tick);
  const got = consoleLog(page);
  await expect(got).toContainText('dpr 2');
  await expect(got).toContainText('dark true reduce true');
  await expect(got).toContainText(
    'This replay’s browser differs from the recorded run: device pixel ratio is 1 here, 2 in the run; prefers-color-scheme is light here, dark in the run; prefers-reduced-motion is no-preference here, reduce in the run.',
  );
  // Said once, and kept in the console when a step back refills it.
  await page.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(page, sent.tick - 1);
  await expect(got.getByText('This replay’s browser differs')).toHaveCount(1);
  await expect(got).not.toContainText('diverged');
});

/** A line that beats `beats` times, 100 ms apart, then waits for nothing: no timer is left. */
const beating = (beats: number) => `const p = document.createElement('p');
document.body.replaceChildren(p);
let beats = 0;
const beat = () => {
  beats += 1;
  p.textContent = 'beat ' + beats;
  console.log('beat', beats);
  if (beats < ${beats}) setTimeout(beat, 100);
};
setTimeout(beat, 100);
console.log('beats ready');
`;

/**
 * A link to a run of 8 beats, shared at tick 2, whose code was changed to beat 4 times: its
 * replay lands, then runs out of timers ticks before the sender's last tick. The link is the
 * app's own (its codec), as a sender whose program differs from the receiver's would make.
 */
async function linkThatRunsOut(page: Page) {
  await runProgram(page, beating(8));
  await waitForOutput(page, 'beat 8');
  await pauseRun(page);
  const last = await tickOf(page);
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await waitForPreviewAtTick(page, 0);
  for (const tick of [1, 2]) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await waitForPreviewAtTick(page, tick);
  }
  const sent = new URL(await shareRun(page));
  await page.close();
  const decoded = decodeFragment(sent.hash);
  if (!decoded.ok || !decoded.options.run) throw new Error('the shared link has no run');
  expect(decoded.options.run).toMatchObject({ tick: 2, lastTick: last });
  const { project, options } = decoded;
  const files = { ...project.files, 'src/main.ts': { kind: 'text' as const, text: beating(4) } };
  const fragment = encodeProject({ ...project, files }, options);
  return { link: `${sent.origin}${sent.pathname}#${fragment}`, last };
}

const STOPPED =
  /The shared run stopped at tick (\d+) of (\d+): this replay differs from the sender’s run\./;

/** The tick the console's notice says the replay stopped at (the sender's last is `last`). */
async function stoppedAt(page: Page, last: number) {
  const notice = consoleLog(page).getByText(STOPPED);
  await expect(notice).toHaveCount(1, { timeout: 60_000 });
  const [, tick, of] = STOPPED.exec(await notice.innerText())!;
  expect(Number(of)).toBe(last);
  return Number(tick);
}

/** At `tick`, the end of what this replay can reach: the timeline ends there, nothing is ahead. */
/** The link of `linkThatRunsOut`, opened in a new page of `context` and landed at tick 2. */
async function openLanded(page: Page, context: BrowserContext) {
  const { link, last } = await linkThatRunsOut(page);
  const other = await context.newPage();
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(other, 2);
  return { other, last };
}

async function endsAt(page: Page, tick: number) {
  await expect(timeline(page)).toHaveAttribute('aria-valuemax', String(tick));
  await expect(preview(page).getByText('beat 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Step forward' })).toBeDisabled();
}

test('a shared run whose replay runs out past the sender’s tick says so, and ends there', async ({
  page,
  context,
}) => {
  const { other, last } = await openLanded(page, context);
  await expect(timeline(other)).toHaveAttribute('aria-valuemax', String(last));
  await expect(consoleLog(other)).not.toContainText('stopped at tick');

  // End asks for the sender's last tick: the replay runs out of timers after beat 4.
  await timeline(other).focus();
  await other.keyboard.press('End');
  const tick = await stoppedAt(other, last);
  expect(tick).toBeLessThan(last);
  await waitForPreviewAtTick(other, tick);
  await endsAt(other, tick);
  // End again stays, and says nothing more; the ticks it did run are there to step through.
  await timeline(other).focus();
  await other.keyboard.press('End');
  await other.getByRole('button', { name: 'Step back' }).click();
  await waitForPreviewAtTick(other, tick - 1);
  await other.getByRole('button', { name: 'Step forward' }).click();
  await waitForPreviewAtTick(other, tick);
  await endsAt(other, tick);
  await expect(consoleLog(other).getByText(STOPPED)).toHaveCount(1);
});

test('Play through a shared run that runs out says so, and leaves nothing to step to', async ({
  page,
  context,
}) => {
  const { other, last } = await openLanded(page, context);

  await other.getByRole('button', { name: 'Play' }).click();
  const tick = await stoppedAt(other, last);
  await expect.poll(() => tickOf(other)).toBe(tick);
  await expect(timeline(other)).toHaveAttribute('aria-valuemax', String(tick));
  await pauseRun(other);
  await endsAt(other, tick);
});
