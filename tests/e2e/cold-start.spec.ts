import { expect, test, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import {
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  waitForOutput,
  waitForRun,
} from './helpers';

// The first run need not wait for esbuild: the example's program ships with the app, and a
// project's last program is cached by its files. These tests hold esbuild's wasm download, so
// a preview shown meanwhile can only come from a known program; then they let it through.

/** Holds requests for esbuild's wasm (the bundler worker's too) between `hold()` and `release()`. */
async function esbuildGate(page: Page) {
  let open = Promise.resolve();
  let release = () => {};
  await page.context().route('**/*esbuild*.wasm', async (route) => {
    await open;
    await route.continue();
  });
  return {
    hold: () => void (open = new Promise<void>((resolve) => (release = resolve))),
    release: () => release(),
  };
}

/** Every heading text any preview frame shows, in order (hidden replay frames included). */
async function recordHeadings(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().exposeFunction('__ppHeading', (text: string) => seen.push(text));
  await page.context().addInitScript(() => {
    if (window === window.top) return;
    let last = '';
    new MutationObserver(() => {
      const text = document.querySelector('h1')?.textContent ?? '';
      if (text && text !== last)
        (window as unknown as { __ppHeading(t: string): void }).__ppHeading((last = text));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}

/** src/greet.ts with another greeting; it logs `greet <greeting>`, the run's own line. */
const GREET = (greeting: string) =>
  `export function greet(name: string): string {\n  return \`${greeting}, \${name}!\`;\n}\nconsole.log('greet ${greeting}');\n`;

const heading = (page: Page) => preview(page).locator('h1');

/** Programs in the cache (its own IndexedDB database; not created here if absent). */
const cachedPrograms = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('playpen-programs')) return 0;
    return new Promise<number>((resolve) => {
      const open = indexedDB.open('playpen-programs');
      open.onsuccess = () => {
        const db = open.result;
        const count = db.objectStoreNames.contains('programs')
          ? db.transaction('programs').objectStore('programs').count()
          : null;
        if (!count) return resolve(0);
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
      open.onerror = () => resolve(0);
    });
  });

test('the example shows its preview before esbuild has loaded, and edits then rebuild', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const esbuild = await esbuildGate(page);
  esbuild.hold();
  await page.goto('/');
  await expect(heading(page)).toHaveText('Hello, Ada!', { timeout: 60_000 });
  await expect(runStatus(page)).toHaveText('Running');
  esbuild.release();
  await openFile(page, 'src/greet.ts');
  await replaceEditorText(page, GREET('Welcome'));
  // The edit's run is in the preview before looking into it (not the frame it replaces).
  await waitForOutput(page, 'greet Welcome', 60_000);
  await expect(heading(page)).toHaveText('Welcome, Ada!', { timeout: 60_000 });
  await waitForRun(page);
});

test('a reload runs the project’s last program at once; a changed project never shows an old one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const esbuild = await esbuildGate(page);
  await page.goto('/');
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  await openFile(page, 'src/greet.ts');
  await replaceEditorText(page, GREET('Hello there'));
  await waitForOutput(page, 'greet Hello there', 60_000);
  await expect(heading(page)).toHaveText('Hello there, Ada!', { timeout: 60_000 });
  // Cached once builds pause; the reload below needs it there.
  await expect.poll(() => cachedPrograms(page), { timeout: 30_000 }).toBeGreaterThan(0);

  const seen = await recordHeadings(page);
  esbuild.hold();
  await page.reload();
  await expect(heading(page)).toHaveText('Hello there, Ada!', { timeout: 60_000 });
  expect(seen).not.toContain('Hello, Ada!');
  esbuild.release();

  // Edited, then reloaded at once (its program may not be cached yet): whatever shows first
  // is the edited project's program, never the shipped example's nor the last cached one.
  await openFile(page, 'src/greet.ts');
  await replaceEditorText(page, GREET('Goodbye'));
  await waitForOutput(page, 'greet Goodbye', 60_000);
  await expect(heading(page)).toHaveText('Goodbye, Ada!', { timeout: 60_000 });
  esbuild.hold();
  seen.length = 0;
  await page.reload();
  esbuild.release();
  await expect(heading(page)).toHaveText('Goodbye, Ada!', { timeout: 60_000 });
  await waitForRun(page);
  expect(seen.filter((text) => text !== 'Goodbye, Ada!')).toEqual([]);
});

// Chromium keeps a wasm module's optimised code beside its cached response; revalidating the
// response (Vite's `no-cache`) dropped it, so every other visit compiled esbuild's wasm again
// (seconds of a core while the user's first keys came in; tests/bench/typing.bench.ts).
test('the build’s hashed files are served cacheable for good; the page itself is checked each visit', async ({
  request,
}) => {
  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const wasm = readdirSync('dist/assets').find((name) => name.endsWith('.wasm'));
  const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(wasm).toBeTruthy();
  expect(script).toBeTruthy();
  for (const path of [`assets/${wasm}`, script!]) {
    const response = await request.get(path);
    expect(response.ok(), path).toBe(true);
    expect(response.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
  }
  // The preview's runtime keeps its name from build to build: revalidated.
  const runtime = await request.get('preview/runtime.js');
  expect(runtime.ok()).toBe(true);
  expect(runtime.headers()['cache-control']).toBe('no-cache');
});
