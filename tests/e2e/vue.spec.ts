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

// Vue single-file components as a user meets them (issue 37): the template runs, edits to a
// component reach the preview, errors point at the component's lines, and step back is exact
// over a counter and a <Transition>.

const overlay = (page: Page) => page.getByRole('alert', { name: 'Runtime error' });
const problemsList = (page: Page) => page.getByRole('region', { name: 'Problems' });

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await createFromTemplate(page, 'Vue + TypeScript');
  // The first Vue build fetches and starts Vue's compiler in the worker: on a loaded 2-core
  // machine (load average 30 seen) that passed the 15 s default. A wait, not a timing check.
  await expect(preview(page).getByRole('button', { name: 'count is 0' })).toBeVisible({
    timeout: 60_000,
  });
});

test('the Vue template runs: a click updates the counter, the timer ticks', async ({ page }) => {
  await preview(page).getByRole('button', { name: 'count is 0' }).click();
  await expect(preview(page).getByRole('button', { name: 'count is 1' })).toBeVisible();
  await waitForOutput(page, 'count changed');
  await expect(preview(page).getByText('1 s since the timer appeared')).toBeVisible();
});

const COUNTER = (label: string, color: string) => `<script setup lang="ts">
import { ref } from 'vue';
const count = ref(0);
console.log('counter ${label}');
</script>

<template>
  <button type="button" @click="count++">${label} {{ count }}</button>
</template>

<style scoped>
button {
  color: ${color};
}
</style>
`;

test("an edit to a component's template and scoped style reaches the preview", async ({ page }) => {
  await openFile(page, 'src/components/Counter.vue');
  await replaceEditorText(page, COUNTER('clicks:', 'rgb(255, 0, 0)'));
  await waitForOutput(page, 'counter clicks:');
  const button = preview(page).getByRole('button', { name: 'clicks: 0' });
  await expect(button).toHaveCSS('color', 'rgb(255, 0, 0)');
  // Scoped: the other buttons keep their colour.
  await expect(preview(page).getByRole('button', { name: /the timer/ })).not.toHaveCSS(
    'color',
    'rgb(255, 0, 0)',
  );
  await replaceEditorText(page, COUNTER('taps:', 'rgb(0, 128, 0)'));
  await waitForOutput(page, 'counter taps:');
  await expect(preview(page).getByRole('button', { name: 'taps: 0' })).toHaveCSS(
    'color',
    'rgb(0, 128, 0)',
  );
});

test('a template syntax error is listed in Problems at its line', async ({ page }) => {
  await openFile(page, 'src/components/Counter.vue');
  await replaceEditorText(
    page,
    '<script setup lang="ts">\nconst n = 1;\n</script>\n\n<template>\n  <p>\n    {{ n + }}\n  </p>\n</template>\n',
  );
  await waitForRun(page, 'Build failed');
  await page.getByRole('button', { name: /^1 error/ }).click();
  await expect(problemsList(page)).toContainText('Error parsing JavaScript expression');
  await expect(problemsList(page)).toContainText('src/components/Counter.vue:7:');
});

test('a runtime error in <script setup> points at its line in the component', async ({ page }) => {
  await openFile(page, 'src/components/Counter.vue');
  await replaceEditorText(
    page,
    `<script setup lang="ts">
import { ref } from 'vue';
const count = ref(0);
function explode(): never {
  throw new Error('exploded in setup');
}
explode();
</script>

<template>
  <button type="button">{{ count }}</button>
</template>
`,
  );
  await expect(overlay(page)).toContainText('exploded in setup');
  await expect(
    overlay(page).getByRole('button', { name: /^src\/components\/Counter\.vue:5:\d+$/ }),
  ).toBeVisible();
});

/** A counter, a clock that ticks every 100 ms, and a 3 s leave transition: steps move it. */
const FADING = `<script setup lang="ts">
import { onMounted, ref } from 'vue';
const count = ref(0);
const shown = ref(true);
const ms = ref(0);
onMounted(() => setInterval(() => (ms.value += 100), 100));
console.log('fading app ready');
</script>

<template>
  <button type="button" @click="count++">count is {{ count }}</button>
  <button type="button" @click="shown = !shown">toggle</button>
  <p>{{ ms }} ms</p>
  <Transition name="fade">
    <div v-if="shown" class="box">fading</div>
  </Transition>
</template>

<style scoped>
/* The real pointer's :hover is the browser's, not the run's: a replay never has it. */
button, button:hover { background: #5b5bd6; transition: none; }
.box { width: 120px; height: 60px; background: teal; color: white; }
.fade-leave-active { transition: opacity 3s linear, transform 3s linear; }
.fade-leave-to { opacity: 0; transform: translateX(100px); }
</style>
`;

test('step back over a counter and a <Transition> gives identical pixels', async ({ page }) => {
  await openFile(page, 'src/App.vue');
  await replaceEditorText(page, FADING);
  await waitForOutput(page, 'fading app ready');
  await preview(page).getByRole('button', { name: 'count is 0' }).click();
  await expect(preview(page).getByRole('button', { name: 'count is 1' })).toBeVisible();
  await preview(page).getByRole('button', { name: 'toggle' }).click();
  await expect(preview(page).locator('.box')).toHaveClass(/fade-leave-active/);
  await pauseRun(page);
  // Paused during the leave: the box is still there, partly faded.
  await expect(preview(page).locator('.box')).toHaveClass(/fade-leave-to/);
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
  // Played on, the transition ends and Vue removes the box; no replay diverged on the way.
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(preview(page).locator('.box')).toHaveCount(0);
  await expect(consoleLog(page)).not.toContainText('diverged');
});
