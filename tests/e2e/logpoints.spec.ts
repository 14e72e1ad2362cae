import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  consoleLog,
  createFromTemplate,
  focusEditor,
  getLoadedApp,
  openFile,
  pauseRun,
  preview,
  replaceEditorText,
  runStatus,
  timeline,
  waitForOutput,
  waitForPreviewAtTick,
} from './helpers';

// Each test runs a program, then waits for probed replays of it: long flows on a busy machine.
test.describe.configure({ timeout: 150_000 });

/**
 * A ball that moves 7 px a frame and bounces at the walls for 120 frames, then stops. Every
 * tick after tick 0 is one frame, so tick k shows x after k moves: bounces at ticks 26, 53, 80
 * and 107. Line 10 moves it, line 12 runs only at a bounce, line 19 never runs.
 */
const BALL = `const canvas = document.createElement('canvas');
canvas.width = 200;
const label = document.createElement('p');
label.id = 'state';
document.body.append(canvas, label);
const ctx = canvas.getContext('2d')!;
const ball = { x: 10, vx: 7 };
let frames = 0;
function frame() {
  ball.x += ball.vx;
  if (ball.x > 190 || ball.x < 10) {
    ball.vx = -ball.vx;
  }
  frames++;
  label.textContent = \`x=\${ball.x} vx=\${ball.vx} frames=\${frames}\`;
  ctx.clearRect(0, 0, 200, 100);
  ctx.fillRect(ball.x - 5, 45, 10, 10);
  if (frames > 1000) {
    console.log('never');
  }
  if (frames < 120) requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
console.log('ball ready');
`;

const logpointsTab = (page: Page) => page.getByRole('tab', { name: 'Logpoints' });
const panel = (page: Page) => page.getByRole('tabpanel', { name: 'Logpoints' });
/** The logpoint at `where` (`src/main.ts:10`) in the panel's list. */
const logpoint = (page: Page, where: string): Locator =>
  panel(page).getByRole('listitem').filter({ hasText: where });
/** The text the editor shows after a logpoint's line. */
const afterLine = (page: Page) => page.locator('.pp-logpoint-after').first();

async function runProgram(page: Page, code: string, readyLine: string) {
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, code);
  await waitForOutput(page, readyLine);
}

/** Puts the editor's cursor on `line` of the open file, as Ctrl+G and a line number do. */
async function cursorTo(page: Page, line: number) {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
}

/** Adds a logpoint on `line` from the panel and gives it `expression` (Enter keeps it). */
async function addLogpoint(page: Page, line: number, expression?: string) {
  await cursorTo(page, line);
  await logpointsTab(page).click();
  await panel(page).getByRole('button', { name: 'Add logpoint' }).click();
  const field = panel(page).getByRole('textbox', { name: 'Logpoint expression' });
  await expect(field).toBeFocused();
  if (expression !== undefined) await field.fill(expression);
  await field.press('Enter');
  await expect(field).toBeHidden();
}

/** Runs the ball to its end (120 frames) and pauses there. */
async function ballAtItsEnd(page: Page) {
  await runProgram(page, BALL, 'ball ready');
  await expect(preview(page).locator('#state')).toHaveText(/frames=120$/, { timeout: 60_000 });
  await pauseRun(page);
}

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
});

test('a logpoint lists one hit per frame with the values the line had, and Go to tick seeks there', async ({
  page,
}) => {
  await ballAtItsEnd(page);
  await cursorTo(page, 10);
  await logpointsTab(page).click();
  await panel(page).getByRole('button', { name: 'Add logpoint' }).click();
  // Its expression starts as the names the line assigns and reads.
  const field = panel(page).getByRole('textbox', { name: 'Logpoint expression' });
  await expect(field).toHaveValue('ball.x, ball.vx');
  await field.press('Enter');

  const item = logpoint(page, 'src/main.ts:10');
  await expect(item).toContainText('ball.x, ball.vx');
  await expect(item).toContainText('120 hits', { timeout: 60_000 });
  const hits = panel(page).getByRole('list', { name: 'Hits of src/main.ts:10' });
  // After the first frame's move: x is 17.
  await expect(hits.getByRole('listitem').first()).toContainText('Go to tick 1');
  await expect(hits.getByRole('listitem').first()).toContainText('17');
  await hits.getByRole('button', { name: 'Go to tick 5', exact: true }).click();
  await waitForPreviewAtTick(page, 5);
  // The preview and the value after the line agree: x after five moves of 7 from 10.
  await expect(preview(page).locator('#state')).toHaveText('x=45 vx=7 frames=5');
  await expect(afterLine(page)).toContainText('ball.x = 45, ball.vx = 7 · hit 5 of 120');
  // The run's own console never shows what a logpoint read.
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(consoleLog(page)).toContainText('ball ready');
  await expect(consoleLog(page)).not.toContainText('ball.x');
});

test('Previous hit and Next hit land on the ticks the cursor’s line ran; a line that never ran looks different', async ({
  page,
}) => {
  await ballAtItsEnd(page);
  await cursorTo(page, 12);
  await logpointsTab(page).click();
  const status = panel(page).getByRole('status', { name: 'Cursor line runs' });
  await expect(status).toHaveText('src/main.ts:12 ran 4 times in 4 ticks, 26–107.', {
    timeout: 60_000,
  });
  await panel(page).getByRole('button', { name: 'Previous hit' }).click();
  await waitForPreviewAtTick(page, 107);
  await expect(preview(page).locator('#state')).toHaveText('x=3 vx=7 frames=107');
  await panel(page).getByRole('button', { name: 'Previous hit' }).click();
  await waitForPreviewAtTick(page, 80);
  await expect(preview(page).locator('#state')).toHaveText('x=192 vx=-7 frames=80');
  await panel(page).getByRole('button', { name: 'Next hit' }).click();
  await waitForPreviewAtTick(page, 107);
  await expect(page.locator('.pp-line-never')).not.toHaveCount(0);
  await expect(page.locator('.pp-line-ran')).not.toHaveCount(0);
  await cursorTo(page, 19);
  await expect(status).toHaveText('src/main.ts:19 never ran.');
  await expect(panel(page).getByRole('button', { name: 'Previous hit' })).toBeDisabled();
});

test('a logpoint never runs a getter: the value says so and the program is unchanged', async ({
  page,
}) => {
  await runProgram(
    page,
    `let reads = 0;
const thing = {
  plain: 1,
  get count() {
    reads++;
    return 42;
  },
};
let n = 0;
const timer = setInterval(() => {
  n++;
  console.log(\`beat \${n}, getter read \${reads} times\`);
  if (n === 5) clearInterval(timer);
}, 100);
console.log('getter ready');
`,
    'getter ready',
  );
  await waitForOutput(page, 'beat 5, getter read 0 times');
  await pauseRun(page);
  await addLogpoint(page, 11, 'thing.count, thing.plain, n');
  const item = logpoint(page, 'src/main.ts:11');
  await expect(item).toContainText('5 hits', { timeout: 60_000 });
  const hits = panel(page).getByRole('list', { name: 'Hits of src/main.ts:11' });
  await expect(hits.getByRole('listitem').last()).toContainText('getter');
  await expect(hits.getByRole('listitem').last()).toContainText('5');
  // Had the probe run the getter, the replay's console would differ and the logpoint say so.
  await expect(item).not.toContainText('changed the program');
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(consoleLog(page)).toContainText('beat 5, getter read 0 times');
});

test('logpoints in an async function and in a React component’s render', async ({ page }) => {
  await createFromTemplate(page, 'React + TypeScript');
  await waitForOutput(page, 'count changed');
  await openFile(page, 'src/App.tsx');
  await replaceEditorText(
    page,
    `import { useEffect, useState } from 'react';

async function doubled(n: number) {
  const value = await Promise.resolve(n * 2);
  return value;
}

export default function App() {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (count >= 8) return;
    const timer = setTimeout(() => void doubled(count).then(setCount), 100);
    return () => clearTimeout(timer);
  }, [count]);
  return <p>count is {count}</p>;
}
console.log('doubling ready');
`,
  );
  await waitForOutput(page, 'doubling ready');
  await expect(preview(page).getByText('count is 8')).toBeVisible({ timeout: 30_000 });
  await pauseRun(page);
  await addLogpoint(page, 4, 'n, value');
  await addLogpoint(page, 9, 'count');
  await logpoint(page, 'src/App.tsx:4').getByRole('button', { name: 'src/App.tsx:4' }).click();
  await expect(logpoint(page, 'src/App.tsx:4')).toContainText('3 hits', { timeout: 60_000 });
  // Read once the await resumed: n and what it doubled to.
  const awaited = panel(page).getByRole('list', { name: 'Hits of src/App.tsx:4' });
  await expect(awaited.getByRole('listitem')).toHaveText([
    /n: 1\s*value: 2$/,
    /n: 2\s*value: 4$/,
    /n: 4\s*value: 8$/,
  ]);
  await expect(logpoint(page, 'src/App.tsx:4')).not.toContainText('changed the program');
  await expect(logpoint(page, 'src/App.tsx:9')).toContainText('4 hits', { timeout: 60_000 });
  await logpoint(page, 'src/App.tsx:9').getByRole('button', { name: 'src/App.tsx:9' }).click();
  const renders = panel(page).getByRole('list', { name: 'Hits of src/App.tsx:9' });
  await expect(renders.getByRole('listitem')).toHaveText([/1$/, /2$/, /4$/, /8$/]);
});

test('a logpoint with a syntax error says so at the logpoint, not in the console', async ({
  page,
}) => {
  await ballAtItsEnd(page);
  await addLogpoint(page, 10, 'ball.x +');
  const item = logpoint(page, 'src/main.ts:10');
  await expect(item).toContainText(/ball\.x \+/);
  await expect(item.locator('.pp-logpoint__status--error')).toContainText('Syntax error', {
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(consoleLog(page)).toContainText('ball ready');
  await expect(consoleLog(page)).not.toContainText('Syntax error');
});

test('a logpoint moves with its line when the code above changes, and survives a reload', async ({
  page,
}) => {
  await ballAtItsEnd(page);
  await addLogpoint(page, 10, 'ball.x');
  await expect(logpoint(page, 'src/main.ts:10')).toContainText('120 hits', { timeout: 60_000 });
  await cursorTo(page, 1);
  await page.keyboard.type('// the ball\n');
  await expect(logpoint(page, 'src/main.ts:11')).toBeVisible();
  // The edit's run replays with the logpoint on its new line.
  await expect(afterLine(page)).toContainText('ball.x = ', { timeout: 60_000 });
  await page.reload();
  await expect(runStatus(page)).toHaveText(/Running|Paused/, { timeout: 60_000 });
  await logpointsTab(page).click();
  await expect(logpoint(page, 'src/main.ts:11')).toContainText('ball.x');
  await expect(logpoint(page, 'src/main.ts:11')).toContainText(/[1-9]\d* hits/, {
    timeout: 60_000,
  });
});

test('a shared run with logpoints opens with the same hits', async ({ page, context }) => {
  await ballAtItsEnd(page);
  await addLogpoint(page, 10, 'ball.x');
  await expect(logpoint(page, 'src/main.ts:10')).toContainText('120 hits', { timeout: 60_000 });
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await waitForPreviewAtTick(page, 0);
  await page.keyboard.press('ArrowRight');
  await waitForPreviewAtTick(page, 1);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await dialog.getByText('Include this run').click();
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toContain('#code/');

  const other = await context.newPage();
  await other.goto(link);
  await expect(runStatus(other)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(other, 1);
  await logpointsTab(other).click();
  await expect(logpoint(other, 'src/main.ts:10')).toContainText('120 hits', { timeout: 60_000 });
  await expect(afterLine(other)).toContainText('ball.x = 17 · hit 1 of 120');
});

// Components (issue 37): a logpoint in a .svelte or .vue file lands on the component's own line,
// through the compiler's and esbuild's maps.
test('a logpoint in a Svelte component lists each run of its effect, and Go to tick seeks there', async ({
  page,
}) => {
  await createFromTemplate(page, 'Svelte + TypeScript');
  // The first component build loads Svelte's compiler in the worker: a load, not a timing.
  const button = (n: number) => preview(page).getByRole('button', { name: `count is ${n}` });
  await expect(button(0)).toBeVisible({ timeout: 60_000 });
  for (let n = 0; n < 3; n++) {
    await button(n).click();
    await expect(button(n + 1)).toBeVisible();
  }
  await pauseRun(page);
  await openFile(page, 'src/lib/Counter.svelte');
  // Line 6 logs in the $effect: once as the component mounts, then once per click.
  await addLogpoint(page, 6, 'count');
  await expect(logpoint(page, 'src/lib/Counter.svelte:6')).toContainText('4 hits', {
    timeout: 60_000,
  });
  const hits = panel(page).getByRole('list', { name: 'Hits of src/lib/Counter.svelte:6' });
  await expect(hits.getByRole('listitem').first()).toContainText('Go to tick 0');
  await hits.getByRole('listitem').first().getByRole('button').first().click();
  await expect(button(0)).toBeVisible();
});

test('a logpoint in a Vue component lands on its script setup line', async ({ page }) => {
  await createFromTemplate(page, 'Vue + TypeScript');
  await expect(preview(page).getByRole('button', { name: 'count is 0' })).toBeVisible({
    timeout: 60_000,
  });
  await pauseRun(page);
  await openFile(page, 'src/components/Counter.vue');
  // Line 7 (the watch) runs once, as the component is set up. (A ref's value is a getter,
  // which logpoints do not call: the expression reads the ref itself.)
  await addLogpoint(page, 7, 'count');
  await expect(logpoint(page, 'src/components/Counter.vue:7')).toContainText('1 hit', {
    timeout: 60_000,
  });
  await expect(afterLine(page)).toContainText('· hit 1 of 1');
});
