import { expect, test, type Page } from '@playwright/test';
import { embedFrame } from './helpers';
import { hostPage, startHostServer, type HostServer } from './host-server';

// <playpen-embed> with its files inline, on a page with no script of its own but the element's
// module: loaded by a click, a learner's edit kept across a reload (persist), and Reset.

let host: HostServer;
test.beforeAll(async () => {
  host = await startHostServer();
});
test.afterAll(() => host.close());
test.describe.configure({ timeout: 150_000 });

const TITLE = 'Kept lesson';
const EDIT = '// my own note';

const page = (baseURL: string) =>
  hostPage(
    `<h1>Lesson</h1>
    <playpen-embed persist loading="click" name="${TITLE}" height="520">
      <script type="text/plain" data-path="src/main.ts">
        import { word } from './word';
        console.log('the word is ' + word);
      </script>
      <script type="text/plain" data-path="src/word.ts">
        export const word = 'original';
      </script>
    </playpen-embed>
    <script type="module" src="${baseURL}sdk/element.js"></script>
    <script>
      window.heard = [];
      document.querySelector('playpen-embed').addEventListener('console', (e) => heard.push(e.detail.text));
    </script>`,
  );

const heard = (p: Page) => p.evaluate(() => (window as unknown as { heard: string[] }).heard);

/** The edits the host page keeps for its embed (persist), by the SDK, in its own storage. */
const keptMain = (p: Page) =>
  p.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('playpen:edits:'));
    return key
      ? (JSON.parse(localStorage.getItem(key)!) as Record<string, string>)['src/main.ts']!
      : null;
  });

async function load(p: Page) {
  // Not loaded until asked: the code shows, with the button that loads it.
  await expect(p.locator('iframe')).toHaveCount(0);
  await expect(p.locator('playpen-embed pre')).toContainText("console.log('the word is ' + word);");
  await p.getByRole('button', { name: 'Load playground' }).click();
  await expect.poll(() => heard(p), { timeout: 60_000 }).toContain('the word is original');
}

test('an element with inline files loads on click, keeps a learner’s edit across a reload, and Reset restores it', async ({
  page: p,
  baseURL,
}) => {
  const url = host.page('/element.html', page(baseURL!));
  await p.goto(url);
  await load(p);
  const embed = embedFrame(p, TITLE);
  const reset = embed.getByRole('button', { name: 'Reset' });
  await expect(reset).toBeDisabled();
  await expect(embed.locator('.pp-editor-tab')).toHaveText('src/main.ts');

  // The learner types a line at the top of the entry.
  await embed.locator('.monaco-editor .view-lines').first().click();
  await p.keyboard.press('ControlOrMeta+Home');
  await p.keyboard.type(`${EDIT}\n`);
  await expect(reset).toBeEnabled();
  await expect.poll(() => keptMain(p)).toContain(EDIT);

  await p.reload();
  await load(p);
  await expect(embed.locator('.monaco-editor .view-lines').first()).toContainText(EDIT);
  await expect(reset).toBeEnabled();

  await reset.click();
  await expect(embed.locator('.monaco-editor .view-lines').first()).not.toContainText(EDIT);
  await expect(reset).toBeDisabled();
  await expect.poll(() => keptMain(p)).toBeNull();

  await p.reload();
  await load(p);
  await expect(embed.locator('.monaco-editor .view-lines').first()).toContainText(
    "import { word } from './word';",
  );
  await expect(embed.locator('.monaco-editor .view-lines').first()).not.toContainText(EDIT);
});
