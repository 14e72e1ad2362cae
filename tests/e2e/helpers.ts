import { expect, type FrameLocator, type Page } from '@playwright/test';

/** Opens Playpen and waits until the first run shows in the preview. */
export async function getLoadedApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  // The first run compiles esbuild's 10 MB wasm and boots Monaco: on a busy 2-core machine
  // that alone can pass 30 s. This is a wait for the app to load, not a timing assertion.
  await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
}

export const runStatus = (page: Page) => page.getByRole('status', { name: 'Run status' });
export const consoleLog = (page: Page) => page.getByRole('log', { name: 'Console' });
export const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title="Preview"]');
export const timeline = (page: Page) => page.getByRole('slider', { name: 'Timeline' });
/** The tick the Timeline is at. */
export const tickOf = async (page: Page) => Number(await timeline(page).inputValue());
export const fileItem = (page: Page, path: string) =>
  page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: path, exact: true });

/** Opens a file from the tree as a user would. */
export async function openFile(page: Page, path: string): Promise<void> {
  await fileItem(page, path).click();
  await expect(page.locator('.pp-editor-tab')).toHaveText(path);
}

/** Puts the keyboard focus in the editor, as a click into its text does. */
export async function focusEditor(page: Page): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
}

/** Replaces the open file's text the way a user does: select all, paste. */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** Types at the end of the open file, key by key. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

/**
 * Waits for the run that follows an edit: status goes through Building… and settles on
 * `status` (auto-run or Run). Reading the preview after this sees the new run.
 */
export async function waitForRun(page: Page, status = 'Running'): Promise<void> {
  await expect(runStatus(page)).toHaveText(status, { timeout: 30_000 });
}

/** New project › template › "Create project" (the current project stays saved in Projects). */
export async function createFromTemplate(page: Page, template: string): Promise<void> {
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('menuitem', { name: new RegExp('^' + escapeRegExp(template)) }).click();
  await page.getByRole('button', { name: 'Create project' }).click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The open file's text as Monaco shows it (its visible lines). */
export const editorLines = (page: Page) => page.locator('.monaco-editor .view-lines').first();

/** The preview's iframe element (its pixels; `preview` is its content). */
export const previewElement = (page: Page) => page.locator('iframe[title="Preview"]');

/**
 * The preview's pixels now. `caret: 'initial'`: Playwright's default hides carets by writing
 * `style.caretColor` on every field of every frame and then clearing it, which leaves
 * `style=""` in the program's DOM: a change the recorded run never made, so the next replay
 * reported "Replay diverged … the page (DOM hash) differs". A test must not touch the run.
 */
export const previewShot = (page: Page) => previewElement(page).screenshot({ caret: 'initial' });

/** The preview's pixels once two screenshots in a row agree (the frame has painted). */
export async function restingShot(page: Page): Promise<Buffer> {
  let last = await previewShot(page);
  await expect
    .poll(async () => {
      const next = await previewShot(page);
      const same = next.equals(last);
      last = next;
      return same;
    })
    .toBe(true);
  return last;
}
