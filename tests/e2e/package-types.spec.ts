import { expect, test, type Page } from '@playwright/test';
import { getLoadedApp, openFile, preview, replaceEditorText, waitForOutput } from './helpers';
import { startNodeModulesServer, type NodeModulesServer } from './node-modules-server';

// Types for npm packages come from the configured type source; here a local server of the
// real packages in node_modules stands in for it (and for the package CDN), never the internet.
// Until a package's types arrive its imports are `any`: a type error shown for a wrong use
// is proof that they arrived.

let server: NodeModulesServer;

test.beforeAll(async () => {
  server = await startNodeModulesServer();
});

test.afterAll(() => server.close());

test.beforeEach(async ({ page }) => {
  // Loading the app, then a worker fetching types, then the checker: slow on a loaded machine.
  test.slow();
  await page.addInitScript((base) => {
    localStorage.setItem('playpen:settings', JSON.stringify({ cdnBase: base, typesBase: base }));
  }, server.base);
});

const typeErrors = (page: Page) => page.locator('.monaco-editor .squiggly-error');

test('a package with its own types: a wrong use is an error, a right one is not, and it runs', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    "import { strToU8 } from 'fflate';\nconst size: number = strToU8('hi');\ndocument.body.textContent = String(size);\n",
  );
  await expect(typeErrors(page).first()).toBeVisible({ timeout: 60_000 });
  expect(server.requests).toContain('/fflate@latest/package.json');

  await replaceEditorText(
    page,
    "import { strToU8 } from 'fflate';\nconst size: number = strToU8('hi').length;\ndocument.body.textContent = String(size);\nconsole.log('size ' + size);\n",
  );
  await expect(typeErrors(page)).toHaveCount(0);
  await waitForOutput(page, 'size 2');
  await expect(preview(page).locator('body')).toHaveText('2');
});

test('a package typed by @types, and one without types named in a notice', async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    "import picomatch from 'picomatch';\nimport ms from 'ms';\nconst isJs: string = picomatch('*.js');\nconsole.log(isJs, ms);\n",
  );
  await expect(typeErrors(page).first()).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText('ms has no types (none in the package or in @types/ms).'),
  ).toBeVisible();

  await replaceEditorText(
    page,
    "import picomatch from 'picomatch';\nimport ms from 'ms';\nconst isJs: boolean = picomatch('*.js')('a.js');\nconsole.log(isJs, ms);\n",
  );
  await expect(typeErrors(page)).toHaveCount(0);
  expect(server.requests).toContain('/@types/picomatch@latest/package.json');
});

test('types come back after a reload from the cache, also with the type source down', async ({
  page,
}) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    "import { strToU8 } from 'fflate';\nconst size: number = strToU8('hi');\nconsole.log(size);\n",
  );
  await expect(typeErrors(page).first()).toBeVisible({ timeout: 60_000 });
  const typeFile = (path: string) => path.startsWith('/fflate@') && path.endsWith('.d.ts');
  const fetched = server.requests.filter(typeFile).length;
  expect(fetched).toBeGreaterThan(0);

  // A reload asks only for the range's package.json: the pinned version's files are cached.
  await page.reload();
  await openFile(page, 'src/main.ts');
  await expect(typeErrors(page).first()).toBeVisible({ timeout: 60_000 });
  expect(server.requests.filter(typeFile)).toHaveLength(fetched);

  // Offline (the source answers nothing but errors): the types are still there, and no
  // message says they could not be had. The program cannot run: the CDN is down too.
  server.setDown(true);
  try {
    await page.reload();
    await openFile(page, 'src/main.ts');
    await expect(typeErrors(page).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Types for fflate could not be fetched')).toBeHidden();
  } finally {
    server.setDown(false);
  }
});
