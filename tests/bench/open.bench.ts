import { test, type BrowserContext, type Page } from '@playwright/test';
import type { Project } from '../../src/protocol';
import { chainProject } from './projects';
import { envNumber, envSizes, ms, openPlaypen, playpenMarker, quantile, table } from './lib';
import { milestonesSeen, watchMilestones, type Kind } from './milestones';
import { servePeer } from './vue-repl/serve';
import { vueFiles, vueMarker } from './vue-repl/drive';

// Opening a project into the running app (issue 35): a template, the Projects list, a link or
// an upload put a whole new project in the editor, and the user waits for its first output.
// Playpen (its bench hook's `load`: the project replaces the open one and runs, as any of those
// paths does) against @vue/repl (`store.setFiles`, then the entry shown as its editor would),
// on the same generated `.ts` projects (projects.ts), timed on the page's clock from the action
// to the project's console marker: Playpen's Console panel shows it; @vue/repl's page receives
// its preview's `console` message (the peer has no console panel). Each project opened is new
// (a salt in every file): no cache keyed by content has seen its files. Sides alternate.
// - first project after load: a fresh context per open; the page is loaded and the project is
//   opened as soon as the editor shows code and the first preview is up (milestones.ts), before
//   anything had time to warm up in idle time (Playpen's esbuild may still be compiling).
// - new project in the warm app: one page per side that has already opened a project (and, for
//   Playpen, finished its bundler's warm-up), then OPENS projects of each size.

const OPENS = envNumber('PLAYPEN_BENCH_OPENS', 3);
const FIRST_SIZE = envNumber('PLAYPEN_BENCH_FIRST_SIZE', 10);

interface Side {
  label: string;
  ms: number[];
  /** Playpen only: ms from the action to each phase of the run (its `phases`), and `worker`: the bundler worker's own ms for the build. */
  phases: Record<string, number>[];
}

const newSide = (label: string): Side => ({ label, ms: [], phases: [] });

/** The project's files for both sides, new to every cache: the salt names this open. */
const projectFor = (n: number, salt: string, stamp: number) =>
  chainProject(n, 'ts', `open ${salt}`, stamp);

test('open a project: Playpen and @vue/repl', async ({ browser }, testInfo) => {
  test.setTimeout(30 * 60_000);
  const peer = await servePeer();
  const base = String(testInfo.project.use.baseURL);
  let stamp = 1000;

  const openPlaypenProject = async (page: Page, side: Side, project: Project) => {
    const { ms } = await playpenMarker(page, `pp-bench ${stampOf(project)}`, { load: project });
    side.ms.push(ms);
    side.phases.push(
      await page.evaluate(() => ({
        ...(window.__playpenBench.phases?.() ?? {}),
        worker: window.__playpenBench.buildMs?.() ?? NaN,
      })),
    );
  };
  const openVueProject = async (page: Page, side: Side, project: Project) => {
    const { ms } = await vueMarker(page, `pp-bench ${stampOf(project)}`, {
      files: vueFiles(project.files),
      main: project.entry,
      open: project.entry,
    });
    side.ms.push(ms);
  };

  /** A page in a fresh context, loaded until its editor shows code and its first preview is up. */
  const freshPage = async (kind: Kind, url: string): Promise<[BrowserContext, Page]> => {
    const context = await browser.newContext();
    const watch = await watchMilestones(context, kind);
    const ready = milestonesSeen(watch, ['editor', 'output'], `${kind} first load`);
    const page = await context.newPage();
    await page.goto(url);
    await ready;
    return [context, page];
  };

  const rows: (string | number)[][] = [];
  const report = (what: string, pp: Side, vr: Side) => {
    const p50 = (s: Side) => quantile(s.ms, 0.5);
    const phase = (name: string) =>
      ms(
        quantile(
          pp.phases.map((p) => p[name] ?? NaN),
          0.5,
        ),
      );
    const row = [
      what,
      ms(p50(pp)),
      ms(Math.max(...pp.ms)),
      ms(p50(vr)),
      ms(Math.max(...vr.ms)),
      `${(p50(pp) / p50(vr)).toFixed(2)}×`,
      phase('saved'),
      phase('built'),
      phase('worker'),
      phase('first-output'),
    ];
    rows.push(row);
    console.log(row.join('  '));
  };

  try {
    // The first project opened after load.
    {
      const pp = newSide('Playpen');
      const vr = newSide('@vue/repl');
      for (let k = 0; k < OPENS; k++) {
        const project = projectFor(FIRST_SIZE, `first ${k}`, ++stamp);
        const [ppContext, ppPage] = await freshPage('playpen', new URL('?bench', base).href);
        await openPlaypenProject(ppPage, pp, project).finally(() => ppContext.close());
        const [vrContext, vrPage] = await freshPage('vue-repl', peer.url);
        await openVueProject(vrPage, vr, project).finally(() => vrContext.close());
      }
      report(`first project after load (${FIRST_SIZE} files)`, pp, vr);
    }

    // New projects in the warm app.
    const ppContext = await browser.newContext();
    const vrContext = await browser.newContext();
    try {
      const ppPage = await ppContext.newPage();
      await openPlaypen(ppPage);
      const vrPage = await vrContext.newPage();
      await vrPage.goto(peer.url);
      await vrPage.waitForFunction(() => '__vueRepl' in window);
      // Each side opens one project unmeasured; Playpen's bundler then warms up (the end of
      // its warm-up builds is marked with ?bench).
      const warm = projectFor(FIRST_SIZE, 'warm', ++stamp);
      await openPlaypenProject(ppPage, newSide(''), warm);
      await openVueProject(vrPage, newSide(''), warm);
      await ppPage.waitForFunction(
        () => performance.getEntriesByName('playpen:warm-up').length > 0,
        null,
        { timeout: 60_000 },
      );
      for (const n of envSizes([10, 100, 300])) {
        const pp = newSide('Playpen');
        const vr = newSide('@vue/repl');
        for (let k = 0; k < OPENS; k++) {
          const project = projectFor(n, `${n} ${k}`, ++stamp);
          await openPlaypenProject(ppPage, pp, project);
          await openVueProject(vrPage, vr, project);
        }
        report(`new ${n}-file project, warm app`, pp, vr);
      }
    } finally {
      await Promise.all([ppContext.close(), vrContext.close()]);
    }
  } finally {
    await peer.close();
  }

  console.log(
    table(
      `Open a project → its console marker in the host page (ms; ${OPENS} opens per row and side, alternating; goal of issue 35: ratio ≤ 1.00× in the warm app, ≤ 1.50× for the first project after load)`,
      [
        'project',
        'Playpen p50',
        'max',
        '@vue/repl p50',
        'max',
        'ratio p50',
        'Playpen saved p50',
        'built p50',
        "worker's build p50",
        'first output p50',
      ],
      rows,
    ),
  );
});

const count = (project: Project) => Object.keys(project.files).length - 1;

/** The stamp the project's entry logs (its last module's `stamp`). */
function stampOf(project: Project): number {
  const last = project.files[`src/m${count(project) - 1}.ts`];
  const found = last?.kind === 'text' ? /stamp: number = (\d+)/.exec(last.text) : null;
  if (!found) throw new Error('a generated project logs a stamp');
  return Number(found[1]);
}
