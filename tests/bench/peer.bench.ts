import { test } from '@playwright/test';
import type { Project } from '../../src/protocol';
import { chainEdit, chainProject, componentChain, componentEdit } from './projects';
import {
  EDIT_GAP_MS,
  editGap,
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
import { servePeer } from './vue-repl/serve';
import { vueFiles, vueMarker } from './vue-repl/drive';

// Playpen against @vue/repl (the official Vue playground component, served from this machine),
// on the same generated `.ts` projects (no JSX: @vue/repl strips types with sucrase), edits
// interleaved so both see the same machine load. Both clocks start at the change, without
// an editor debounce, and stop when the host page has the new run's console marker:
// - Playpen: its console panel shows the marker (what the user sees; see lib.playpenMarker);
//   also, like for like with the peer, when the marker's message reached the app ("received":
//   the run's first console message checked and delivered, its `first-output` mark);
// - @vue/repl: the marker's `console` message from its preview frame reaches the page (it has
//   no console panel: its preview proxy forwards console calls to the host by postMessage).
// @vue/repl recompiles the active file when its code changes (store.activeFile.code, as its
// editor sets it), then re-evaluates every module in the one same-origin iframe it reuses.

interface Side {
  first: number;
  samples: number[];
  /** Playpen only: from the change to the marker's message reaching the app (its `first-output` mark). */
  received: number[];
  /** Long tasks per edit, from the change to the marker. */
  longCounts: number[];
  longMax: number;
}

const newSide = (): Side => ({
  first: NaN,
  samples: [],
  received: [],
  longCounts: [],
  longMax: 0,
});

const RUNS = envNumber('PLAYPEN_BENCH_RUNS', 20);
/** Unmeasured edits after each load (the peer re-creates its frame after setFiles). */
const WARMUP = 2;

test('edit → preview: Playpen and @vue/repl', async ({ page, browser }) => {
  const peer = await servePeer();
  const vueContext = await browser.newContext();
  try {
    const vue = await vueContext.newPage();
    // Served locally or not at all: any request elsewhere (a CDN) fails the bench.
    const external: string[] = [];
    vue.on('request', (r) => {
      const url = new URL(r.url());
      if (/^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1') external.push(r.url());
    });
    await vue.goto(peer.url);
    await vue.waitForFunction(() => '__vueRepl' in window);
    await openPlaypen(page);
    await watchLongTasks(page);
    await watchLongTasks(vue);

    const rows: (string | number)[][] = [];
    /** One row: the project loaded on both sides, then edits interleaved. */
    const compare = async (
      label: string,
      project: Project,
      edit: (k: number) => { path: string; text: string },
    ) => {
      const files = vueFiles(project.files);
      const pp = newSide();
      const vr = newSide();
      pp.first = (await playpenMarker(page, 'pp-bench 0', { load: project })).ms;
      const open = edit(0).path;
      vr.first = (await vueMarker(vue, 'pp-bench 0', { files, main: project.entry, open })).ms;
      for (let k = 1; k <= WARMUP + RUNS; k++) {
        const { path, text } = edit(k);
        const a = await playpenMarker(page, `pp-bench ${k}`, { edit: [path, text] });
        // The marker is the run's only console line: its message reached the app at first-output.
        const received = await page.evaluate(
          () => window.__playpenBench.phases?.()['first-output'],
        );
        await editGap();
        const b = await vueMarker(vue, `pp-bench ${k}`, { code: text });
        await editGap();
        if (k <= WARMUP) continue;
        if (received !== undefined) pp.received.push(received);
        for (const [side, pageOf, t] of [
          [pp, page, a],
          [vr, vue, b],
        ] as const) {
          side.samples.push(t.ms);
          const long = longTaskSummary(await longTasksIn(pageOf, t.start, t.end));
          side.longCounts.push(long.count);
          side.longMax = Math.max(side.longMax, long.max);
        }
      }
      const p50 = (s: Side) => quantile(s.samples, 0.5);
      const row = [
        label,
        ms(pp.first),
        ms(p50(pp)),
        ms(quantile(pp.samples, 0.9)),
        ms(vr.first),
        ms(p50(vr)),
        ms(quantile(vr.samples, 0.9)),
        `${(p50(pp) / p50(vr)).toFixed(2)}×`,
        ms(quantile(pp.received, 0.5)),
        `${(quantile(pp.received, 0.5) / p50(vr)).toFixed(2)}×`,
        `${quantile(pp.longCounts, 0.5)} / ${ms(pp.longMax)}`,
        `${quantile(vr.longCounts, 0.5)} / ${ms(vr.longMax)}`,
      ];
      rows.push(row);
      console.log(row.join('  '));
    };
    for (const n of envSizes([10, 100, 300]))
      await compare(`generated ${n} .ts files`, chainProject(n, 'ts'), (k) =>
        chainEdit(n, k, 'ts'),
      );
    // Issue 37: single-file components, each importing the next two, the deepest edited.
    const vueSizes = (process.env.PLAYPEN_BENCH_VUE_SIZES ?? '10,50,100').split(',').map(Number);
    for (const n of vueSizes.filter((s) => s > 0))
      await compare(`generated ${n} .vue components`, componentChain(n), (k) =>
        componentEdit(n, k),
      );
    if (external.length)
      throw new Error(`@vue/repl fetched from elsewhere: ${external.join(', ')}`);
    console.log(
      table(
        `Edit → console marker in the host page, Playpen vs @vue/repl (ms; ${RUNS} edits each, interleaved, ${EDIT_GAP_MS} ms apart; first = project load)`,
        [
          'project',
          'Playpen first',
          'p50',
          'p90',
          '@vue/repl first',
          'p50',
          'p90',
          'ratio p50',
          'Playpen received p50',
          'ratio received',
          'Playpen long tasks/edit p50 / max ms',
          '@vue/repl long tasks p50 / max ms',
        ],
        rows,
      ),
    );
  } finally {
    await vueContext.close();
    await peer.close();
  }
});
