import { expect, test, type Page } from '@playwright/test';
import {
  embedFrame,
  hostEvents,
  preview,
  runStatus,
  timeline,
  waitForPreviewAtTick,
} from './helpers';
import { hostPage, RECORD_EVENTS, startHostServer, type HostServer } from './host-server';

// A plain HTML page on another origin (and site) imports sdk/playpen.js from Playpen, creates
// an embed and drives it through every method; the embed's own controls and preview say the
// same as the answers and events.

interface Tick {
  tick: number;
  lastTick: number;
  paused: boolean;
}

const GREET = {
  'src/main.ts': "import { greet } from './greet';\nconsole.log(greet('Ada'), 42);\n",
  'src/greet.ts': "export const greet = (name: string) => 'Hello, ' + name;\n",
};

/** Throws from a second file: the error event names that file and line. */
const BROKEN = {
  'src/main.ts': "import { fail } from './fail';\nconsole.log('before the throw');\nfail();\n",
  'src/fail.ts': "export function fail() {\n  throw new Error('boom in fail');\n}\n",
};

/** One timer tick every 100 ms, each adding one to the count shown. */
const COUNTER = {
  'src/main.ts':
    "let n = 0;\nconst h = document.createElement('h1');\nh.textContent = 'Count 0';\ndocument.body.replaceChildren(h);\nsetInterval(() => { n += 1; h.textContent = 'Count ' + n; }, 100);\n",
};

let host: HostServer;
test.beforeAll(async () => {
  host = await startHostServer();
});
test.afterAll(() => host.close());
test.describe.configure({ timeout: 120_000 });

/** Opens a host page whose embed (eager, the given files) is `window.pp`, and waits for ready. */
async function openHost(page: Page, files: Record<string, string>, baseURL: string) {
  const url = host.page(
    '/plain.html',
    hostPage(
      '<h1>A course page</h1><div id="box"></div>',
      `import { createPlaypen } from '${baseURL}sdk/playpen.js';
      ${RECORD_EVENTS}
      window.pp = createPlaypen(document.getElementById('box'), {
        loading: 'eager', height: 560, files: ${JSON.stringify(files)},
      });
      record(window.pp);`,
    ),
  );
  await page.goto(url);
  await page.evaluate(() => (window as unknown as { pp: { ready(): Promise<void> } }).pp.ready());
}

/** Calls a method of the host's handle; resolves with its result. */
const call = <T = unknown>(page: Page, method: string, ...args: unknown[]): Promise<T> =>
  page.evaluate(
    ([m, a]) =>
      (window as unknown as { pp: Record<string, (...x: unknown[]) => unknown> }).pp[m]!(...a),
    [method, args] as const,
  ) as Promise<T>;

/** Calls a method expected to fail; resolves with its error's message. */
const callError = (page: Page, method: string, ...args: unknown[]): Promise<string> =>
  page.evaluate(
    ([m, a]) =>
      Promise.resolve(
        (window as unknown as { pp: Record<string, (...x: unknown[]) => Promise<unknown>> }).pp[m]!(
          ...a,
        ),
      ).then(
        () => 'resolved',
        (e: Error) => e.message,
      ),
    [method, args] as const,
  );

test('a plain page creates an embed, hears its console, errors and builds, and sets its files', async ({
  page,
  baseURL,
}) => {
  await openHost(page, GREET, baseURL!);
  const embed = embedFrame(page);
  await expect(embed.getByRole('status', { name: 'Run status' })).toHaveText(/Running|Paused/, {
    timeout: 30_000,
  });
  await expect
    .poll(() => hostEvents(page, 'console'))
    .toContainEqual({ level: 'log', text: 'Hello, Ada 42', tick: 0 });
  expect(await hostEvents(page, 'ready')).toEqual([{ version: 1 }]);
  expect(await call(page, 'getFiles')).toEqual(GREET);

  // A learner would see the same in the embed's editor: the entry, then the opened file.
  await expect(embed.locator('.pp-editor-tab')).toHaveText('src/main.ts');
  await call(page, 'openFile', 'src/greet.ts');
  await expect(embed.locator('.pp-editor-tab')).toHaveText('src/greet.ts');
  expect(await callError(page, 'openFile', 'src/nope.ts')).toContain('no file “src/nope.ts”');

  // A program that throws: the error event has its mapped place.
  await call(page, 'setFiles', BROKEN);
  await expect
    .poll(() => hostEvents(page, 'error'))
    .toContainEqual({
      message: 'Error: boom in fail',
      file: 'src/fail.ts',
      line: 2,
      column: 9,
      tick: 0,
    });
  await expect
    .poll(() => hostEvents(page, 'console'))
    .toContainEqual(expect.objectContaining({ text: 'before the throw' }));
  expect(await hostEvents(page, 'change')).toContainEqual({ path: 'src/greet.ts', text: null });

  // A build error: run() resolves with it, and the build event says the same.
  await call(page, 'updateFile', 'src/main.ts', 'const = 1;\n');
  const failed = await call<{ ok: boolean; diagnostics: { file: string; line: number }[] }>(
    page,
    'run',
  );
  expect(failed.ok).toBe(false);
  expect(failed.diagnostics[0]).toMatchObject({ severity: 'error', file: 'src/main.ts', line: 1 });
  await expect(embed.getByRole('status', { name: 'Run status' })).toHaveText('Build failed');
  expect((await hostEvents(page, 'build')).at(-1)).toEqual(failed);

  // Format: the open file, by Prettier in the embed.
  await call(page, 'setFiles', { 'src/main.ts': "console.log( 'formatted' )\n" });
  await call(page, 'format');
  expect(await call(page, 'getFiles')).toEqual({ 'src/main.ts': 'console.log("formatted");\n' });
  const ok = await call<{ ok: boolean }>(page, 'run');
  expect(ok.ok).toBe(true);
  await expect
    .poll(() => hostEvents(page, 'console'))
    .toContainEqual(expect.objectContaining({ text: 'formatted' }));
  expect((await hostEvents<{ run: number }>(page, 'run')).length).toBeGreaterThanOrEqual(2);

  // Reset puts back the files the page gave, and runs them again.
  const greetings = async () =>
    (await hostEvents<{ text: string }>(page, 'console')).filter((e) => e.text === 'Hello, Ada 42')
      .length;
  const before = await greetings();
  await call(page, 'reset');
  expect(await call(page, 'getFiles')).toEqual(GREET);
  await expect(embed.locator('.pp-editor-tab')).toHaveText('src/main.ts');
  await expect.poll(greetings).toBe(before + 1);

  // A share link opens the project in a full Playpen.
  const link = await call<string>(page, 'getShareUrl');
  expect(link.startsWith(`${baseURL}#code/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Running', {
    timeout: 30_000,
  });
  await expect(page.locator('.pp-editor-tab')).toHaveText('src/main.ts');
});

test('the host drives the run’s time: pause, step back and forward, seek, play, with tick events', async ({
  page,
  baseURL,
}) => {
  await openHost(page, COUNTER, baseURL!);
  const embed = embedFrame(page);
  const shown = embed.frameLocator('iframe[title="Preview"]').locator('h1');
  const slider = embed.getByRole('slider', { name: 'Timeline' });
  await expect(shown).toHaveText(/Count [3-9]/, { timeout: 30_000 });

  const paused = await call<Tick>(page, 'pause');
  expect(paused.paused).toBe(true);
  expect(paused.tick).toBe(paused.lastTick);
  await expect(slider).toHaveAttribute('aria-valuenow', String(paused.tick));
  await expect(embed.getByRole('button', { name: 'Play' })).toBeVisible();
  expect((await hostEvents<Tick>(page, 'tick')).at(-1)).toEqual(paused);
  const count = Number((await shown.textContent())!.split(' ')[1]);

  const back = await call<Tick>(page, 'stepBack');
  expect(back).toEqual({ tick: paused.tick - 1, lastTick: paused.lastTick, paused: true });
  await expect(slider).toHaveAttribute('aria-valuenow', String(back.tick));
  await expect(shown).toHaveText(`Count ${count - 1}`);

  const seek = await call<Tick>(page, 'seek', 2);
  expect(seek).toEqual({ tick: 2, lastTick: paused.lastTick, paused: true });
  await expect(slider).toHaveAttribute('aria-valuenow', '2');
  await expect(shown).toHaveText('Count 2');
  expect((await hostEvents<Tick>(page, 'tick')).at(-1)).toEqual(seek);

  const forward = await call<Tick>(page, 'stepForward');
  expect(forward.tick).toBe(3);
  await expect(shown).toHaveText('Count 3');
  await expect(slider).toHaveAttribute('aria-valuenow', '3');

  // A link with the run: a full Playpen opens it paused at the same tick, showing the same.
  const runLink = await call<string>(page, 'getShareUrl', { includeRun: true });
  expect(runLink.startsWith(`${baseURL}#code/`)).toBe(true);
  expect(runLink).not.toBe(await call<string>(page, 'getShareUrl'));

  // Invalid calls are refused with why; the embed stays where it was.
  expect(await callError(page, 'seek', paused.lastTick + 50)).toBe(
    `Playpen: Tick ${paused.lastTick + 50} is not in the run: it holds ticks 0 to ${paused.lastTick}.`,
  );
  expect(await callError(page, 'seek', -1)).toContain('Invalid arguments to seek()');

  const playing = await call<Tick>(page, 'play');
  expect(playing.paused).toBe(false);
  await expect(embed.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Playing, the recorded ticks again and then live: the count passes where it was paused.
  await expect
    .poll(async () => Number((await shown.textContent())!.split(' ')[1]), { timeout: 30_000 })
    .toBeGreaterThan(count);
  await expect
    .poll(async () => (await hostEvents<Tick>(page, 'tick')).at(-1)!.tick)
    .toBeGreaterThan(paused.lastTick);

  // A frame the page removed cannot answer; once destroyed, every call says so.
  await page.locator('iframe').evaluate((frame) => frame.remove());
  expect(await callError(page, 'getFiles')).toBe(
    'Playpen: the embed’s frame was removed from the page.',
  );
  await call(page, 'destroy');
  expect(await callError(page, 'getFiles')).toBe('Playpen: this embed was destroyed.');

  await page.goto(runLink);
  await expect(runStatus(page)).toHaveText('Paused', { timeout: 90_000 });
  await waitForPreviewAtTick(page, 3);
  await expect(timeline(page)).toHaveAttribute('aria-valuemax', String(paused.lastTick));
  await expect(preview(page).locator('h1')).toHaveText('Count 3');
});
