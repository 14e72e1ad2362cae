import { test, type Page } from '@playwright/test';
import { createFromTemplate } from '../e2e/helpers';

// Step back on the Canvas template at tick ~100, ~1,000 and ~5,000: from the click to the
// Timeline resting at the previous tick (the preview rebuilt and replayed, or a parked
// checkpoint swapped in). Three settings of Settings › Run loop:
// - "no checkpoints": Instant step back off, every step back replays from tick 0;
// - "standby only": one parked preview at the tick before the current one;
// - "checkpoints": the default, parked previews at spaced ticks.
// Two ways of stepping back: "after a pause" waits as a user reading the preview would (the
// parked previews catch up in the background); "in a row" clicks Step back again as soon as
// the previous one landed (what was parked for the tick before is used up).
// Replay cost per tick is the slope between the tick 100 and tick 5,000 rows (no checkpoints).
// Figures are printed, never asserted (docs/architecture.md, "Tests and checks").

// PLAYPEN_BENCH_TICKS=100,1000 measures fewer ticks (a quick look on a busy machine).
const TICKS = (process.env.PLAYPEN_BENCH_TICKS ?? '100,1000,5000').split(',').map(Number);
const SAMPLES = 3;
const GOAL_MS = 150;

type Mode = 'no checkpoints' | 'standby only' | 'checkpoints';
const SETTINGS: Record<Mode, object> = {
  'no checkpoints': { replayStandby: false },
  'standby only': { replayStandby: true, replayCheckpoints: 1 },
  checkpoints: { replayStandby: true },
};

async function openCanvas(page: Page, mode: Mode) {
  await page.addInitScript((s) => {
    localStorage.setItem('playpen:settings', JSON.stringify(s));
  }, SETTINGS[mode]);
  await page.goto('/');
  await createFromTemplate(page, 'Canvas');
  await page.getByRole('radio', { name: 'Speed 4×' }).click();
}

const slider = (page: Page) => page.getByRole('slider', { name: 'Timeline' });
const tickNow = async (page: Page) => Number(await slider(page).getAttribute('aria-valuenow'));

async function playTo(page: Page, tick: number) {
  const play = page.getByRole('button', { name: 'Play' });
  if (await play.isVisible()) await play.click();
  while ((await tickNow(page)) < tick) await page.waitForTimeout(100);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.waitForTimeout(300);
  return tickNow(page);
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
const row = (label: string, xs: number[]) =>
  `${label}: median ${median(xs).toFixed(0)} ms (${xs.map((s) => s.toFixed(0)).join(', ')})`;

// PLAYPEN_BENCH_MODES=checkpoints (comma-separated) measures only those settings.
const MODES = (
  process.env.PLAYPEN_BENCH_MODES?.split(',') ?? ['no checkpoints', 'standby only', 'checkpoints']
).filter((m): m is Mode => m in SETTINGS);

for (const mode of MODES) {
  test(`step back latency, Canvas template, ${mode}`, async ({ page }) => {
    await openCanvas(page, mode);
    const rows: string[] = [];
    const inARow = new Map<number, number>();
    const afterPause = new Map<number, number>();
    for (const goal of TICKS) {
      let tick = await playTo(page, goal);
      const start = tick;
      const paused: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        // A user's pause: parked previews (if any) replay in the background meanwhile.
        await page.waitForTimeout(Math.max(1000, tick / 2));
        paused.push(await stepBack(page, tick - 1));
        tick -= 1;
      }
      await page.waitForTimeout(Math.max(1000, tick / 2));
      const row5: number[] = [];
      for (let i = 0; i < 5; i++) {
        row5.push(await stepBack(page, tick - 1));
        tick -= 1;
      }
      afterPause.set(goal, median(paused));
      inARow.set(goal, median(row5));
      rows.push(row(`tick ${start}, after a pause`, paused));
      rows.push(row(`tick ${start - SAMPLES}, 5 in a row`, row5));
    }
    const lines = [`Step back, ${mode}`, ...rows];
    if (mode === 'no checkpoints' && afterPause.has(5000) && afterPause.has(100)) {
      const perTick = (afterPause.get(5000)! - afterPause.get(100)!) / 4900;
      lines.push(`replay cost: ${(perTick * 1000).toFixed(1)} µs per tick (slope 100 → 5,000)`);
    }
    const worst = Math.max(afterPause.get(1000) ?? NaN, inARow.get(1000) ?? NaN);
    if (afterPause.has(1000))
      lines.push(
        `goal: step back ≤ ${GOAL_MS} ms at tick 1,000 — ${worst.toFixed(0)} ms: ${worst <= GOAL_MS ? 'met' : 'not met'}`,
      );
    console.log(`\n${lines.join('\n')}`);
  });
}
