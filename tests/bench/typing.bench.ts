import { expect, test, type Page } from '@playwright/test';
import { chainEdit, chainProject } from './projects';
import {
  envNumber,
  envSizes,
  longTaskSummary,
  longTasksIn,
  ms,
  openPlaypen,
  playpenMarker,
  quantile,
  table,
  watchLongTasks,
} from './lib';

// Typing into Monaco as a user does (real key events, auto-run on with its usual delay), in
// generated projects of growing size, with the deepest file open. Per keystroke:
// - key → paint by the Event Timing API (PerformanceObserver 'event': from the key's hardware
//   timestamp to the next paint after its handlers). Chromium reports only events of 16 ms or
//   more, so a quantile that falls among the unreported keys prints as "<16";
// - key → frame by requestAnimationFrame: from the key's timestamp to a task queued from the
//   first animation frame after it, i.e. just after that frame was painted (always reported);
// and the page's long tasks ('longtask', ≥ 50 ms) while typing, and in the auto-run after it.

/** 30 characters, in a comment at the end of the file (no completion popup, no bracket pairs). */
const TYPED = '// the quick brown fox jumps o';
/** ms between keys: a quick typist; PLAYPEN_BENCH_KEY_DELAY changes it. */
const KEY_DELAY = envNumber('PLAYPEN_BENCH_KEY_DELAY', 100);
/** Below it Chromium does not report an event's timing (the API's floor). */
const EVENT_FLOOR = 16;

declare global {
  interface Window {
    __ppKeys?: { frame: number[]; events: Map<number, number>; firstKey: number; lastKey: number };
  }
}

async function watchKeys(page: Page) {
  await page.evaluate(() => {
    const keys = (window.__ppKeys = {
      frame: [] as number[],
      events: new Map<number, number>(),
      firstKey: NaN,
      lastKey: NaN,
    });
    addEventListener(
      'keydown',
      (e) => {
        const t0 = e.timeStamp;
        if (Number.isNaN(keys.firstKey)) keys.firstKey = t0;
        keys.lastKey = t0;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => keys.frame.push(performance.now() - t0);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
    new PerformanceObserver((list) => {
      // keydown and keypress of one key share an interactionId (not yet in TypeScript's DOM types).
      for (const e of list.getEntries() as (PerformanceEventTiming & {
        interactionId?: number;
      })[]) {
        if (!e.interactionId || (e.name !== 'keydown' && e.name !== 'keypress')) continue;
        keys.events.set(
          e.interactionId,
          Math.max(keys.events.get(e.interactionId) ?? 0, e.duration),
        );
      }
    }).observe({
      type: 'event',
      durationThreshold: 16,
      buffered: false,
    } as PerformanceObserverInit);
  });
}

/** Quantile of per-key Event Timing durations, keys below the floor counted as 0. */
const eventQuantile = (reported: number[], keys: number, q: number) => {
  const all = [...reported, ...Array<number>(Math.max(0, keys - reported.length)).fill(0)];
  const v = quantile(all, q);
  return v < EVENT_FLOOR ? `<${EVENT_FLOOR}` : ms(v);
};

test('typing into Monaco', async ({ page }) => {
  const rows: (string | number)[][] = [];
  for (const n of envSizes([10, 100, 300, 1000])) {
    await openPlaypen(page);
    await watchLongTasks(page);
    await playpenMarker(page, 'pp-bench 0', { load: chainProject(n) });
    const { path } = chainEdit(n, 0);
    await page.evaluate((path) => {
      window.__playpenBench.open!(path);
      window.__playpenBench.setAutoRun!(true);
    }, path);
    await expect(page.locator('.pp-editor-tab')).toHaveText(path);
    await expect(page.locator('.monaco-editor .view-lines').first()).toContainText('stamp');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await watchKeys(page);

    // The auto-run after the last key clears the console and logs the marker again.
    const ran = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const log = document.querySelector('[role="log"][aria-label="Console"]')!;
          const observer = new MutationObserver(() => {
            const keys = window.__ppKeys!;
            if (keys.frame.length < 30 || !log.textContent?.includes('pp-bench 0')) return;
            observer.disconnect();
            resolve(performance.now());
          });
          observer.observe(log, { subtree: true, childList: true, characterData: true });
        }),
    );
    await page.keyboard.type(TYPED, { delay: KEY_DELAY });
    await page.waitForFunction(
      (count) => (window.__ppKeys?.frame.length ?? 0) >= count,
      TYPED.length,
    );
    const runDone = await ran;
    const keys = await page.evaluate(() => ({
      frame: window.__ppKeys!.frame,
      events: [...window.__ppKeys!.events.values()],
      firstKey: window.__ppKeys!.firstKey,
      lastKeyPainted: window.__ppKeys!.lastKey + (window.__ppKeys!.frame.at(-1) ?? 0),
    }));
    const typing = longTaskSummary(await longTasksIn(page, keys.firstKey, keys.lastKeyPainted));
    const after = longTaskSummary(await longTasksIn(page, keys.lastKeyPainted, runDone));
    const row = [
      `generated ${n} files`,
      TYPED.length,
      eventQuantile(keys.events, TYPED.length, 0.5),
      eventQuantile(keys.events, TYPED.length, 0.95),
      ms(quantile(keys.frame, 0.5)),
      ms(quantile(keys.frame, 0.95)),
      typing.count,
      ms(typing.max),
      ms(typing.total),
      `${after.count} / ${ms(after.max)} / ${ms(after.total)}`,
    ];
    rows.push(row);
    console.log(row.join('  '));
  }
  console.log(
    table(
      `Typing ${TYPED.length} characters into Monaco, ${KEY_DELAY} ms apart, auto-run on (ms)`,
      [
        'project',
        'keys',
        'key→paint p50',
        'p95',
        'key→frame p50',
        'p95',
        'long tasks',
        'max',
        'total',
        'auto-run after: long tasks / max / total',
      ],
      rows,
    ),
  );
});
