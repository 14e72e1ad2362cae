import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consoleLog, getLoadedApp, openFile, replaceEditorText, runStatus } from './helpers';

/**
 * axe-core on every state a user can reach: 0 violations of impact moderate, serious or
 * critical. Each state is one entry: to check a new screen (a phone layout, a new dialog), add
 * an entry whose `reach` brings the page there.
 */
interface AxeState {
  /** Shown in the test's title. */
  name: string;
  /** Brings a fresh page to the state to scan. */
  reach(page: Page): Promise<void>;
}

const BLOCKING = new Set(['moderate', 'serious', 'critical']);

async function openDialog(page: Page, button: string, dialog = button) {
  await getLoadedApp(page);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
}

/** The current project's link from the Share dialog (then closed), with `flag` added. */
async function linkWith(page: Page, flag: '?readonly' | '?embed'): Promise<string> {
  await openDialog(page, 'Share');
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  await page.keyboard.press('Escape');
  return link.replace('#', flag + '#');
}

const STATES: AxeState[] = [
  { name: 'default', reach: (page) => getLoadedApp(page) },
  { name: 'Settings dialog', reach: (page) => openDialog(page, 'Settings') },
  { name: 'Share dialog', reach: (page) => openDialog(page, 'Share') },
  { name: 'Projects dialog', reach: (page) => openDialog(page, 'Projects') },
  {
    name: 'Keyboard shortcuts dialog',
    reach: (page) => openDialog(page, 'Keyboard shortcuts'),
  },
  {
    name: 'file menu open',
    async reach(page) {
      await getLoadedApp(page);
      await page.getByRole('button', { name: 'Actions for src/main.ts' }).click();
      await expect(page.getByRole('menu', { name: 'Actions for src/main.ts' })).toBeVisible();
    },
  },
  {
    name: 'console with an expanded object',
    async reach(page) {
      await getLoadedApp(page);
      await openFile(page, 'src/main.ts');
      await replaceEditorText(page, "console.log('value', { a: 1, inner: { b: 'two' } });\n");
      const log = consoleLog(page);
      await log.getByRole('button', { name: /inner/ }).first().click();
      await expect(log.getByRole('row', { name: /^inner/ })).toBeVisible();
    },
  },
  {
    name: 'readonly link',
    async reach(page) {
      const link = await linkWith(page, '?readonly');
      await getLoadedApp(page, link);
      await expect(page.getByRole('button', { name: 'Edit a copy' })).toBeVisible();
    },
  },
  {
    name: 'embed',
    async reach(page) {
      const link = await linkWith(page, '?embed');
      await page.goto(link);
      await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
      await expect(page.getByRole('link', { name: 'Open in Playpen' })).toBeVisible();
    },
  },
  {
    name: 'embed, build error, Problems open',
    async reach(page) {
      await page.goto('/?embed');
      await expect(runStatus(page)).toHaveText('Running', { timeout: 60_000 });
      await replaceEditorText(page, 'const broken = ;\n');
      await expect(runStatus(page)).toHaveText('Build failed', { timeout: 30_000 });
      await page.getByRole('tab', { name: 'Problems' }).click();
      await expect(page.getByRole('region', { name: 'Problems' })).toContainText('src/main.ts');
    },
  },
  {
    name: 'phone',
    async reach(page) {
      await page.setViewportSize({ width: 375, height: 812 });
      await getLoadedApp(page);
    },
  },
  {
    name: 'phone, More open',
    async reach(page) {
      await page.setViewportSize({ width: 375, height: 812 });
      await getLoadedApp(page);
      await page.getByRole('button', { name: 'More' }).click();
      await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
    },
  },
  {
    name: 'tablet',
    async reach(page) {
      await page.setViewportSize({ width: 768, height: 1024 });
      await getLoadedApp(page);
    },
  },
  {
    name: 'runtime error shown, Problems open',
    async reach(page) {
      await getLoadedApp(page);
      await openFile(page, 'src/main.ts');
      await replaceEditorText(page, "throw new Error('boom');\n");
      await expect(page.getByRole('alert', { name: 'Runtime error' })).toBeVisible();
      await page.getByRole('tab', { name: /Problems/ }).click();
      await expect(page.getByRole('region', { name: 'Problems' })).toContainText('boom');
    },
  },
  {
    name: 'dark theme',
    async reach(page) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await getLoadedApp(page);
      await expect(page.locator('.monaco-editor.vs-dark')).toBeVisible();
    },
  },
];

for (const state of STATES) {
  test(`axe finds nothing moderate or worse: ${state.name}`, async ({ page }) => {
    test.setTimeout(120_000);
    await state.reach(page);
    // The preview is the user's program, not the app: it is left out of the scan.
    const results = await new AxeBuilder({ page }).exclude('iframe[title="Preview"]').analyze();
    const blocking = results.violations
      .filter((v) => BLOCKING.has(v.impact ?? ''))
      .map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
      }));
    expect(blocking).toEqual([]);
  });
}
