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

/**
 * Puts the keyboard focus in the editor, as a click into its text does: at the first visible
 * line, just right of the line numbers. Not the centre of `.view-lines`: that element is as
 * wide as the longest line, so in a narrow editor its centre lies under the preview (the click
 * then scrolls the editor sideways and lands outside it, and the keys that follow go nowhere).
 */
export async function focusEditor(page: Page): Promise<void> {
  const editor = page.locator('.monaco-editor').first();
  const margin = await editor.locator('.margin').first().boundingBox();
  await editor.click({ position: { x: (margin?.width ?? 64) + 12, y: 10 } });
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

/** Pastes `text` at the end of the open file: one change, so one run follows. */
export async function pasteAtEnd(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ControlOrMeta+V');
}

/**
 * Waits until the Run status shows `status`. Right after an edit this proves nothing about
 * the edit's run: the last run already showed "Running", and the edit's auto-run starts a
 * moment later. To look inside the preview after an edit, use waitForOutput.
 */
export async function waitForRun(page: Page, status = 'Running'): Promise<void> {
  await expect(runStatus(page)).toHaveText(status, { timeout: 30_000 });
}

/**
 * Waits until the console shows `text`, a line the edited program logs and the last run did
 * not: the edit's run is then the one in the preview, as a user sees from its output. Do this
 * before looking inside the preview after an edit. Each run gets a new iframe and the old one
 * is removed: a click or a wait begun in the old one right after the edit ends with "Target
 * page, context or browser has been closed", and a check the old run also passes proves
 * nothing. The console is outside the preview, and the line stays (a state, not a moment).
 *
 * The edit must be one change (a paste), or typed so that the line is complete only with
 * its last key (end on the closing quote; Monaco types over the closing brackets): a run of a
 * half-typed text that already logs `text` would be replaced by the next key's run.
 */
export async function waitForOutput(page: Page, text: string, timeout = 30_000): Promise<void> {
  await expect(consoleLog(page)).toContainText(text, { timeout });
}

/**
 * Presses Run and waits for that run's console line `text`, one the program logs as it
 * starts (not later). Run starts the same program again, and the last run printed that line
 * too: the console is cleared first, so only the new run can show it anew. After an edit,
 * wait for the edit's own run (waitForOutput) before this: its line could otherwise come
 * after the clear.
 */
export async function runAndWaitForOutput(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Clear console' }).click();
  await expect(consoleLog(page)).not.toContainText(text);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await waitForOutput(page, text);
}

/**
 * Waits until the preview rests at `tick` after a step, a seek (Home, End, the slider, a
 * console entry's tick) or a restored future. Stepping or seeking back replaces the preview:
 * a hidden frame replays to the tick and is then shown, titled "Preview" (the replaced one is
 * hidden and renamed first). The Timeline moves to `tick` only when that frame reports it has
 * come to rest there, and stays (a state, not a moment). Do this before looking inside the
 * preview: a look begun right after the press may run in the frame being replaced (it passes
 * on the old page by luck, or ends with "Target page … closed" when that frame is removed).
 * `tick` must differ from the tick shown before the press, or nothing here proves the move:
 * wait for a console line only the new state shows instead.
 */
export async function waitForPreviewAtTick(page: Page, tick: number): Promise<void> {
  // Long replays on a loaded machine: a wait, not a timing check.
  await expect(timeline(page)).toHaveAttribute('aria-valuenow', String(tick), { timeout: 60_000 });
  await expect(timeline(page)).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(page.getByText(new RegExp(`^Tick ${tick} /`))).toBeVisible();
}

/**
 * Pause, then wait until the preview has said where it stopped: the Run status says Paused at
 * once, but a playing preview runs on until the message reaches it, so the tick shown may
 * still move once. The Timeline is busy until then.
 */
export async function pauseRun(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');
  await expect(timeline(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
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

/** The SDK embed's frame in a host page (titled "<title> (Playpen)"). */
export const embedFrame = (page: Page, title = 'Playground'): FrameLocator =>
  page.frameLocator(`iframe[title="${title} (Playpen)"]`);

/** The events a host page recorded (tests/e2e/host-server.ts, RECORD_EVENTS) of one name. */
export const hostEvents = <T = unknown>(page: Page, name: string): Promise<T[]> =>
  page.evaluate(
    (n) =>
      (window as unknown as { events: [string, unknown][] }).events
        .filter(([e]) => e === n)
        .map(([, data]) => data as T),
    name,
  );
