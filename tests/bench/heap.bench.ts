import { test } from '@playwright/test';
import { chainEdit, chainProject } from './projects';
import { envNumber, openPlaypen, playpenMarker, table } from './lib';

// Memory held by the app page over many runs: JS heap after a forced garbage collection (CDP
// HeapProfiler.collectGarbage, then Runtime.getHeapUsage: the page's renderer isolate, which
// holds every frame that lives in its process) after 10 runs and after 200, and the preview
// iframes left in the DOM (the live one, spares booted ahead and checkpoint frames: bounded).

const RUNS = envNumber('PLAYPEN_BENCH_HEAP_RUNS', 200);
const EARLY = 10;
const FILES = envNumber('PLAYPEN_BENCH_HEAP_FILES', 10);
const MB = 1024 * 1024;

test('heap and frames after many runs', async ({ page }) => {
  await openPlaypen(page);
  const cdp = await page.context().newCDPSession(page);
  const snapshot = async (runs: number) => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const iframes = await page.evaluate(() => document.querySelectorAll('iframe').length);
    return { runs, used: usedSize / MB, iframes, frames: page.frames().length - 1 };
  };
  await playpenMarker(page, 'pp-bench 0', { load: chainProject(FILES) });
  const rows: Awaited<ReturnType<typeof snapshot>>[] = [];
  for (let k = 1; k <= RUNS; k++) {
    const { path, text } = chainEdit(FILES, k);
    await playpenMarker(page, `pp-bench ${k}`, { edit: [path, text] });
    if (k === EARLY || k === RUNS) rows.push(await snapshot(k));
  }
  const first = rows[0]!;
  console.log(
    table(
      `JS heap of the app page over consecutive runs (generated ${FILES} files; MB after GC)`,
      ['after runs', 'heap MB', 'growth MB', 'iframes in DOM', 'frames (Playwright)'],
      rows.map((r) => [
        r.runs,
        r.used.toFixed(1),
        (r.used - first.used).toFixed(1),
        r.iframes,
        r.frames,
      ]),
    ),
  );
});
