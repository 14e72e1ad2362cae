import { allowLanguageWorkers } from '../editor/language-workers';
import type { RunController } from '../run/controller';

/** Run states that end a first run's start: it has shown output, or will not. */
const SETTLED = new Set(['running', 'paused', 'error', 'build-failed', 'not-responding']);

/** Calls `then` once, as soon as the controller's first run has settled (see SETTLED). */
export function afterFirstRun(controller: RunController, then: () => void): void {
  const unsubscribe = controller.subscribe(() => {
    if (!SETTLED.has(controller.getState().status)) return;
    unsubscribe();
    then();
  });
}

/**
 * Lets Monaco's language workers start once the first run has settled (see language-workers.ts)
 * and `after` has resolved: a first run from a known program settles before the editor shows,
 * and the workers' compiles would then delay it.
 */
export function openLanguageWorkersAfterFirstRun(
  controller: RunController,
  after?: Promise<unknown>,
): void {
  afterFirstRun(
    controller,
    after ? () => void after.then(allowLanguageWorkers) : allowLanguageWorkers,
  );
}

/**
 * The most the rest of the app waits for the editor's first paint in a tab on screen: an
 * editor that never comes (its chunks never load) must not hold the app for good. A slow
 * machine's paint takes seconds (cold.bench.ts), and everything that waits for it (the
 * toolbar's controls, the Files tree, the console, builds and esbuild's compile) would
 * otherwise land before the code it waits for.
 */
const EDITOR_FIRST_MS = 30_000;

/** What editorFirstPaint reads of the page: whether it is on screen. */
export type PageVisibility = Pick<
  Document,
  'visibilityState' | 'addEventListener' | 'removeEventListener'
>;

/**
 * `editorFirst` resolves when the editor calls `editorShown` (it has painted the code, or it
 * could not load), when the page is or goes hidden (a tab in the background paints nothing),
 * or after EDITOR_FIRST_MS.
 */
export function editorFirstPaint(
  page: PageVisibility | null = typeof document === 'undefined' ? null : document,
  setTimer: (fn: () => void, ms: number) => unknown = setTimeout,
): { editorShown: () => void; editorFirst: Promise<void> } {
  let editorShown = () => {};
  const editorFirst = new Promise<void>((resolve) => {
    const onVisibility = () => {
      if (page?.visibilityState === 'hidden') done();
    };
    const done = () => {
      page?.removeEventListener('visibilitychange', onVisibility);
      resolve();
    };
    editorShown = done;
    page?.addEventListener('visibilitychange', onVisibility);
    onVisibility();
    setTimer(done, EDITOR_FIRST_MS);
  });
  return { editorShown, editorFirst };
}
