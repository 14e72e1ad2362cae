import type { BrowserContext } from '@playwright/test';

// The moments a visitor sees, recorded in the pages themselves (every frame, before the page's
// own scripts) on the animation frame after the state appears (≈ painted): "editor" = the
// editor's lines show the first file's code (Monaco's `.view-lines`, CodeMirror's
// `.CodeMirror-code`); "output" = the first run's heading is in a preview frame ("Hello, Ada!" /
// "Hello World!"). Used by cold.bench.ts and open.bench.ts.

/**
 * The page: Playpen (its example), @vue/repl (its default App.vue), Monaco alone (the example's
 * entry), Playpen opening a template's link (its counter, "count is 0").
 */
export type Kind = 'playpen' | 'vue-repl' | 'monaco-alone' | 'playpen-template';
export type Milestone = 'editor' | 'output';

declare global {
  interface Window {
    /** Exposed by the bench to every frame: a milestone at epoch ms (timeOrigin + now). */
    __ppMilestone(name: Milestone, at: number): void;
  }
}

/** Runs in every frame of the page, before its own scripts. */
function recordMilestones(kind: Kind) {
  const watch = (ready: () => boolean, name: Milestone) => {
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
  const text = (selector: string) => document.querySelector<HTMLElement>(selector);
  const shows = (selector: string, pattern: RegExp) => {
    const element = text(selector);
    return !!element && element.offsetHeight > 0 && pattern.test(element.textContent ?? '');
  };
  if (window === window.top) {
    if (kind === 'vue-repl') watch(() => shows('.CodeMirror-code', /Hello World/), 'editor');
    else watch(() => shows('.monaco-editor .view-lines', /import/), 'editor');
  } else if (kind === 'vue-repl') {
    watch(() => /Hello World/.test(text('h1')?.textContent ?? ''), 'output');
  } else if (kind === 'playpen-template') {
    // Both templates' counters.
    watch(() => /count is 0/.test(text('button')?.textContent ?? ''), 'output');
  } else {
    watch(() => /Hello, Ada/.test(text('h1')?.textContent ?? ''), 'output');
  }
}

/** Sets the function that hears the milestones of the context's next load. */
export type MilestoneWatch = (handler: (name: Milestone, at: number) => void) => void;

/** Installs the milestone recorder in `context` once; each load then sets its own handler. */
export async function watchMilestones(
  context: BrowserContext,
  kind: Kind,
): Promise<MilestoneWatch> {
  let handler = (_name: Milestone, _at: number) => {};
  await context.exposeFunction('__ppMilestone', (name: Milestone, at: number) => handler(name, at));
  await context.addInitScript(recordMilestones, kind);
  return (next) => {
    handler = next;
  };
}

/**
 * Resolves with each milestone's epoch ms once all of `milestones` were seen (the earliest of
 * each: checkpoint frames replay the first run later), or rejects after 60 s.
 */
export function milestonesSeen(
  watch: MilestoneWatch,
  milestones: readonly Milestone[],
  label: string,
): Promise<Map<Milestone, number>> {
  const seen = new Map<Milestone, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<Map<Milestone, number>>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: stuck`)), 60_000);
    watch((name, at) => {
      if (!seen.has(name)) seen.set(name, at);
      if (milestones.every((m) => seen.has(m))) resolve(seen);
    });
  }).finally(() => clearTimeout(timer));
}
