import { test, type Page } from '@playwright/test';
import type { Project } from '../../src/protocol';
import { focusEditor } from '../e2e/helpers';
import { startNodeModulesServer, type NodeModulesServer } from '../e2e/node-modules-server';
import { ms, openPlaypen, playpenMarker, table, traceMainThread, type MainThreadTask } from './lib';

// Issue 14's goal: type fetching and Prettier never run on the app's main thread for long.
// Tasks of 50 ms or more on the app page's main thread (Chromium's trace: wall time, what a
// long task is, and the main thread's own CPU time, which a loaded machine does not inflate) while
// (a) a project importing two typed packages gets their types from a local server of the real
//     packages in node_modules (fflate ships its own, picomatch's come from @types/picomatch):
//     from pasting the imports into the editor until both wrong uses are underlined;
// (b) Format is pressed on a 1,000-line file: from the click until the formatted text shows,
//     the first press (Prettier loads in its worker) and a second on another such file.
// Each window is followed by SETTLE_MS more (what the editor does after: re-checking, painting).

const SETTLE_MS = 1500;

let server: NodeModulesServer;
test.beforeAll(async () => {
  server = await startNodeModulesServer();
});
test.afterAll(() => server.close());

const TYPED = `import { strToU8 } from 'fflate';
import picomatch from 'picomatch';
const size: number = strToU8('hi');
const isJs: string = picomatch('*.js');
console.log('pp-bench typed', size, isJs);
`;

/** What Prettier makes of `messy(name)`. */
const tidy = (name: string) =>
  Array.from(
    { length: 1000 },
    (_, i) => `const ${name}${i} = { a: ${i}, b: [1, 2, 3], c: "x${i}" };`,
  ).join('\n') + '\n';

/** 1,000 lines Prettier changes: `const   v0   =   {a:1,b:[1,2,3]}` and the like. */
const messy = (name: string) =>
  Array.from(
    { length: 1000 },
    (_, i) => `const   ${name}${i}   =   {a:${i},b:[1,2,3],c:"x${i}"}`,
  ).join('\n') + '\n';

const project = (): Project => ({
  name: 'editor-tools',
  entry: 'src/main.ts',
  files: {
    'src/main.ts': { kind: 'text', text: "console.log('pp-bench 0');\n" },
    'src/a.ts': { kind: 'text', text: messy('a') },
    'src/b.ts': { kind: 'text', text: messy('b') },
    'src/c.ts': { kind: 'text', text: messy('c') },
  },
});

/** performance.now() in the page once `predicate` holds (checked every frame). */
async function pageTimeWhen(page: Page, predicate: string): Promise<number> {
  const handle = await page.waitForFunction(
    `(() => { if (!(${predicate})) return false; return performance.now(); })()`,
    undefined,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

const editorText = `(document.querySelector('.monaco-editor .view-lines')?.textContent ?? '').replace(/\\u00a0/g, ' ')`;

interface Measured {
  label: string;
  start: number;
  end: number;
}

/** Does `act`, then waits until `done` holds and SETTLE_MS more: one measured window. */
async function measure(page: Page, label: string, act: () => Promise<unknown>, done: string) {
  const start = await page.evaluate(() => performance.now());
  await act();
  const end = await pageTimeWhen(page, done);
  await page.waitForTimeout(SETTLE_MS); // a window to measure, not a wait for a state
  return { label, start, end };
}

/**
 * A table row, up to the state shown and in SETTLE_MS after: tasks of 50 ms or more by wall
 * time (long tasks) and by CPU time, and the most CPU any one task took.
 */
function row({ label, start, end }: Measured, tasks: MainThreadTask[]) {
  const inWindow = (from: number, to: number) =>
    tasks.filter((t) => t.start >= from && t.start < to);
  const during = inWindow(start, end);
  const after = inWindow(end, end + SETTLE_MS);
  const summary = (list: MainThreadTask[]) => [
    list.filter((t) => t.wall >= 50).length,
    ms(Math.max(0, ...list.map((t) => t.wall))),
    list.filter((t) => t.cpu >= 50).length,
    ms(Math.max(0, ...list.map((t) => t.cpu))),
  ];
  console.log(
    label,
    JSON.stringify(
      inWindow(start, end + SETTLE_MS)
        .filter((t) => t.wall >= 50 || t.cpu >= 50)
        .map((t) => [ms(t.start - start), ms(t.wall), ms(t.cpu)]),
    ),
  );
  return [label, ms(end - start), ...summary(during), ...summary(after)];
}

test('long tasks of type fetching and Prettier on the app page', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript((base) => {
    localStorage.setItem('playpen:settings', JSON.stringify({ cdnBase: base, typesBase: base }));
  }, server.base);
  await openPlaypen(page);
  await playpenMarker(page, 'pp-bench 0', { load: project() });
  const trace = await traceMainThread(page);
  const windows: Measured[] = [];

  // (a) Types: paste the imports into the open file (auto-run is off in the bench).
  await page.evaluate(() => window.__playpenBench.open!('src/main.ts'));
  await page.evaluate((t) => navigator.clipboard.writeText(t), TYPED);
  await focusEditor(page);
  windows.push(
    await measure(
      page,
      'types for 2 packages (fetch, cold cache)',
      async () => {
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('ControlOrMeta+V');
        return 0;
      },
      `document.querySelectorAll('.monaco-editor .squiggly-error').length >= 2`,
    ),
  );

  // (b) Format on two 1,000-line files: Prettier cold, then warm.
  for (const [path, first, label] of [
    ['src/a.ts', 'a0', 'Format 1,000 lines (Prettier cold)'],
    ['src/b.ts', 'b0', 'Format 1,000 lines (warm)'],
  ] as const) {
    await page.evaluate((p) => window.__playpenBench.open!(p), path);
    await pageTimeWhen(page, `${editorText}.includes('const   ${first}   =')`);
    windows.push(
      await measure(
        page,
        label,
        async () => {
          await page.getByRole('button', { name: 'Format' }).click();
          return 0;
        },
        `${editorText}.includes('const ${first} = { a: 0, b: [1, 2, 3], c: "x0" };')`,
      ),
    );
  }

  // Control: the same 1,000-line change pasted, no Prettier: what the editor and the app do
  // with such a change on the main thread whoever makes it.
  await page.evaluate(() => window.__playpenBench.open!('src/c.ts'));
  await pageTimeWhen(page, `${editorText}.includes('const   c0   =')`);
  await page.evaluate((t) => navigator.clipboard.writeText(t), tidy('c'));
  await focusEditor(page);
  windows.push(
    await measure(
      page,
      'control: the same change pasted',
      async () => {
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('ControlOrMeta+V');
        return 0;
      },
      // After a paste the editor shows its end.
      `${editorText}.includes('const c999 = { a: 999, b: [1, 2, 3], c: "x999" };')`,
    ),
  );

  const tasks = await trace.stop(1);
  console.log(
    table(
      `App main-thread tasks during type fetching and Prettier, until shown and in the next ${SETTLE_MS} ms: ` +
        'how many took 50 ms or more of wall time (long tasks) and of CPU time, and the longest',
      [
        'case',
        'ms to shown',
        'wall ≥ 50',
        'longest',
        'CPU ≥ 50',
        'most CPU',
        'after: wall ≥ 50',
        'longest',
        'CPU ≥ 50',
        'most CPU',
      ],
      windows.map((w) => row(w, tasks)),
    ),
  );
});
