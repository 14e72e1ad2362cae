import { expect, test, type Page } from '@playwright/test';
import { embedFrame } from './helpers';
import { hostPage, startHostServer, type HostServer } from './host-server';

// A host page that skips the SDK and speaks to the embed by hand, badly on purpose: junk on
// the window, a malformed connect, then junk and bad calls on the port. Each gets a clear
// refusal, nothing else happens, and the embed answers the calls that are valid.

let host: HostServer;
test.beforeAll(async () => {
  host = await startHostServer();
});
test.afterAll(() => host.close());
test.describe.configure({ timeout: 120_000 });

/** What arrived on the host's ports, in order: [port, message]. */
const heard = (p: Page) =>
  p.evaluate(() => (window as unknown as { heard: [string, Record<string, unknown>][] }).heard);

const script = (app: string) => `
const origin = new URL(${JSON.stringify(app)}).origin;
window.heard = [];
const frame = document.createElement('iframe');
frame.title = 'Playground (Playpen)';
frame.style.cssText = 'width:100%;height:520px;border:0';
frame.src = ${JSON.stringify(app)} + '?embed&sdk';
const listen = (name, port) => (port.onmessage = (e) => heard.push([name, e.data]));
addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.data?.type !== 'playpen-embed:hello') return;
  const embed = frame.contentWindow;
  embed.postMessage('junk', origin);
  embed.postMessage({ type: 'playpen-embed:connect', version: 1, settings: {} }, origin);
  const bad = new MessageChannel();
  listen('bad', bad.port1);
  embed.postMessage(
    { type: 'playpen-embed:connect', version: 1, settings: { files: { 'src/main.ts': 1 }, evil: true } },
    origin,
    [bad.port2],
  );
  const good = new MessageChannel();
  listen('good', good.port1);
  window.port = good.port1;
  embed.postMessage(
    { type: 'playpen-embed:connect', version: 1, settings: { files: { 'src/main.ts': "console.log('host files')" } } },
    origin,
    [good.port2],
  );
  // A second connect once connected: the embed no longer listens for one.
  const late = new MessageChannel();
  listen('late', late.port1);
  embed.postMessage({ type: 'playpen-embed:connect', version: 1, settings: {} }, origin, [late.port2]);
});
document.body.append(frame);
`;

/** The reply to call `id` on the good port, once it came. */
async function reply(p: Page, id: number) {
  const find = async () =>
    (await heard(p)).find(([port, m]) => port === 'good' && m.type === 'reply' && m.id === id)?.[1];
  await expect.poll(find).toBeTruthy();
  return find();
}

test('a hostile host gets clear refusals for malformed messages, and the embed keeps working', async ({
  page: p,
  baseURL,
}) => {
  await p.goto(host.page('/hostile.html', hostPage('<h1>Hostile</h1>', script(baseURL!))));
  // The malformed connect was refused on its own port, saying what was wrong.
  await expect
    .poll(async () => (await heard(p)).find(([port]) => port === 'bad')?.[1])
    .toMatchObject({ type: 'refused', error: expect.stringContaining('evil') });
  await expect
    .poll(async () => (await heard(p)).find(([port, m]) => port === 'good' && m.type === 'event'))
    .toEqual(['good', { type: 'event', name: 'ready', data: { version: 1 } }]);
  await expect(embedFrame(p).getByRole('status', { name: 'Run status' })).toHaveText(/Running/, {
    timeout: 60_000,
  });

  await p.evaluate(() => {
    const port = (window as unknown as { port: MessagePort }).port;
    port.postMessage('junk');
    port.postMessage({ type: 'call', method: 'run' });
    port.postMessage({ type: 'call', id: 1, method: '__proto__' });
    port.postMessage({
      type: 'call',
      id: 2,
      method: 'setFiles',
      files: { '../../etc/passwd.js': 'x' },
    });
    port.postMessage({ type: 'call', id: 3, method: 'seek', tick: -5 });
    port.postMessage({
      type: 'call',
      id: 4,
      method: 'updateFile',
      path: 'a.ts',
      text: 'x'.repeat(3e6),
    });
    port.postMessage({ type: 'call', id: 5, method: 'getFiles', also: 'this' });
    port.postMessage({ type: 'call', id: 6, method: 'getFiles' });
  });
  expect(await reply(p, 1)).toEqual({
    type: 'reply',
    id: 1,
    ok: false,
    error: 'Unknown method "__proto__".',
  });
  expect(await reply(p, 2)).toMatchObject({
    ok: false,
    error: expect.stringContaining('invalid file path “../../etc/passwd.js”'),
  });
  expect(await reply(p, 3)).toMatchObject({
    ok: false,
    error: expect.stringMatching(/^Invalid arguments to seek\(\)/),
  });
  expect(await reply(p, 4)).toMatchObject({
    ok: false,
    error: expect.stringMatching(/^Invalid arguments to updateFile\(\)/),
  });
  expect(await reply(p, 5)).toMatchObject({ ok: false, error: expect.stringContaining('also') });
  expect(await reply(p, 6)).toEqual({
    type: 'reply',
    id: 6,
    ok: true,
    value: { 'src/main.ts': "console.log('host files')" },
  });
  const refusals = (await heard(p))
    .filter(([, m]) => m.type === 'refused')
    .map(([port, m]) => [port, m.error]);
  expect(refusals).toContainEqual(['good', 'A message to the embed must be an object.']);
  expect(refusals).toContainEqual(['good', 'A call needs a whole-number id.']);

  // Still working: a run, its output as an event.
  await p.evaluate(() =>
    (window as unknown as { port: MessagePort }).port.postMessage({
      type: 'call',
      id: 7,
      method: 'run',
    }),
  );
  expect(await reply(p, 7)).toEqual({
    type: 'reply',
    id: 7,
    ok: true,
    value: { ok: true, diagnostics: [] },
  });
  await expect
    .poll(
      async () =>
        (await heard(p)).filter(([, m]) => m.type === 'event' && m.name === 'console').length,
    )
    .toBeGreaterThanOrEqual(2);
  // The late connect was never answered.
  expect((await heard(p)).filter(([port]) => port === 'late')).toEqual([]);
});
