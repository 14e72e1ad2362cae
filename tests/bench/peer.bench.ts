import { test, type Browser, type Page } from '@playwright/test';
import type { Project } from '../../src/protocol';
import {
  chainEdit,
  chainProject,
  componentChain,
  componentEdit,
  svelteChain,
  svelteEdit,
} from './projects';
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
import { serveSveltePeer } from './svelte-repl/serve';
import { svelteFiles, svelteMarker } from './svelte-repl/drive';

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
// The second test does the same against the Svelte playground (svelte.dev's REPL: its bundler
// worker and preview, vendored in svelte-repl/) on `.svelte` component chains: each change
// posts every file to its worker (Svelte's compiler and rollup, with rollup's cache), whose
// bundle the preview evaluates in its one sandboxed srcdoc iframe; its console messages reach
// the page by postMessage too.

interface Side {
  first: number;
  samples: number[];
  /** Playpen only: from the change to the marker's message reaching the app (its `first-output` mark). */
  received: number[];
  /** Long tasks per edit, from the change to the marker. */
  longCounts: number[];
  longMax: number;
  /** The peer's phase, where its driver reports one (ms from the change). */
  phase: number[];
}

const newSide = (): Side => ({
  first: NaN,
  samples: [],
  received: [],
  longCounts: [],
  longMax: 0,
  phase: [],
});

const RUNS = envNumber('PLAYPEN_BENCH_RUNS', 20);
/** Unmeasured edits after each load (the peer re-creates its frame after setFiles). */
const WARMUP = 2;

/** Timing of one action on a page's clock (as lib.playpenMarker and the peers' drivers return). */
type Timing = { ms: number; start: number; end: number; phase?: number };

/** A peer page and how to load a project into it and make the edit of it. */
interface Peer {
  page: Page;
  /** The column of the phase its driver reports (Timing.phase), if any. */
  phase?: string;
  load(project: Project, open: string): Promise<Timing>;
  edit(marker: string, path: string, text: string): Promise<Timing>;
}

const HEADER = (peer: string, phase?: string) => [
  'project',
  'Playpen first',
  'p50',
  'p90',
  `${peer} first`,
  'p50',
  'p90',
  'ratio p50',
  'Playpen received p50',
  'ratio received',
  'Playpen long tasks/edit p50 / max ms',
  `${peer} long tasks p50 / max ms`,
  ...(phase ? [`${peer} ${phase} p50`] : []),
];

/** Opens a peer page in a context of its own; any request to another host is recorded. */
async function openPeer(browser: Browser, url: string, ready: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Served locally or not at all: any request elsewhere (a CDN) fails the bench. The context's
  // requests include its workers' (the Svelte playground fetches from its bundler worker).
  const external: string[] = [];
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (/^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1') external.push(r.url());
  });
  await page.goto(url);
  await page.waitForFunction((name) => name in window, ready);
  return { context, page, external };
}

/** One row: the project loaded on both sides, then edits interleaved. */
async function compare(
  page: Page,
  peer: Peer,
  label: string,
  project: Project,
  edit: (k: number) => { path: string; text: string },
) {
  const pp = newSide();
  const other = newSide();
  pp.first = (await playpenMarker(page, 'pp-bench 0', { load: project })).ms;
  other.first = (await peer.load(project, edit(0).path)).ms;
  for (let k = 1; k <= WARMUP + RUNS; k++) {
    const { path, text } = edit(k);
    const a = await playpenMarker(page, `pp-bench ${k}`, { edit: [path, text] });
    // The marker is the run's only console line: its message reached the app at first-output.
    const received = await page.evaluate(() => window.__playpenBench.phases?.()['first-output']);
    await editGap();
    const b = await peer.edit(`pp-bench ${k}`, path, text);
    await editGap();
    if (k <= WARMUP) continue;
    if (received !== undefined) pp.received.push(received);
    if (b.phase !== undefined) other.phase.push(b.phase);
    for (const [side, pageOf, t] of [
      [pp, page, a],
      [other, peer.page, b],
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
    ms(other.first),
    ms(p50(other)),
    ms(quantile(other.samples, 0.9)),
    `${(p50(pp) / p50(other)).toFixed(2)}×`,
    ms(quantile(pp.received, 0.5)),
    `${(quantile(pp.received, 0.5) / p50(other)).toFixed(2)}×`,
    `${quantile(pp.longCounts, 0.5)} / ${ms(pp.longMax)}`,
    `${quantile(other.longCounts, 0.5)} / ${ms(other.longMax)}`,
    ...(peer.phase ? [ms(quantile(other.phase, 0.5))] : []),
  ];
  console.log(row.join('  '));
  return row;
}

/** Sizes from an env var (`0` alone skips the rows). */
const sizesFrom = (name: string, fallback: string) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map(Number)
    .filter((s) => s > 0);

const title = (peer: string) =>
  `Edit → console marker in the host page, Playpen vs ${peer} (ms; ${RUNS} edits each, interleaved, ${EDIT_GAP_MS} ms apart; first = project load)`;

test('edit → preview: Playpen and @vue/repl', async ({ page, browser }) => {
  const server = await servePeer();
  const vue = await openPeer(browser, server.url, '__vueRepl');
  try {
    await openPlaypen(page);
    await watchLongTasks(page);
    await watchLongTasks(vue.page);
    const peer: Peer = {
      page: vue.page,
      load: (project, open) =>
        vueMarker(vue.page, 'pp-bench 0', {
          files: vueFiles(project.files),
          main: project.entry,
          open,
        }),
      // The edited file is the one open in its editor (setActive at load).
      edit: (marker, _path, text) => vueMarker(vue.page, marker, { code: text }),
    };
    const rows: (string | number)[][] = [];
    for (const n of envSizes([10, 100, 300]))
      rows.push(
        await compare(page, peer, `generated ${n} .ts files`, chainProject(n, 'ts'), (k) =>
          chainEdit(n, k, 'ts'),
        ),
      );
    // Issue 37: single-file components, each importing the next two, the deepest edited.
    for (const n of sizesFrom('PLAYPEN_BENCH_VUE_SIZES', '10,50,100'))
      rows.push(
        await compare(page, peer, `generated ${n} .vue components`, componentChain(n), (k) =>
          componentEdit(n, k),
        ),
      );
    if (vue.external.length)
      throw new Error(`@vue/repl fetched from elsewhere: ${vue.external.join(', ')}`);
    console.log(table(title('@vue/repl'), HEADER('@vue/repl'), rows));
  } finally {
    await vue.context.close();
    await server.close();
  }
});

// Issue 37: the same `.svelte` chains as edit.bench.ts, against the Svelte playground's REPL.
const SVELTE_SIZES = sizesFrom('PLAYPEN_BENCH_SVELTE_SIZES', '10,50,100');

test('edit → preview: Playpen and the Svelte playground', async ({ page, browser }) => {
  test.skip(SVELTE_SIZES.length === 0, 'PLAYPEN_BENCH_SVELTE_SIZES=0');
  const server = await serveSveltePeer();
  const svelte = await openPeer(browser, server.url, '__svelteRepl');
  try {
    await openPlaypen(page);
    await watchLongTasks(page);
    await watchLongTasks(svelte.page);
    const peer: Peer = {
      page: svelte.page,
      phase: 'bundled',
      load: (project) => svelteMarker(svelte.page, 'pp-bench 0', { files: svelteFiles(project) }),
      edit: (marker, path, text) => svelteMarker(svelte.page, marker, { update: [path, text] }),
    };
    const rows: (string | number)[][] = [];
    for (const n of SVELTE_SIZES)
      rows.push(
        await compare(page, peer, `generated ${n} .svelte components`, svelteChain(n), (k) =>
          svelteEdit(n, k),
        ),
      );
    if (svelte.external.length)
      throw new Error(
        `the Svelte playground fetched from elsewhere: ${svelte.external.join(', ')}`,
      );
    const version = await svelte.page.evaluate(() =>
      (window as unknown as { __svelteRepl: { version(): string } }).__svelteRepl.version(),
    );
    const fetched = [...new Set(server.npmRequests.filter((r) => r.startsWith('registry/')))];
    console.log(
      table(
        title(`the Svelte playground (Svelte ${version})`),
        HEADER('Svelte REPL', 'bundled'),
        rows,
      ),
      `\nthe Svelte playground's worker fetched from the local npm server: ${fetched.join(', ') || 'nothing'}`,
    );
  } finally {
    await svelte.context.close();
    await server.close();
  }
});
