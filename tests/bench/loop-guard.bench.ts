import { test } from '@playwright/test';
import type { Project } from '../../src/protocol';

// Cost of the loop guard on hot loops, in the real preview: each function runs as the bundler
// guarded it and as the same source with the guard calls stripped (eval'd, so unguarded).
// Rounds alternate and each runs in its own task, so no round spends a tick's loop budget;
// sizes keep a round well under the 1 s budget on a slow, shared machine.

/** PLAYPEN_GUARD_SCALE shrinks the loops so a busy machine stays under the 5 s hang limit. */
const SCALE = Number(process.env.PLAYPEN_GUARD_SCALE ?? 1);

const MAIN = String.raw`
const SCALE = __SCALE__;
function tight(n: number) { let s = 0; for (let i = 0; i < n; i++) { s = (s + i * i) | 0; } return s; }
function whileCount(n: number) { let i = 0; while (i < n) i++; return i; }
function arraySum(a: Float64Array, rounds: number) {
  let s = 0;
  for (let r = 0; r < rounds; r++) for (let i = 0; i < a.length; i++) s += a[i];
  return s;
}
function forOf(a: number[], rounds: number) { let s = 0; for (let r = 0; r < rounds; r++) for (const x of a) s += x; return s; }
const floats = new Float64Array(100_000).map((_, i) => i);
const list = Array.from({ length: 100_000 }, (_, i) => i);
const cases: [string, (f: any) => unknown, (...a: any[]) => unknown][] = [
  ['for, arithmetic', (f) => f(Math.ceil(3_000_000 * SCALE)), tight],
  ['while, counter', (f) => f(Math.ceil(5_000_000 * SCALE)), whileCount],
  ['nested for, typed array', (f) => f(floats, Math.ceil(30 * SCALE)), arraySum],
  ['nested for-of, array', (f) => f(list, Math.ceil(20 * SCALE)), forOf],
];
const strip = (f: (...a: any[]) => unknown) =>
  (0, eval)('(' + f.toString().replace(/if \(--__ppLoop\d*\.c < 0\) __ppLoop\d*\("[^"]*"\);/g, '') + ')');
// performance.now here is the run's virtual clock (it stands still within a tick). A
// PerformanceMark's startTime is taken from the real high-resolution clock by the browser.
const realNow = () => new PerformanceMark('pp-bench-clock').startTime;
const time = (call: () => unknown) => { const t = realNow(); call(); return realNow() - t; };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const nextTask = () => new Promise((r) => setTimeout(r, 0));
(async () => {
  const rows = [];
  for (const [name, run, fn] of cases) {
    const plain = strip(fn);
    const g: number[] = [], u: number[] = [];
    for (let round = 0; round < 9; round++) {
      await nextTask(); u.push(time(() => run(plain)));
      await nextTask(); g.push(time(() => run(fn)));
    }
    rows.push({ name, guarded: fn.toString().includes('__ppLoop'), g: median(g), u: median(u) });
  }
  console.log('pp-bench-guard ' + JSON.stringify(rows));
})();
`;

interface Row {
  name: string;
  guarded: boolean;
  g: number;
  u: number;
}

test('loop guard overhead on hot loops', async ({ page }) => {
  // A loaded machine can take over the default 1 s loop limit; the guard's checks cost the
  // same whatever the limit, so a long one keeps the bench from stopping itself.
  await page.addInitScript(() =>
    localStorage.setItem('playpen:settings', JSON.stringify({ loopBudgetMs: 60_000 })),
  );
  await page.goto('/?bench');
  await page.waitForFunction(() => window.__playpenBench !== undefined);
  const project: Project = {
    name: 'guard bench',
    entry: 'src/main.ts',
    files: { 'src/main.ts': { kind: 'text', text: MAIN.replace('__SCALE__', String(SCALE)) } },
  };
  const done = page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith('pp-bench-guard '),
    timeout: 5 * 60_000,
  });
  await page.evaluate((p) => window.__playpenBench.load(p), project);
  const rows = JSON.parse((await done).text().slice('pp-bench-guard '.length)) as Row[];
  const pad = (s: string | number, w: number) => String(s).padStart(w);
  console.log(
    [
      '',
      'Loop guard overhead (median of 9 alternating runs, real ms)',
      `${'loop'.padEnd(26)}${pad('unguarded', 10)}${pad('guarded', 9)}${pad('ratio', 8)}${pad('overhead', 10)}`,
      ...rows.map(
        (r) =>
          `${r.name.padEnd(26)}${pad(r.u.toFixed(1), 10)}${pad(r.g.toFixed(1), 9)}${pad(
            (r.g / r.u).toFixed(2) + '×',
            8,
          )}${pad(((r.g / r.u - 1) * 100).toFixed(0) + ' %', 10)}${r.guarded ? '' : '  (NOT GUARDED: check the bench)'}${
            r.u > 0 ? '' : '  (NO TIME MEASURED: the clock is not real)'
          }`,
      ),
    ].join('\n'),
  );
});
