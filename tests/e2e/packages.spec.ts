import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { getLoadedApp, openFile, preview, replaceEditorText, waitForOutput } from './helpers';

// Bare imports other than React come from the configured ESM CDN. No CDN is reachable in
// tests, so this test starts its own and points the settings at it.

let server: Server;
let base = '';
const requested: string[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    if (req.url?.startsWith('/shouty@2.1.0')) {
      res.writeHead(200, {
        'content-type': 'text/javascript',
        'access-control-allow-origin': '*',
      });
      res.end('export const shout = (s) => s.toUpperCase() + "!!"; export default "shouty";');
    } else {
      res.writeHead(404, { 'access-control-allow-origin': '*' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(() => {
  server.close();
});

test('a bare import loads from the configured CDN at the version in package.json', async ({
  page,
}) => {
  // Types are looked for there too (none found): never the internet.
  await page.addInitScript((cdnBase) => {
    localStorage.setItem('playpen:settings', JSON.stringify({ cdnBase, typesBase: cdnBase }));
  }, base);
  await getLoadedApp(page);
  await page.getByRole('button', { name: 'New file' }).click();
  const name = page.getByRole('textbox', { name: 'File name' });
  await name.fill('package.json');
  await name.press('Enter');
  await openFile(page, 'package.json');
  await replaceEditorText(page, '{ "dependencies": { "shouty": "2.1.0" } }\n');
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    "import shoutyName, { shout } from 'shouty';\ndocument.body.textContent = shout(shoutyName);\nconsole.log(document.body.textContent);\n",
  );
  await waitForOutput(page, 'SHOUTY!!');
  await expect(preview(page).locator('body')).toHaveText('SHOUTY!!');
  expect(requested).toContain('/shouty@2.1.0');
});

test('a package the CDN does not have is named in the console', async ({ page }) => {
  // Types are looked for there too (none found): never the internet.
  await page.addInitScript((cdnBase) => {
    localStorage.setItem('playpen:settings', JSON.stringify({ cdnBase, typesBase: cdnBase }));
  }, base);
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(page, "import { nope } from 'no-such-package';\nconsole.log(nope);\n");
  await expect(page.getByRole('log', { name: 'Console' })).toContainText('no-such-package');
});
