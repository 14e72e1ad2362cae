import { writeFileSync } from 'node:fs';
import { test, type Page } from '@playwright/test';
import { chainProject } from './projects';

// Typing into Monaco in a large project, with auto-run on (as a user has it): 30 keys at a
// typist's pace, then the run that follows. Long tasks (PerformanceObserver 'longtask') and
// key → next paint (Event Timing: an event entry's duration ends at the paint after its
// handlers) are read in the page. PLAYPEN_TYPING_PROFILE=dir writes a CPU profile per size.

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

const KEYS = 'abcdefghijklmnopqrstuvwxyz1234';
const KEY_GAP_MS = 120;

interface Figures {
  longTasks: number[];
  /** Per keystroke: the longest Event Timing duration of its interaction. */
  keyToPaint: number[];
}

async function startObserving(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __typing: { longTasks: number[]; events: PerformanceEntry[] };
    };
    w.__typing = { longTasks: [], events: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__typing.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      w.__typing.events.push(...list.getEntries());
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
}

async function collect(page: Page): Promise<Figures> {
  return page.evaluate(() => {
    const w = window as unknown as {
      __typing: { longTasks: number[]; events: (PerformanceEntry & { interactionId?: number })[] };
    };
    const byInteraction = new Map<number, number>();
    for (const e of w.__typing.events) {
      if (!e.interactionId || !/key|input/.test(e.name)) continue;
      byInteraction.set(
        e.interactionId,
        Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration),
      );
    }
    return { longTasks: [...w.__typing.longTasks], keyToPaint: [...byInteraction.values()] };
  });
}

/** Keys without an entry took under 16 ms (Event Timing's lowest threshold): counted as 16. */
function keyFigures(keyToPaint: number[]) {
  const missing = Math.max(0, KEYS.length - keyToPaint.length);
  const padded = [...keyToPaint, ...Array<number>(missing).fill(16)];
  return { p50: quantile(padded, 0.5), p95: quantile(padded, 0.95) };
}

// Playwright's trace snapshots the whole DOM at every key press: not what a user's page pays.
test.use({ trace: 'off' });

const SIZES = (process.env.PLAYPEN_TYPING_SIZES ?? '10,300,1000').split(',').map(Number);
const PROFILE_DIR = process.env.PLAYPEN_TYPING_PROFILE;

for (const n of SIZES) {
  test(`typing at ${n} files`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/LEAK/.test(m.text())) warnings.push(m.text().slice(0, 120));
    });
    await page.goto('/?bench');
    await page.waitForFunction(() => window.__playpenBench !== undefined);
    await page.evaluate((project) => window.__playpenBench.load(project), chainProject(n));
    await page.locator('.monaco-editor .view-lines').first().waitFor();
    // The bench hook turns auto-run off; typing is measured with it on.
    const autoRun = page.getByRole('switch', { name: 'Auto-run' });
    if (!(await autoRun.isChecked())) await autoRun.click({ force: true });
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('// ');
    // Let the load's run and the type checker settle before measuring.
    await page.waitForTimeout(3000);
    await startObserving(page);
    const cdp = PROFILE_DIR ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    for (const key of KEYS) {
      await page.keyboard.press(key);
      await page.waitForTimeout(KEY_GAP_MS);
    }
    const typing = await collect(page);
    // The auto-run after the last key, and the type checker.
    await page.waitForTimeout(3000);
    const all = await collect(page);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(`${PROFILE_DIR}/typing-${n}.cpuprofile`, JSON.stringify(profile));
    }
    const keys = keyFigures(typing.keyToPaint);
    const after = all.longTasks.slice(typing.longTasks.length);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    console.log(
      `typing ${n} files: long tasks while typing ${typing.longTasks.length} (max ${Math.max(0, ...typing.longTasks).toFixed(0)} ms, total ${sum(typing.longTasks).toFixed(0)} ms); ` +
        `key → paint p50 ${keys.p50.toFixed(0)} ms, p95 ${keys.p95.toFixed(0)} ms (${typing.keyToPaint.length} keys over 16 ms); ` +
        `after typing (auto-run): ${after.length} long tasks (max ${Math.max(0, ...after).toFixed(0)} ms); ` +
        `leak warnings ${warnings.length}`,
    );
    for (const w of new Set(warnings)) console.log(`  ${w}`);
  });
}
