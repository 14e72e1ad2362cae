import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { test, type BrowserContext } from '@playwright/test';
import { lessonsPage, startHostServer } from '../e2e/host-server';
import { envNumber, inPersistentProfile, ms, quantile, table } from './lib';

// The embed SDK (docs/embed.md): its module's size, and a course page with ten lazy embeds
// against the same page with one. Host pages are served on `localhost` while Playpen is on
// 127.0.0.1: another site, as a documentation site embedding Playpen is, so the embeds run in
// processes of their own. One more row serves the ten embeds from 127.0.0.1 on another port
// (same site: the embeds share the host page's process and main thread).
//
// first preview: ms from the host page's navigation to the page hearing the first lesson's
// program output (its `console` event: the program ran in its preview at tick 0 and the embed
// told the page). host long tasks: the host page's own PerformanceObserver('longtask'), from
// navigation to that moment. Loads alternate between the pages, a fresh context each (a first
// visit), then the same in one persistent profile after a first visit (a reader going from
// lesson to lesson).

const LOADS = envNumber('PLAYPEN_BENCH_EMBED_LOADS', 5);

declare global {
  interface Window {
    heardAt: number[];
    __ppHostLongTasks: { start: number; duration: number; name: string }[];
  }
}

interface Row {
  label: string;
  url: string;
  first: number[];
  longTasks: number[];
  longest: number[];
  frames: number[];
}

/** Records the top page's long tasks from its start (not the frames'). */
function watchHostLongTasks() {
  if (window !== window.top) return;
  window.__ppHostLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__ppHostLongTasks.push({ start: e.startTime, duration: e.duration, name: e.name });
  }).observe({ type: 'longtask', buffered: true });
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

test('embeds: the SDK’s size; ten lazy embeds against one', async ({ browser }, testInfo) => {
  const app = String(testInfo.project.use.baseURL);
  const sizes = ['playpen.js', 'element.js', 'react/index.js'].map(
    (f) => `${f} ${(gz(`dist/sdk/${f}`) / 1024).toFixed(2)} kB`,
  );
  console.log(`SDK, gzipped (level 9): ${sizes.join(', ')} (budget for playpen.js: 5 kB)`);

  const cross = await startHostServer();
  const same = await startHostServer();
  const sameOrigin = same.origin.replace('localhost', '127.0.0.1');
  const samePath = sameOrigin + new URL(same.page('/ten.html', lessonsPage(app, 10))).pathname;
  const row = (label: string, url: string): Row => ({
    label,
    url,
    first: [],
    longTasks: [],
    longest: [],
    frames: [],
  });
  const rows = [
    row('1 embed', cross.page('/one.html', lessonsPage(app, 1))),
    row('10 lazy embeds', cross.page('/ten.html', lessonsPage(app, 10))),
    row('10 lazy embeds, same site', samePath),
  ];
  const back = rows.slice(0, 2).map((r) => row(`${r.label}, returning`, r.url));
  let transfers = '';
  try {
    for (let i = 0; i < LOADS; i++)
      for (const r of rows) {
        const context = await browser.newContext();
        await context.addInitScript(watchHostLongTasks);
        try {
          await load(context, r, i);
        } finally {
          await context.close();
        }
      }
    await inPersistentProfile(testInfo.project.use, async (context) => {
      await context.addInitScript(watchHostLongTasks);
      await load(context, row('first visit', rows[1]!.url), -1);
      for (let i = 0; i < LOADS; i++) for (const r of back) await load(context, r, i);
      transfers = await secondEmbedTransfers(context, rows[1]!.url);
    });
  } finally {
    await Promise.all([cross.close(), same.close()]);
  }

  async function load(context: BrowserContext, r: Row, i: number) {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(r.url);
    await page.waitForFunction(() => window.heardAt?.length > 0, null, { timeout: 90_000 });
    const seen = await page.evaluate(() => ({
      first: window.heardAt[0]!,
      tasks: window.__ppHostLongTasks,
      frames: document.querySelectorAll('iframe').length,
    }));
    if (i < 0) return void (await page.goto('about:blank'));
    r.first.push(seen.first);
    r.longTasks.push(seen.tasks.length);
    r.longest.push(Math.max(0, ...seen.tasks.map((t) => t.duration)));
    r.frames.push(seen.frames);
    console.log(
      `${r.label} load ${i + 1}: first preview ${ms(seen.first)} ms, host long tasks ${seen.tasks.length} (longest ${ms(r.longest.at(-1)!)} ms), frames ${seen.frames}` +
        (seen.tasks.length
          ? `; tasks ${seen.tasks.map((t) => `${ms(t.start)}+${ms(t.duration)} ${t.name}`).join(', ')}`
          : ''),
    );
    await page.goto('about:blank');
  }

  const median = (xs: number[]) => quantile(xs, 0.5);
  const all = [...rows, ...back];
  console.log(
    table(
      `Embeds on a course page (ms from the host page's navigation; ${LOADS} loads each, alternating; fresh context each, "returning": one profile after a first visit)`,
      ['page', 'first preview p50', 'min', 'max', 'host long tasks (max)', 'longest', 'frames'],
      all.map((r) => [
        r.label,
        ms(median(r.first)),
        ms(Math.min(...r.first)),
        ms(Math.max(...r.first)),
        Math.max(...r.longTasks),
        ms(Math.max(...r.longest)),
        Math.max(...r.frames),
      ]),
    ),
  );
  const ratio = (a: Row, b: Row) => (median(a.first) / median(b.first)).toFixed(2);
  console.log(
    `10 lazy / 1 embed, first preview (medians): ${ratio(rows[1]!, rows[0]!)}× first visits, ${ratio(back[1]!, back[0]!)}× returning (goal ≤ 1.2×); ${transfers}`,
  );
});

/**
 * Opens the ten-embed page, scrolls to the last lesson and waits for it: what that second embed
 * fetched over the network and what came from the cache the first one filled.
 */
async function secondEmbedTransfers(context: BrowserContext, url: string): Promise<string> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.waitForFunction(() => window.heardAt?.length > 0, null, { timeout: 90_000 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => window.heardAt.length > 1, null, { timeout: 90_000 });
  const last = page
    .frames()
    .filter((f) => f.url().includes('?embed&sdk'))
    .at(-1)!;
  const { total, fetched, bytes } = await last.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const net = entries.filter((e) => e.transferSize > 0);
    return {
      total: entries.length,
      fetched: net.length,
      bytes: net.reduce((s, e) => s + e.transferSize, 0),
    };
  });
  await page.goto('about:blank');
  return `the tenth lesson's embed, loaded after the first: ${fetched} of ${total} resources over the network (${(bytes / 1024).toFixed(0)} kB; the rest from the cache)`;
}
