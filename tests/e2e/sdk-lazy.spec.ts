import { expect, test, type Page } from '@playwright/test';
import { lessonsPage, startHostServer, type HostServer } from './host-server';

// Ten lazy embeds down a long page: only those near the viewport load; the rest stay their
// static code until the reader scrolls near them.

let host: HostServer;
test.beforeAll(async () => {
  host = await startHostServer();
});
test.afterAll(() => host.close());
test.describe.configure({ timeout: 150_000 });

const heard = (p: Page) => p.evaluate(() => (window as unknown as { heard: string[] }).heard);
const loaded = (p: Page) =>
  p.locator('iframe').evaluateAll((frames) => frames.map((f) => f.getAttribute('title')));

test('ten lazy embeds: only those near the viewport load, the others when scrolled near', async ({
  page: p,
  baseURL,
}) => {
  await p.goto(host.page('/ten.html', lessonsPage(baseURL!, 10)));
  await expect.poll(() => heard(p), { timeout: 60_000 }).toEqual(['lesson 1 ran']);
  expect(await loaded(p)).toEqual(['Lesson 1 (Playpen)']);
  // The others show their code meanwhile.
  await expect(p.locator('section pre')).toHaveCount(9);
  await expect(p.locator('section pre').last()).toHaveText("console.log('lesson 10 ran');\n");

  // Straight to the end: the last lesson loads; those scrolled past never came near.
  await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => heard(p), { timeout: 60_000 }).toEqual(['lesson 1 ran', 'lesson 10 ran']);
  expect(await loaded(p)).toEqual(['Lesson 1 (Playpen)', 'Lesson 10 (Playpen)']);
  await expect(p.locator('section pre')).toHaveCount(8);
});
