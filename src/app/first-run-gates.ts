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
 * Builds wait for the editor's first paint, at most this long (a tab opened in the background
 * paints nothing): the first build makes the browser optimise esbuild's wasm, seconds of CPU that
 * otherwise delay the editor by as much on a small machine (npm run bench, cold.bench.ts).
 */
const EDITOR_FIRST_MS = 3000;

/** `editorFirst` resolves when the editor calls `editorShown`, or after EDITOR_FIRST_MS. */
export function editorFirstPaint(): { editorShown: () => void; editorFirst: Promise<void> } {
  let editorShown = () => {};
  const editorFirst = new Promise<void>((resolve) => {
    editorShown = resolve;
    setTimeout(resolve, EDITOR_FIRST_MS);
  });
  return { editorShown, editorFirst };
}
