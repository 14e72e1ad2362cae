import type { Page } from '@playwright/test';

/** What the bench drives of @vue/repl's page (vue-repl/main.ts exposes its store). */
interface VueRepl {
  store: {
    setFiles(files: Record<string, string>, main: string): Promise<void>;
    setActive(path: string): void;
    activeFile: { code: string };
  };
}

/** Open a project (`setFiles`, then show `open` as its editor would), or change the shown file's code. */
export type VueAction =
  { files: Record<string, string>; main: string; open: string } | { code: string };

/**
 * Does the action in @vue/repl's store and times it, on the page's clock, to the preview's
 * `console` message carrying `marker` (its preview proxy forwards console calls by postMessage).
 */
export async function vueMarker(page: Page, marker: string, action: VueAction) {
  return page.evaluate(
    async ([marker, action]) => {
      const { store } = (window as unknown as { __vueRepl: VueRepl }).__vueRepl;
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
      if ('files' in action) {
        await store.setFiles(action.files, action.main);
        store.setActive(action.open);
      } else store.activeFile.code = action.code;
      const end = await done;
      return { ms: end - start, start, end };
    },
    [marker, action] as const,
  );
}

/** A project's text files as @vue/repl's `setFiles` takes them. */
export function vueFiles(files: Record<string, { kind: string; text?: string }>) {
  return Object.fromEntries(Object.entries(files).map(([path, f]) => [path, f.text ?? '']));
}
