import { test, type BrowserContext } from '@playwright/test';
import { encodeProject } from '../../src/project/share/share-codec';
import { TEMPLATES } from '../../src/project/templates';
import { envNumber, inPersistentProfile, ms, quantile, table } from './lib';
import {
  milestonesSeen,
  watchMilestones,
  type Kind,
  type Milestone,
  type MilestoneWatch,
} from './milestones';
import { servePage } from './serve-page';
import { servePeer } from './vue-repl/serve';

// Cold start through the UI, each page built for production and served from localhost, a fresh
// browser context per load (empty cache and storage: a first visit), no bench hook. Times are
// from navigation start, taken in the pages themselves on the frame after the state appears
// (≈ painted; milestones.ts): "editor ready" = the editor shows the first file's text; "first
// preview" = the first run's output is in the preview frame. Loads alternate between the pages
// so all see the same machine load:
// - Playpen, its example project (editor: Monaco; preview: the example's heading);
// - @vue/repl (the peer, its default App.vue: CodeMirror, then "Hello World!" in its frame);
// - Monaco alone: Monaco with everything Playpen's editor ends up with (features, languages,
//   their services, React's types) loaded before its first paint, on an empty page showing
//   the same file: the reference for Playpen's "editor ready" (what the app adds on top of a
//   whole Monaco);
// - Playpen opening a link to the Vanilla TypeScript template, and one to the Vue and Svelte
//   templates (issue 37: such a project's first run loads the framework's compiler in the
//   worker and its runtime in the preview, and should start within 1.1× of a TS project's;
//   the example's row above is the TS/React case, which must load neither).
// Then returning visits of Playpen, @vue/repl and Monaco alone: each again and again in one
// persistent profile (compiled code and the hashed files cached), after a first visit that is
// not counted.

const LOADS = envNumber('PLAYPEN_BENCH_COLD_LOADS', 5);

interface Page {
  kind: Kind;
  label: string;
  url: string;
  milestones: Milestone[];
  times: Record<Milestone, number[]>;
  /** Per load: the framework files Playpen fetched (compilers, vendor bundles). */
  frameworkFiles: string[][];
}

/** Playpen's per-framework files: only a project with such components may fetch them. */
const FRAMEWORK_FILE = /\/(vue|svelte)-(compiler|vendor)[-.][^/]*$/;

test('cold start through the UI: Playpen, @vue/repl, Monaco alone', async ({
  browser,
}, testInfo) => {
  const peer = await servePeer();
  const floor = await servePage(new URL('./monaco-alone/', import.meta.url), 'monaco-alone');
  const base = String(testInfo.project.use.baseURL);
  const link = (id: string) =>
    `${base}#${encodeProject(TEMPLATES.find((t) => t.id === id)!.create())}`;
  const pages: Page[] = [
    ['playpen', 'Playpen', base],
    ['vue-repl', '@vue/repl', peer.url],
    ['monaco-alone', 'Monaco alone', floor.url],
    ['playpen-template', 'Playpen, TS template link', link('vanilla-ts')],
    ['playpen-template', 'Playpen, Vue template link', link('vue-ts')],
    ['playpen-template', 'Playpen, Svelte template link', link('svelte-ts')],
  ].map(([kind, label, url]) => ({
    kind: kind as Kind,
    label,
    url,
    milestones: kind === 'monaco-alone' ? ['editor'] : ['editor', 'output'],
    times: { editor: [], output: [] },
    frameworkFiles: [],
  }));
  try {
    for (let i = 0; i < LOADS; i++) for (const page of pages) await load(page, i);
    pages.push(
      await returningVisits(pages[0]!),
      await returningVisits(pages[1]!),
      await returningVisits(pages[2]!),
    );
  } finally {
    await Promise.all([peer.close(), floor.close()]);
  }

  /**
   * `of` opened again and again in one persistent profile, as by a user who comes back. A
   * first visit fills the caches and is not counted.
   */
  async function returningVisits(of: Page): Promise<Page> {
    const target: Page = {
      ...of,
      label: `${of.label}, returning`,
      times: { editor: [], output: [] },
      frameworkFiles: [],
    };
    await inPersistentProfile(testInfo.project.use, async (context) => {
      const watch = await watchMilestones(context, of.kind);
      const first = context.pages()[0] ?? (await context.newPage());
      if (of.kind === 'playpen') {
        // With the bench hook (?bench), the app marks the end of its bundler's warm-up builds,
        // which made the browser optimise esbuild's wasm.
        await first.goto(new URL('?bench', of.url).href);
        await first.waitForFunction(
          () => performance.getEntriesByName('playpen:warm-up').length > 0,
          null,
          { timeout: 60_000 },
        );
      } else {
        await loadIn(
          context,
          watch,
          { ...target, times: { editor: [], output: [] }, frameworkFiles: [] },
          -1,
        );
      }
      // The browser writes compiled code to its cache when it has optimised enough, which no
      // page can observe: a fixed wait, before the page (and its workers) go.
      await first.waitForTimeout(5000);
      for (let i = 0; i < LOADS; i++) await loadIn(context, watch, target, i);
    });
    return target;
  }

  async function load(target: Page, i: number) {
    const context = await browser.newContext();
    try {
      await loadIn(context, await watchMilestones(context, target.kind), target, i);
    } finally {
      await context.close();
    }
  }

  async function loadIn(context: BrowserContext, watch: MilestoneWatch, target: Page, i: number) {
    const all = milestonesSeen(watch, target.milestones, `${target.label} load ${i + 1}`);
    const page = context.pages()[0] ?? (await context.newPage());
    const fetched = new Set<string>();
    const onRequest = (r: { url(): string }) => {
      const found = FRAMEWORK_FILE.exec(new URL(r.url()).pathname);
      if (found) fetched.add(`${found[1]}-${found[2]}`);
    };
    context.on('request', onRequest);
    await page.goto(target.url);
    const seen = await all;
    context.off('request', onRequest);
    target.frameworkFiles.push([...fetched].sort());
    const origin = await page.evaluate(() => performance.timeOrigin);
    for (const m of target.milestones) target.times[m].push(seen.get(m)! - origin);
    console.log(
      `${target.label} load ${i + 1}: ` +
        target.milestones.map((m) => `${m} ${ms(target.times[m].at(-1)!)} ms`).join(', '),
    );
    await page.goto('about:blank');
  }

  const median = (page: Page, m: Milestone) => quantile(page.times[m], 0.5);
  // What a page fetched of the frameworks' files, over all its loads ("none" for TS and React).
  const fetchedOf = (page: Page) =>
    page.kind === 'vue-repl' || page.kind === 'monaco-alone'
      ? ''
      : [...new Set(page.frameworkFiles.flat())].sort().join(', ') || 'none';
  const rows = pages.flatMap((page) =>
    page.milestones.map((m, i) => [
      page.label,
      m === 'editor' ? 'editor ready' : 'first preview',
      ms(median(page, m)),
      ms(Math.min(...page.times[m])),
      ms(Math.max(...page.times[m])),
      i === 0 ? fetchedOf(page) : '',
    ]),
  );
  const [playpen, vue, alone, tsLink, vueLink, svelteLink, playpenBack, vueBack, aloneBack] =
    pages as [Page, Page, Page, Page, Page, Page, Page, Page, Page];
  console.log(
    table(
      `Cold start through the UI, production builds on localhost (ms from navigation; ${LOADS} loads each, alternating, fresh context each; "returning": ${LOADS} more of a page in one profile after a first visit)`,
      ['page', 'milestone', 'median', 'min', 'max', 'framework files fetched'],
      rows,
    ),
  );
  const ratio = (a: Page, b: Page, m: Milestone) => `${(median(a, m) / median(b, m)).toFixed(2)}×`;
  console.log(
    table(
      'Ratios of medians (the goal of each row: issue 35, issue 37 for the template links)',
      ['visit', 'milestone', 'Playpen against', 'ratio', 'goal'],
      [
        ['first', 'editor ready', 'Monaco alone', ratio(playpen, alone, 'editor'), '≤ 1.10×'],
        ['first', 'editor ready', '@vue/repl', ratio(playpen, vue, 'editor'), ''],
        ['first', 'first preview', '@vue/repl', ratio(playpen, vue, 'output'), '≤ 1.00×'],
        [
          'returning',
          'editor ready',
          '@vue/repl',
          ratio(playpenBack, vueBack, 'editor'),
          '≤ 2.00×',
        ],
        ['returning', 'editor ready', 'Monaco alone', ratio(playpenBack, aloneBack, 'editor'), ''],
        [
          'returning',
          'first preview',
          '@vue/repl',
          ratio(playpenBack, vueBack, 'output'),
          '≤ 1.00×',
        ],
        ['Vue link', 'editor ready', 'TS link', ratio(vueLink, tsLink, 'editor'), '≤ 1.10×'],
        ['Vue link', 'first preview', 'TS link', ratio(vueLink, tsLink, 'output'), '≤ 1.10×'],
        ['Svelte link', 'editor ready', 'TS link', ratio(svelteLink, tsLink, 'editor'), '≤ 1.10×'],
        ['Svelte link', 'first preview', 'TS link', ratio(svelteLink, tsLink, 'output'), '≤ 1.10×'],
      ],
    ),
  );
});
