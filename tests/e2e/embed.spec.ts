import { expect, test, type Page } from '@playwright/test';
import {
  editorLines,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  tickOf,
  waitForOutput,
  pauseRun,
} from './helpers';

const ENTRY = 'src/main.ts';

/** A counter the run can be paused and stepped through: one tick every 100 ms. */
const PROGRAM =
  "let n = 0;\nconst h = document.createElement('h1');\nh.textContent = 'Embedded 0';\ndocument.body.replaceChildren(h);\nsetInterval(() => { n += 1; h.textContent = 'Embedded ' + n; }, 100);\nconsole.log('counter started');\n";

/** Edits the example, then returns the iframe `src` of the Share dialog's embed code. */
async function embedSrc(page: Page): Promise<string> {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(page, PROGRAM);
  await waitForOutput(page, 'counter started');
  await expect(preview(page).locator('h1')).toHaveText(/Embedded [1-9]/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  const snippet = await dialog.getByRole('textbox', { name: 'Embed code' }).inputValue();
  const src = /src="([^"]+)"/.exec(snippet)?.[1]?.replace(/&amp;/g, '&');
  expect(src).toContain('?embed#code/');
  return src!;
}

test.describe.configure({ timeout: 120_000 });

test('an embed from the Share dialog plays, pauses, steps, switches files and opens in Playpen', async ({
  page,
}) => {
  const src = await embedSrc(page);
  await page.setViewportSize({ width: 420, height: 700 });
  await page.goto(src);
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });

  // Narrow: editor and preview are tabs; a file picker stands in for the file tree.
  await expect(page.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
  await expect(editorLines(page)).toContainText("'Embedded ' + n");
  await page.getByRole('button', { name: /File/ }).click();
  await page.getByRole('option', { name: 'src/greet.ts' }).click();
  await expect(page.locator('.pp-editor-tab')).toHaveText('src/greet.ts');
  await expect(editorLines(page)).toContainText('export function greet');

  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview(page).locator('h1')).toHaveText(/Embedded [1-9]/);

  // The run controls of the full app.
  await pauseRun(page);
  const at = await tickOf(page);
  // Focus changes are input ticks too: the count is not the tick number.
  const n = Number((await preview(page).locator('h1').textContent())!.split(' ')[1]);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect.poll(() => tickOf(page)).toBe(at + 1);
  await expect(preview(page).locator('h1')).toHaveText(`Embedded ${n + 1}`);
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect.poll(() => tickOf(page)).toBe(at);
  await expect(preview(page).locator('h1')).toHaveText(`Embedded ${n}`);

  // "Open in Playpen": the full app (no `?embed`) with the embed's project.
  const open = page.getByRole('link', { name: 'Open in Playpen' });
  const href = (await open.getAttribute('href'))!;
  expect(href.startsWith(new URL('/', page.url()).href + '#code/')).toBe(true);
  // Opened on a laptop's screen, where the file tree is beside the editor (not a phone's tab).
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(href);
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await expect(page.getByRole('tree', { name: 'Files' })).toBeVisible();
  await expect(preview(page).locator('h1')).toHaveText(/Embedded [1-9]/);
});

test('?embed without a link shows the example; edits in an embed stay out of saved projects', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
  await replaceEditorText(
    page,
    "document.body.textContent = 'saved in the app';\nconsole.log('saved in the app');\n",
  );
  await waitForOutput(page, 'saved in the app');
  await expect(preview(page).locator('body')).toHaveText('saved in the app', { timeout: 30_000 });

  await page.setViewportSize({ width: 420, height: 700 });
  await page.goto('/?embed');
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview(page).locator('h1')).toHaveText('Hello, Ada!');
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.locator('.pp-editor-tab')).toHaveText(ENTRY);
  await replaceEditorText(
    page,
    "document.body.textContent = 'typed in the embed';\nconsole.log('typed in the embed');\n",
  );
  // The edit's run, seen from its output (narrow, the console is a tab of its own).
  await page.getByRole('tab', { name: 'Console' }).click();
  await waitForOutput(page, 'typed in the embed');
  // Ctrl/Cmd+S outside the editor never opens the browser's Save page in an embed either.
  await page.evaluate(() =>
    window.addEventListener('keydown', (e) => {
      if (e.key.toLowerCase() === 's')
        document.body.dataset.saveDefaultPrevented = String(e.defaultPrevented);
    }),
  );
  await page.getByRole('tab', { name: 'Code' }).focus();
  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.locator('body')).toHaveAttribute('data-save-default-prevented', 'true');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview(page).locator('body')).toHaveText('typed in the embed', {
    timeout: 30_000,
  });

  // The app reopens the user's own project, untouched by the embed.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(runStatus(page)).toHaveText('Running', { timeout: 30_000 });
  await expect(preview(page).locator('body')).toHaveText('saved in the app');
});
