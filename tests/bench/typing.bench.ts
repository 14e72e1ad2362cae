import { expect, test, type Page } from '@playwright/test';
import { chainEdit, chainProject } from './projects';
import {
  envNumber,
  envSizes,
  inPersistentProfile,
  longTaskSummary,
  longTasksIn,
  ms,
  openPlaypen,
  playpenMarker,
  quantile,
  table,
  traceMainThread,
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
// **longest task: CPU** is the main thread's CPU time in the longest task while typing, and
// **most CPU in a task** the most any task used (Chromium's trace): on 2 cores a task's wall time
// also counts the time the browser's background compiles held the core (the first key after a
// load waited for esbuild's wasm tier-up: 78 ms of wall time, 25 ms of its CPU).
// The last row is a returning visit (returningVisit): the same browser profile a second time,
// when the browser has the compiled wasm and scripts in its cache.

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

/** Types into the deepest file of a generated project of `n` files on `page`; one table row. */
async function measureTyping(page: Page, n: number, label: string): Promise<(string | number)[]> {
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
  const trace = await traceMainThread(page);

  await page.keyboard.type(TYPED, { delay: KEY_DELAY });
  await page.waitForFunction(
    (count) => (window.__ppKeys?.frame.length ?? 0) >= count,
    TYPED.length,
  );
  // The auto-run after the last key: its program is sent, then the console shows the marker
  // (the same text as before the typing, which may leave the DOM unchanged: polled, not observed).
  const runDone = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const lastKey = window.__ppKeys!.lastKey;
        const timer = setTimeout(() => reject(new Error('no auto-run after typing')), 60_000);
        const sent = () =>
          performance
            .getEntriesByName('playpen:program-sent', 'mark')
            .some((m) => m.startTime > lastKey);
        const shown = () =>
          document
            .querySelector('[role="log"][aria-label="Console"]')
            ?.textContent?.includes('pp-bench 0');
        const poll = () => {
          if (!sent() || !shown()) return requestAnimationFrame(poll);
          clearTimeout(timer);
          resolve(performance.now());
        };
        poll();
      }),
  );
  const keys = await page.evaluate(() => ({
    frame: window.__ppKeys!.frame,
    events: [...window.__ppKeys!.events.values()],
    firstKey: window.__ppKeys!.firstKey,
    lastKeyPainted: window.__ppKeys!.lastKey + (window.__ppKeys!.frame.at(-1) ?? 0),
  }));
  const traced = (await trace.stop(10)).filter(
    (t) => t.start >= keys.firstKey - 1 && t.start <= keys.lastKeyPainted,
  );
  const longestTraced = traced.reduce((a, t) => (t.wall > a.wall ? t : a), { wall: 0, cpu: 0 });
  const typing = longTaskSummary(await longTasksIn(page, keys.firstKey, keys.lastKeyPainted));
  // The first key after the click: it used to pay for switching React Aria's input modality.
  const firstKey = longTaskSummary(
    await longTasksIn(page, keys.firstKey, keys.firstKey + (keys.frame[0] ?? 0)),
  );
  const after = longTaskSummary(await longTasksIn(page, keys.lastKeyPainted, runDone));
  const row = [
    label,
    TYPED.length,
    eventQuantile(keys.events, TYPED.length, 0.5),
    eventQuantile(keys.events, TYPED.length, 0.95),
    ms(quantile(keys.frame, 0.5)),
    ms(quantile(keys.frame, 0.95)),
    typing.count,
    ms(typing.max),
    ms(longestTraced.cpu),
    ms(Math.max(0, ...traced.map((t) => t.cpu))),
    ms(typing.total),
    firstKey.count ? ms(firstKey.max) : '–',
    `${after.count} / ${ms(after.max)} / ${ms(after.total)}`,
  ];
  console.log(row.join('  '));
  return row;
}

/**
 * A visit after a first one in the same persistent browser profile (inPersistentProfile): the
 * first visit loads the project and types; the row is the second visit's. Then the browser has
 * esbuild's optimised wasm in its cache (scripts/immutable-assets.ts), and no background
 * compile competes with the first keys.
 */
async function returningVisit(
  use: Parameters<typeof inPersistentProfile>[0],
  n: number,
): Promise<(string | number)[]> {
  return inPersistentProfile(use, async (context) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await measureTyping(page, n, `first visit, ${n} files`);
    await page.goto('about:blank');
    return measureTyping(page, n, `generated ${n} files, returning visit`);
  });
}

test('typing into Monaco', async ({ browser }, testInfo) => {
  const rows: (string | number)[][] = [];
  const sizes = envSizes([10, 100, 300, 1000]);
  for (const n of sizes) {
    // A fresh context per size: nothing saved by the last size is restored into this one.
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    rows.push(await measureTyping(await context.newPage(), n, `generated ${n} files`));
    await context.close();
  }
  rows.push(await returningVisit(testInfo.project.use, sizes[0]!));
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
        'longest task: CPU',
        'most CPU in a task',
        'total',
        'first key long task',
        'auto-run after: long tasks / max / total',
      ],
      rows,
    ),
  );
});
