import { test } from '@playwright/test';
import type { Project } from '../../src/protocol';
import {
  envNumber,
  longTaskSummary,
  longTasksIn,
  ms,
  openPlaypen,
  playpenMarker,
  table,
  traceMainThread,
  watchLongTasks,
  type MainThreadTask,
} from './lib';

// A program that floods the console (issue 11, item 3): the app page's long tasks
// (PerformanceObserver 'longtask') from Run until the console shows the line logged after the
// flood, then how long the next run takes to show its marker (Run works at once afterwards),
// and whether the run status ever said "Not responding". The loop guard is off (Settings ›
// Loop time limit 0): the figures are about the console, not about the guard stopping the loop.
// The project is loaded with a one-line program first and the flood is an edit of that file,
// so the window holds the run, not the editor opening a new project. **app CPU** is the app
// main thread's CPU time from the edit to the flood's last line (CDP Performance ThreadTime): on a loaded
// machine a long task's wall time is mostly waiting for a core, its CPU time is ours (**its CPU**:
// the longest task's, **most CPU in a task**: of any task, both from Chromium's trace); **to next run**
// is the same from the edit until the next run shows (the flood's delivery after its last line).
// Each program is measured twice: as the page's first run of that code, and after a run of the
// same loop with 1/100 of its lines (the app as a user who has used it finds it). The first time,
// the browser compiles and optimises code on background threads for about a second: esbuild's
// wasm for the new syntax (traced: 320–450 ms of CPU in the app's process) and V8's JIT for the
// console's flood paths (TurboFan and Maglev jobs: ~140 ms in 0.5 s). On 2 cores, with the
// preview's loop on one, that stretches the app's tasks (a 115 ms task held 12 ms of its CPU).
// The second row is the program's own cost.
// Playwright attaches to the preview frame too (CDP Runtime): each console call or uncaught
// error it reports costs the preview a message to the driver, which a user without devtools
// does not pay. The figures are the pessimistic ones.

const LINES = envNumber('PLAYPEN_BENCH_FLOOD_LINES', 100_000);

const floods: [label: string, line: string, lines: number, before?: string][] = [
  ["console.log('line', k, {k})", "console.log('line', k, { k });", LINES],
  ["console.log('line ' + k)", "console.log('line ' + k);", LINES],
  // Nesting, not volume: each group used to copy the chain of groups around it (quadratic).
  ["console.group('g' + k)", "console.group('g' + k);", LINES / 10],
  // Not the console: what a program posts to `parent` reaches the app's window.
  ['parent.postMessage({k, pad})', "parent.postMessage({ k, pad: 'x'.repeat(100) }, '*');", LINES],
  [
    'parent.postMessage(1M-item array)',
    "parent.postMessage(big, '*');",
    10,
    "const big = new Array(1_000_000).fill('xyz');",
  ],
  // Uncaught errors carry stacks the app maps to the user's files.
  ["Promise.reject(new Error('r' + k))", "Promise.reject(new Error('r' + k));", LINES / 5],
];
/** PLAYPEN_BENCH_FLOODS=postMessage,reject: only the rows whose label contains one of these. */
const only = process.env.PLAYPEN_BENCH_FLOODS?.split(',');

const floodText = (body: string, lines: number, marker: string, before = '') =>
  `${before}\nfor (let k = 0; k < ${lines}; k++) ${body}\nconsole.log('${marker}');\n`;

const project = (marker: string): Project => ({
  name: 'flood',
  entry: 'src/main.ts',
  files: { 'src/main.ts': { kind: 'text', text: `console.log('${marker}');\n` } },
});

test('long tasks while a program floods the console', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  await page.addInitScript(() =>
    localStorage.setItem('playpen:settings', JSON.stringify({ loopBudgetMs: 0 })),
  );
  const rows: (string | number)[][] = [];
  let n = 0;
  for (const [program, warmed] of floods.flatMap(
    (f) =>
      [
        [f, false],
        [f, true],
      ] as const,
  )) {
    const [label, body, lines, before] = program;
    if (only && !only.some((part) => label.includes(part))) continue;
    await openPlaypen(page);
    await watchLongTasks(page);
    await page.evaluate(() => {
      const w = window as unknown as { __ppStatuses: string[] };
      w.__ppStatuses = [];
      const status = () => document.querySelector('[role="status"][aria-label="Run status"]');
      new MutationObserver(() => w.__ppStatuses.push(status()?.textContent ?? '')).observe(
        document.body,
        { subtree: true, childList: true, characterData: true },
      );
    });
    await playpenMarker(page, `pp-ready ${++n}`, { load: project(`pp-ready ${n}`) });
    if (warmed)
      await playpenMarker(page, `pp-warm ${n}`, {
        edit: ['src/main.ts', floodText(body, Math.ceil(lines / 100), `pp-warm ${n}`, before)],
      });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const cpu = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')!
        .value * 1000;
    const cpuBefore = await cpu();
    const trace = await traceMainThread(page);
    const flood = await playpenMarker(page, `pp-flood ${n}`, {
      edit: ['src/main.ts', floodText(body, lines, `pp-flood ${n}`, before)],
    });
    const appCpu = (await cpu()) - cpuBefore;
    const dom = await page.evaluate(
      () => document.querySelectorAll('[role="log"][aria-label="Console"] .pp-entry').length,
    );
    const after = await playpenMarker(page, `pp-after ${n}`, {
      edit: ['src/main.ts', `console.log('pp-after ${n}');\n`],
    });
    // Until the next run shows: what the app did with the flood after its last line (errors are
    // reported after the line that follows them, a message's delivery after the loop).
    const appCpuToNext = (await cpu()) - cpuBefore;
    await cdp.detach();
    const traced = (await trace.stop(50)).filter(
      (t) => t.start >= flood.start - 1 && t.start <= after.end,
    );
    const longest = traced.reduce<MainThreadTask | null>(
      (a, t) => (!a || t.wall > a.wall ? t : a),
      null,
    );
    const all = await longTasksIn(page, flood.start, after.end);
    const tasks = longTaskSummary(all);
    const own = longTaskSummary(all.filter((t) => t.name === 'self'));
    const hung = await page.evaluate(() =>
      (window as unknown as { __ppStatuses: string[] }).__ppStatuses.some((s) =>
        /not responding/i.test(s),
      ),
    );
    const row = [
      warmed ? 'same, after a run of 1/100' : label,
      lines,
      ms(flood.ms),
      tasks.count,
      ms(tasks.max),
      ms(longest?.cpu ?? 0),
      ms(Math.max(0, ...traced.map((t) => t.cpu))),
      ms(tasks.total),
      own.count,
      ms(own.max),
      ms(after.ms),
      ms(appCpu),
      ms(appCpuToNext),
      dom,
      hung ? 'yes' : 'no',
    ];
    rows.push(row);
    console.log(row.join('  '));
  }
  console.log(
    table(
      'A console flood: long tasks on the app page from Run to the next run shown (ms)',
      [
        'program',
        'lines',
        'to last line',
        'long tasks',
        'longest',
        'its CPU',
        'most CPU in a task',
        'total',
        'own tasks',
        'own longest',
        'next run',
        'app CPU',
        'to next run',
        'rows in DOM',
        'not responding',
      ],
      rows,
    ),
  );
});
