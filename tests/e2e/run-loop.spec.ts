import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  createFromTemplate,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
} from './helpers';

const timeline = (page: Page) => page.getByRole('slider', { name: 'Timeline' });
const tickOf = async (page: Page) => Number(await timeline(page).inputValue());
const frame = (page: Page) => page.locator('iframe[title="Preview"]');

async function openCanvas(page: Page) {
  await createFromTemplate(page, 'Canvas');
  await expect(preview(page).locator('#frames')).toHaveText(/Frame [1-9]/, { timeout: 30_000 });
}

async function pause(page: Page) {
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
}

/** Waits until the timeline rests at `tick` (a replay or a step has finished). */
async function atTick(page: Page, tick: number) {
  await expect.poll(() => tickOf(page)).toBe(tick);
  await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled();
}

async function seek(page: Page, key: 'Home' | 'End') {
  await timeline(page).focus();
  await page.keyboard.press(key);
}

async function runProgram(page: Page, code: string) {
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, code);
}

// Each test loads a template, plays, then replays: long flows on a shared, noisy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

test('after Pause the canvas preview stays still for a second', async ({ page }) => {
  await openCanvas(page);
  await pause(page);
  const first = await frame(page).screenshot();
  await page.waitForTimeout(1000);
  expect((await frame(page).screenshot()).equals(first)).toBe(true);
});

test('Step forward moves the Timeline by exactly one tick', async ({ page }) => {
  await openCanvas(page);
  await pause(page);
  const before = await tickOf(page);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect.poll(() => tickOf(page)).toBe(before + 1);
  await expect(timeline(page)).toHaveAttribute('aria-valuenow', String(before + 1));
  await expect(timeline(page)).toHaveAttribute('aria-valuemax', String(before + 1));
});

test('three steps forward and three back show the same pixels and console', async ({ page }) => {
  await openCanvas(page);
  await pause(page);
  const start = await tickOf(page);
  const pixels = await frame(page).screenshot();
  const log = await consoleLog(page).innerText();
  for (let i = 1; i <= 3; i++) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect.poll(() => tickOf(page)).toBe(start + i);
  }
  expect((await frame(page).screenshot()).equals(pixels)).toBe(false);
  for (let i = 2; i >= 0; i--) {
    await page.getByRole('button', { name: 'Step back' }).click();
    await atTick(page, start + i);
  }
  await expect(preview(page).locator('#frames')).toBeVisible();
  await expect.poll(async () => (await frame(page).screenshot()).equals(pixels)).toBe(true);
  expect(await consoleLog(page).innerText()).toBe(log);
});

test('seeking to 0 and back replays Math.random and Date output identically', async ({ page }) => {
  await runProgram(
    page,
    `let n = 0;
console.log('start', Math.random(), Date.now());
const id = setInterval(() => {
  n += 1;
  console.log('tick', n, Math.random().toFixed(8), new Date().toISOString(), crypto.randomUUID());
  if (n === 5) clearInterval(id);
}, 40);
`,
  );
  await expect(consoleLog(page)).toContainText('tick 5', { timeout: 30_000 });
  await pause(page);
  const log = await consoleLog(page).innerText();
  const last = await tickOf(page);
  await seek(page, 'Home');
  await atTickZero(page);
  await expect(consoleLog(page)).not.toContainText('tick 1');
  await expect(consoleLog(page)).toContainText('start');
  await seek(page, 'End');
  await atTick(page, last);
  expect(await consoleLog(page).innerText()).toBe(log);
  // Clicking a console entry's tick seeks there: the console then ends with that entry.
  await consoleLog(page)
    .locator('.pp-entry', { hasText: 'tick 3' })
    .getByRole('button', { name: /Go to tick/ })
    .click();
  await expect(consoleLog(page)).not.toContainText('tick 4');
  await expect(consoleLog(page)).toContainText('tick 3');
});

async function atTickZero(page: Page) {
  await expect.poll(() => tickOf(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Step forward' })).toBeEnabled();
}

test('a click counter clicked three times keeps its count after seeking to 0 and back', async ({
  page,
}) => {
  await runProgram(
    page,
    `const b = document.createElement('button');
let count = 0;
b.textContent = 'Clicked 0';
b.addEventListener('click', () => {
  count += 1;
  b.textContent = 'Clicked ' + count;
  console.log('click', count, Math.random().toFixed(6));
});
document.body.replaceChildren(b);
`,
  );
  const button = preview(page).getByRole('button', { name: /Clicked/ });
  await expect(button).toHaveText('Clicked 0', { timeout: 30_000 });
  for (let i = 1; i <= 3; i++) {
    await button.click();
    await expect(button).toHaveText(`Clicked ${i}`);
  }
  await pause(page);
  const log = await consoleLog(page).innerText();
  const last = await tickOf(page);
  await seek(page, 'Home');
  await atTickZero(page);
  await expect(preview(page).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 0');
  await seek(page, 'End');
  await atTick(page, last);
  await expect(preview(page).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 3');
  expect(await consoleLog(page).innerText()).toBe(log);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

test('a React app with useState and effects pauses and replays', async ({ page }) => {
  await createFromTemplate(page, 'React + TypeScript');
  const button = preview(page).getByRole('button', { name: /count/i });
  await expect(button).toHaveText('count is 0', { timeout: 30_000 });
  await button.click();
  await button.click();
  await expect(button).toHaveText('count is 2');
  await expect(consoleLog(page)).toContainText('count: 2');
  await pause(page);
  const log = await consoleLog(page).innerText();
  const last = await tickOf(page);
  await seek(page, 'Home');
  await atTickZero(page);
  // React renders after tick 0 (its scheduler runs on the virtual clock): step until it has.
  const replayed = preview(page).getByRole('button', { name: /count/i });
  for (let i = 1; i <= 10 && !(await replayed.isVisible()); i++) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await atTick(page, i);
  }
  await expect(replayed).toHaveText('count is 0');
  await seek(page, 'End');
  await atTick(page, last);
  await expect(preview(page).getByRole('button', { name: /count/i })).toHaveText('count is 2');
  expect(await consoleLog(page).innerText()).toBe(log);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

test('Step forward and Step back say in a tooltip why they are unavailable', async ({ page }) => {
  await runProgram(page, "console.log('only tick 0');\n");
  await expect(consoleLog(page)).toContainText('only tick 0', { timeout: 30_000 });
  await pause(page);
  const forward = page.getByRole('button', { name: 'Step forward' });
  await expect(forward).toBeDisabled();
  await forward.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: /Nothing pending/ })).toBeVisible();
  const back = page.getByRole('button', { name: 'Step back' });
  await expect(back).toBeDisabled();
  await back.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: /At the first tick/ })).toBeVisible();
});

test('a full history keeps the newest ticks and says older ones fell out of reach', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const length = dialog.getByRole('textbox', { name: 'History length (ticks)' });
  await length.fill('1000');
  await length.press('Enter');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await openCanvas(page);
  await page.getByRole('radio', { name: 'Speed 4×' }).click();
  await expect
    .poll(async () => Number(await timeline(page).getAttribute('aria-valuemin')), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  await pause(page);
  const oldest = Number(await timeline(page).getAttribute('aria-valuemin'));
  const last = Number(await timeline(page).getAttribute('aria-valuemax'));
  expect(last - oldest).toBeLessThanOrEqual(1000);
  await expect(timeline(page)).toHaveAttribute('aria-valuenow', String(last));
  await expect(page.getByText(`ticks before ${oldest} dropped`)).toBeVisible();
  // The slider stops at the oldest kept tick; Step back there says why it cannot go on.
  await seek(page, 'Home');
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBe(oldest);
  const back = page.getByRole('button', { name: 'Step back' });
  await expect(back).toBeDisabled();
  // Keyboard users get the reason on focus (the seek above was by keyboard).
  await back.focus();
  await expect(
    page.getByRole('tooltip').filter({ hasText: /At the oldest recorded tick/ }),
  ).toBeVisible();
});
