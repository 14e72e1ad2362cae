import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  createFromTemplate,
  getLoadedApp,
  openFile,
  pauseRun,
  preview,
  replaceEditorText,
  restingShot,
  tickOf,
  waitForOutput,
  waitForPreviewAtTick,
  waitForRun,
} from './helpers';

// Svelte 5 components as a user meets them (issue 37): the template runs, edits reach the
// preview, errors point at the component's lines, and step back is exact over runes and a
// svelte/transition.

const overlay = (page: Page) => page.getByRole('alert', { name: 'Runtime error' });
const problemsList = (page: Page) => page.getByRole('region', { name: 'Problems' });

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await createFromTemplate(page, 'Svelte + TypeScript');
  // The first Svelte build fetches and starts Svelte's compiler in the worker: a wait for a
  // load on a busy machine, not a timing check.
  await expect(preview(page).getByRole('button', { name: 'count is 0' })).toBeVisible({
    timeout: 60_000,
  });
});

test('the Svelte template runs: a click updates the counter, the timer ticks', async ({ page }) => {
  await preview(page).getByRole('button', { name: 'count is 0' }).click();
  await expect(preview(page).getByRole('button', { name: 'count is 1' })).toBeVisible();
  await waitForOutput(page, 'count changed');
  await expect(preview(page).getByText('1 s since the timer appeared')).toBeVisible();
});

const COUNTER = (label: string, color: string) => `<script lang="ts">
  let count: number = $state(0);
  console.log('counter ${label}');
</script>

<button type="button" onclick={() => count++}>${label} {count}</button>

<style>
  button {
    color: ${color};
  }
</style>
`;

test("an edit to a component's markup and scoped style reaches the preview", async ({ page }) => {
  await openFile(page, 'src/lib/Counter.svelte');
  await replaceEditorText(page, COUNTER('clicks:', 'rgb(255, 0, 0)'));
  await waitForOutput(page, 'counter clicks:');
  await expect(preview(page).getByRole('button', { name: 'clicks: 0' })).toHaveCSS(
    'color',
    'rgb(255, 0, 0)',
  );
  // Scoped: the other buttons keep their colour.
  await expect(preview(page).getByRole('button', { name: /the timer/ })).not.toHaveCSS(
    'color',
    'rgb(255, 0, 0)',
  );
});

test('a markup syntax error is listed in Problems at its line', async ({ page }) => {
  await openFile(page, 'src/lib/Counter.svelte');
  await replaceEditorText(
    page,
    '<script lang="ts">\n  let n = $state(1);\n</script>\n\n<p>\n  {n +}\n</p>\n',
  );
  await waitForRun(page, 'Build failed');
  await page.getByRole('button', { name: /^1 error/ }).click();
  await expect(problemsList(page)).toContainText('src/lib/Counter.svelte:6:');
});

test('a runtime error in a component script points at its line', async ({ page }) => {
  await openFile(page, 'src/lib/Counter.svelte');
  await replaceEditorText(
    page,
    `<script lang="ts">
  let count = $state(0);
  function explode(): never {
    throw new Error('exploded in the component');
  }
  explode();
</script>

<button type="button">{count}</button>
`,
  );
  await expect(overlay(page)).toContainText('exploded in the component');
  await expect(
    overlay(page).getByRole('button', { name: /^src\/lib\/Counter\.svelte:4:\d+$/ }),
  ).toBeVisible();
});

/**
 * Runes, a clock every 100 ms, and a 3 s svelte/transition out: steps move it. A fade, not a
 * fly: a layer at a fractional offset is anti-aliased after what it was drawn at before, which
 * a replay's frame never drew (the replay corpus counts those "raster only").
 */
const FADING = `<script lang="ts">
  import { fade } from 'svelte/transition';
  import { linear } from 'svelte/easing';
  let count = $state(0);
  let shown = $state(true);
  let ms = $state(0);
  $effect(() => {
    const id = setInterval(() => (ms += 100), 100);
    return () => clearInterval(id);
  });
  console.log('fading app ready');
</script>

<button type="button" onclick={() => count++}>count is {count}</button>
<button type="button" onclick={() => (shown = !shown)}>toggle</button>
<p>{ms} ms</p>
{#if shown}
  <div class="box" out:fade={{ duration: 3000, easing: linear }}>fading</div>
{/if}

<style>
  /* The real pointer's :hover is the browser's, not the run's: a replay never has it. */
  button, button:hover { background: #5b5bd6; transition: none; }
  .box { width: 120px; height: 60px; background: teal; color: white; }
</style>
`;

test('step back over runes and a svelte/transition gives identical pixels', async ({ page }) => {
  await openFile(page, 'src/App.svelte');
  await replaceEditorText(page, FADING);
  await waitForOutput(page, 'fading app ready');
  await preview(page).getByRole('button', { name: 'count is 0' }).click();
  await expect(preview(page).getByRole('button', { name: 'count is 1' })).toBeVisible();
  await preview(page).getByRole('button', { name: 'toggle' }).click();
  await pauseRun(page);
  // Paused during the outro: the box is still there.
  await expect(preview(page).locator('.box')).toHaveCount(1);
  const start = await tickOf(page);
  const pixels = await restingShot(page);
  for (let i = 1; i <= 3; i++) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect.poll(() => tickOf(page)).toBe(start + i);
  }
  expect((await restingShot(page)).equals(pixels)).toBe(false);
  for (let i = 2; i >= 0; i--) {
    await page.getByRole('button', { name: 'Step back' }).click();
    await waitForPreviewAtTick(page, start + i);
  }
  expect((await restingShot(page)).equals(pixels)).toBe(true);
  await expect(preview(page).getByRole('button', { name: 'count is 1' })).toBeVisible();
  // Played on, the outro ends and Svelte removes the box; no replay diverged on the way.
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(preview(page).locator('.box')).toHaveCount(0);
  await expect(consoleLog(page)).not.toContainText('diverged');
});
