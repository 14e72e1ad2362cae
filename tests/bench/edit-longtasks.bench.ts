import { test } from '@playwright/test';
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

// The app page's long tasks (PerformanceObserver 'longtask', ≥ 50 ms: the page could not answer
// input for that long) on the edit → preview path, from the edit to the console panel showing
// the new run's marker, split at the run's program-sent mark: before it the app saves, bundles
// and readies a frame; after it the preview evaluates and the console shows the marker.

const RUNS = envNumber('PLAYPEN_BENCH_RUNS', 20);

test('long tasks on the edit → preview path', async ({ page }) => {
  const rows: (string | number)[][] = [];
  for (const n of envSizes([300])) {
    await openPlaypen(page);
    await watchLongTasks(page);
    await playpenMarker(page, 'pp-bench 0', { load: chainProject(n) });
    const perEdit: { count: number; max: number; total: number }[] = [];
    const before: number[] = [];
    const after: number[] = [];
    const samples: number[] = [];
    for (let k = 1; k <= RUNS; k++) {
      const { path, text } = chainEdit(n, k);
      const t = await playpenMarker(page, `pp-bench ${k}`, { edit: [path, text] });
      const sent = await page.evaluate(() => window.__playpenBench.phases?.()['program-sent']);
      const tasks = await longTasksIn(page, t.start, t.end);
      const split = t.start + (sent ?? Infinity);
      perEdit.push(longTaskSummary(tasks));
      before.push(tasks.filter((x) => x.start < split).length);
      after.push(tasks.filter((x) => x.start >= split).length);
      samples.push(t.ms);
    }
    const all = perEdit.reduce((m, e) => Math.max(m, e.max), 0);
    const row = [
      `generated ${n} files`,
      RUNS,
      ms(quantile(samples, 0.5)),
      quantile(
        perEdit.map((e) => e.count),
        0.5,
      ),
      Math.max(...perEdit.map((e) => e.count)),
      ms(all),
      ms(
        quantile(
          perEdit.map((e) => e.total),
          0.5,
        ),
      ),
      quantile(before, 0.5),
      quantile(after, 0.5),
    ];
    rows.push(row);
    console.log(row.join('  '));
  }
  console.log(
    table(
      'Long tasks on the app page per edit → preview (ms; count = long tasks in one edit)',
      [
        'project',
        'edits',
        'marker p50',
        'count p50',
        'count max',
        'longest',
        'total p50',
        'count p50 until sent',
        'after sent',
      ],
      rows,
    ),
  );
});
