import type { Page } from '@playwright/test';
import type { Project } from '../../../src/protocol';

/** A file of the playground's Workspace (repl/Workspace.svelte.ts upstream). */
export interface File {
  type: 'file';
  name: string;
  basename: string;
  contents: string;
  text: boolean;
}

/** What Peer.svelte exposes. */
interface SvelteRepl {
  set(files: File[]): Promise<void>;
  update(name: string, contents: string): Promise<void>;
  version(): string;
  /** performance.now() when the worker's latest bundle reached the page. */
  bundledAt(): number;
}

/** Load a project's files, or change one file's contents (as its editor does). */
export type SvelteAction = { files: File[] } | { update: [name: string, contents: string] };

const file = (name: string, contents: string): File => ({
  type: 'file',
  name,
  basename: name.split('/').pop()!,
  contents,
  text: true,
});

/**
 * A `.svelte` chain (projects.ts svelteChain) as the playground takes it: the same components,
 * and the `App.svelte` its preview mounts (the worker's entry imports `./App.svelte`) rendering
 * the first one, in place of the project's `src/main.ts` that mounts it.
 */
export function svelteFiles(project: Project): File[] {
  const files = Object.entries(project.files)
    .filter(([path]) => path.endsWith('.svelte'))
    .map(([path, f]) => file(path, (f as { text: string }).text));
  return [
    file('App.svelte', `<script>\n  import C0 from './src/C0.svelte';\n</script>\n\n<C0 />\n`),
    ...files,
  ];
}

/**
 * Does the action in the playground page and times it, on the page's clock, to the preview's
 * `console` message carrying `marker` arriving in the page (the preview's srcdoc forwards
 * console calls to its parent by postMessage; the Viewer's ReplProxy takes them from there).
 * `phase`: ms from the action to the worker's bundle reaching the page.
 */
export async function svelteMarker(page: Page, marker: string, action: SvelteAction) {
  return page.evaluate(
    async ([marker, action]) => {
      const repl = (window as unknown as { __svelteRepl: SvelteRepl }).__svelteRepl;
      const start = performance.now();
      const done = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${marker} never received`)), 60_000);
        const onMessage = (e: MessageEvent) => {
          const d = e.data as { action?: string; args?: unknown[] } | null;
          if (d?.action !== 'console' || d.args?.[0] !== marker) return;
          removeEventListener('message', onMessage);
          clearTimeout(timer);
          resolve(performance.now());
        };
        addEventListener('message', onMessage);
      });
      if ('files' in action) void repl.set(action.files);
      else void repl.update(...action.update);
      const end = await done;
      // The worker's bundle for this change reached the page (before the preview evaluated it).
      return { ms: end - start, start, end, phase: repl.bundledAt() - start };
    },
    [marker, action] as const,
  );
}
