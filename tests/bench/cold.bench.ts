import { test } from '@playwright/test';
import { envNumber, ms, quantile, table } from './lib';

// Cold start through the UI: the production build from localhost, a fresh browser context per
// load (empty cache and storage: a first visit), no bench hook. Times are from navigation
// start, taken in the pages themselves on the frame after the state appears (≈ painted):
// - editor ready: Monaco shows the example project's text;
// - first preview: the first run's output (the example's heading) is in the preview frame.

const LOADS = envNumber('PLAYPEN_BENCH_COLD_LOADS', 5);

declare global {
  interface Window {
    /** Exposed by the bench to every frame: a milestone at epoch ms (timeOrigin + now). */
    __ppMilestone(name: 'editor' | 'output', at: number): void;
  }
}

/** Runs in every frame of the page, before its own scripts. */
function recordMilestones() {
  const watch = (ready: () => boolean, name: 'editor' | 'output') => {
    const check = () => {
      if (!ready()) return false;
      requestAnimationFrame(() =>
        window.__ppMilestone(name, performance.timeOrigin + performance.now()),
      );
      return true;
    };
    const observer = new MutationObserver(() => check() && observer.disconnect());
    // Attributes too: the editor's surface is shown by dropping `hidden`, no node added.
    observer.observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  };
  if (window === window.top)
    watch(() => {
      const lines = document.querySelector<HTMLElement>('.monaco-editor .view-lines');
      return !!lines && lines.offsetHeight > 0 && /import/.test(lines.textContent ?? '');
    }, 'editor');
  else watch(() => /Hello, Ada/.test(document.querySelector('h1')?.textContent ?? ''), 'output');
}

test('cold start through the UI', async ({ browser }, testInfo) => {
  const editor: number[] = [];
  const preview: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const seen = new Map<string, number>();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const both = new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`load ${i + 1}: no first preview`)), 60_000);
        void context.exposeFunction('__ppMilestone', (name: string, at: number) => {
          // Checkpoint frames replay the first run too: the earliest output counts.
          if (!seen.has(name)) seen.set(name, at);
          if (seen.size === 2) resolve();
        });
      });
      await context.addInitScript(recordMilestones);
      const page = await context.newPage();
      await page.goto('/');
      await both.finally(() => clearTimeout(timer));
      const origin = await page.evaluate(() => performance.timeOrigin);
      editor.push(seen.get('editor')! - origin);
      preview.push(seen.get('output')! - origin);
      console.log(
        `load ${i + 1}: editor ${ms(editor.at(-1)!)} ms, preview ${ms(preview.at(-1)!)} ms`,
      );
    } finally {
      await context.close();
    }
  }
  console.log(
    table(
      `Cold start through the UI, production build on localhost (ms from navigation; ${LOADS} loads, fresh context each)`,
      ['milestone', 'median', 'min', 'max'],
      [
        [
          'editor ready',
          ms(quantile(editor, 0.5)),
          ms(Math.min(...editor)),
          ms(Math.max(...editor)),
        ],
        [
          'first preview',
          ms(quantile(preview, 0.5)),
          ms(Math.min(...preview)),
          ms(Math.max(...preview)),
        ],
      ],
    ),
  );
});
