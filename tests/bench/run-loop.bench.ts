import { test, type Page } from '@playwright/test';

// Step back on the Canvas template at tick ~100, ~1,000 and ~5,000: from the click to the
// Timeline resting at the previous tick (the preview rebuilt and replayed, or the parked
// standby swapped in). "without standby" replays from tick 0 in a fresh iframe each time.
// Replay cost per tick is the slope between the tick 100 and tick 5,000 rows (no standby).
// Figures are printed, never asserted.

const TICKS = [100, 1000, 5000];
const SAMPLES = 3;

async function openCanvas(page: Page, standby: boolean) {
  await page.addInitScript((s) => {
    localStorage.setItem('playpen:settings', JSON.stringify({ replayStandby: s }));
  }, standby);
  await page.goto('/');
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('menuitem', { name: /Canvas/ }).click();
  await page.getByRole('button', { name: 'Replace project' }).click();
  await page.getByRole('radio', { name: 'Speed 4×' }).click();
}

const slider = (page: Page) => page.getByRole('slider', { name: 'Timeline' });

async function playTo(page: Page, tick: number) {
  if (await page.getByRole('button', { name: 'Play' }).isVisible())
    await page.getByRole('button', { name: 'Play' }).click();
  while (Number(await slider(page).inputValue()) < tick) await page.waitForTimeout(100);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.waitForTimeout(300);
  return Number(await slider(page).inputValue());
}

/** Clicks Step back and resolves with the ms until the Timeline shows `target`. */
function stepBack(page: Page, target: number): Promise<number> {
  return page.evaluate(async (t) => {
    const range = document.querySelector<HTMLInputElement>('input[type=range]')!;
    const back = document.querySelector<HTMLButtonElement>('button[aria-label="Step back"]')!;
    const t0 = performance.now();
    back.click();
    await new Promise<void>((resolve) => {
      const check = () => {
        if (range.getAttribute('aria-valuenow') === String(t)) resolve();
        else setTimeout(check, 1);
      };
      check();
    });
    return performance.now() - t0;
  }, target);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const standby of [false, true]) {
  test(`step back latency, Canvas template, ${standby ? 'with' : 'without'} standby`, async ({
    page,
  }) => {
    await openCanvas(page, standby);
    const rows: string[] = [];
    for (const goal of TICKS) {
      let tick = await playTo(page, goal);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        // Give the standby (if on) time to replay in the background, as a user's pause would.
        if (standby) await page.waitForTimeout(Math.max(1000, tick / 2));
        samples.push(await stepBack(page, tick - 1));
        tick -= 1;
      }
      rows.push(
        `tick ${tick + SAMPLES}: median ${median(samples).toFixed(0)} ms (${samples.map((s) => s.toFixed(0)).join(', ')})`,
      );
    }
    console.log(`\nStep back, ${standby ? 'with' : 'without'} standby\n${rows.join('\n')}`);
  });
}
