import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  editorLines,
  fileItem,
  getLoadedApp,
  openFile,
  replaceEditorText,
  waitForOutput,
} from './helpers';

// Issue 35: what the first paint holds, and what opening a project costs the editor. No clocks:
// what is mounted when the code first shows, where things are, and which files have models.

/** What the page holds when the editor first shows code, recorded by an init script. */
interface FirstPaint {
  files: boolean;
  console: boolean;
  run: boolean;
  boxes: Record<string, number[] | null>;
}

/** The boxes compared: the editor, the preview pane and the toolbar (nothing may move). */
const BOXES = ['.pp-editor-host', '.pp-preview', '.pp-toolbar'] as const;

async function recordFirstPaint(page: Page) {
  await page.addInitScript((boxes) => {
    if (window !== window.top) return;
    const observer = new MutationObserver(() => {
      const lines = document.querySelector<HTMLElement>('.monaco-editor .view-lines');
      if (!lines || lines.offsetHeight === 0 || !/import/.test(lines.textContent ?? '')) return;
      observer.disconnect();
      const box = (selector: string) => {
        const r = document.querySelector(selector)?.getBoundingClientRect();
        return r ? [r.x, r.y, r.width, r.height] : null;
      };
      (window as unknown as { __ppFirstPaint: FirstPaint }).__ppFirstPaint = {
        files: !!document.querySelector('[role="tree"][aria-label="Files"]'),
        console: !!document.querySelector('[role="log"][aria-label="Console"]'),
        run: Array.from(document.querySelectorAll('button')).some(
          (b) => b.textContent?.trim() === 'Run',
        ),
        boxes: Object.fromEntries(boxes.map((s) => [s, box(s)])),
      };
    });
    observer.observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, BOXES);
}

/** The app's bench hook (src/app/bench-hook.ts, with ?bench in the URL). */
interface BenchHook {
  __playpenBench: { load(project: unknown): Promise<void>; editorModels(): string[] };
}

const problemCounts = (page: Page) =>
  page.getByRole('button', { name: /^(No problems|\d+ (error|warning))/ });

const boxesNow = (page: Page) =>
  page.evaluate(
    (boxes) =>
      Object.fromEntries(
        boxes.map((s) => {
          const r = document.querySelector(s)?.getBoundingClientRect();
          return [s, r ? [r.x, r.y, r.width, r.height] : null];
        }),
      ),
    BOXES,
  );

test('the first paint holds the code and the preview pane; the toolbar, Files and Console follow without moving them', async ({
  page,
}) => {
  await recordFirstPaint(page);
  await getLoadedApp(page);
  await expect(fileItem(page, 'src/main.ts')).toBeVisible();
  await expect(consoleLog(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  const first = await page.evaluate(
    () => (window as unknown as { __ppFirstPaint?: FirstPaint }).__ppFirstPaint,
  );
  expect(first).toBeDefined();
  expect({ files: first!.files, console: first!.console, run: first!.run }).toEqual({
    files: false,
    console: false,
    run: false,
  });
  expect(first!.boxes['.pp-preview']).not.toBeNull();
  expect(await boxesNow(page)).toEqual(first!.boxes);
});

test('opening a project makes an editor model for the file it shows, and one more per file opened', async ({
  page,
}) => {
  await page.goto('/?bench');
  await expect(editorLines(page)).toContainText('import');
  const files: Record<string, { kind: 'text'; text: string }> = {
    'src/main.ts': {
      kind: 'text',
      text: "import { v0 } from './m0';\nconsole.log('opened', v0);\n",
    },
  };
  for (let i = 0; i < 40; i++)
    files[`src/m${i}.ts`] = {
      kind: 'text',
      text:
        i < 39 ? `export { v${i + 1} as v${i} } from './m${i + 1}';\n` : 'export const v39 = 39;\n',
    };
  await page.evaluate((project) => (window as unknown as BenchHook).__playpenBench.load(project), {
    name: 'forty',
    entry: 'src/main.ts',
    files,
  });
  await waitForOutput(page, 'opened 39');
  await expect(editorLines(page)).toContainText("from './m0'");
  const models = () =>
    page.evaluate(() => (window as unknown as BenchHook).__playpenBench.editorModels());
  expect(await models()).toEqual(['src/main.ts']);
  await openFile(page, 'src/m7.ts');
  await expect(editorLines(page)).toContainText('v8 as v7');
  expect(await models()).toEqual(['src/m7.ts', 'src/main.ts']);
});

test('a file never shown still types its importers, and a rename across files changes it', async ({
  page,
}) => {
  await getLoadedApp(page);
  // src/greet.ts is the example's, never opened here: TypeScript reads it all the same.
  await replaceEditorText(page, "import { greet } from './greet';\nconsole.log(greet(42));\n");
  await expect(problemCounts(page)).toHaveText('1 error');
  await problemCounts(page).click();
  await expect(
    page.getByRole('region', { name: 'Problems' }).getByRole('button', {
      name: /Argument of type 'number' is not assignable to parameter of type 'string'/,
    }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Console' }).click();
  await replaceEditorText(page, "import { greet } from './greet';\nconsole.log(greet('Bo'));\n");
  await waitForOutput(page, 'Hello, Bo!');
  // Rename the imported function where it is used: its file, never shown, changes too.
  await page.locator('.monaco-editor .view-line').nth(1).getByText('greet').click();
  await page.keyboard.press('F2');
  // Monaco's rename field opens once TypeScript has found what the name stands for.
  const newName = page.locator('.rename-box .rename-input');
  await newName.fill('welcome');
  await newName.press('Enter');
  await expect(editorLines(page)).toContainText('console.log(welcome(');
  await openFile(page, 'src/greet.ts');
  await expect(editorLines(page)).toContainText('export function welcome(');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await waitForOutput(page, 'Hello, Bo!');
  await expect(problemCounts(page)).toHaveText('No problems');
});
