import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  runStatus,
  timeline,
  pauseRun,
} from './helpers';

// Programs that reach for the machine's resources: windows, threads. Each is held to a
// playground's measure with a message saying so, and the app goes on as before.

const ENTRY = 'src/main.ts';
const stepBack = (page: Page) => page.getByRole('button', { name: 'Step back' });

/** Accepts every dialog the page shows, as a user pressing OK; returns them as "type message". */
function acceptDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()} ${dialog.message()}`);
    void dialog.accept();
  });
  return dialogs;
}

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, ENTRY);
});

test('a click that opens 1,000 windows opens one, says why, and stepping back opens none', async ({
  page,
  context,
}) => {
  await replaceEditorText(
    page,
    [
      "document.body.innerHTML = '<button>Open</button>';",
      "document.querySelector('button')!.addEventListener('click', () => {",
      '  let opened = 0;',
      "  for (let i = 0; i < 1000; i++) if (window.open('about:blank')) opened++;",
      "  console.log('opened', opened);",
      '});',
      "console.log('opener ready');",
      '',
    ].join('\n'),
  );
  // The new run's own output first: a click inside the preview that began in the frame this
  // run replaces ends when that frame is removed (Playwright: "Target page … closed").
  await expect(consoleLog(page)).toContainText('opener ready', { timeout: 30_000 });
  const popup = context.waitForEvent('page');
  await preview(page).getByRole('button', { name: 'Open' }).click();
  await expect(consoleLog(page)).toContainText('opened 1');
  await expect(consoleLog(page)).toContainText(
    'Playpen blocked window.open (1 so far): a program may open one window per click or key press.',
  );
  await popup;
  expect(context.pages()).toHaveLength(2);

  // Replays (the checkpoints kept for step back, and step back itself) re-run the click
  // without opening its window again.
  await pauseRun(page);
  const at = Number(await timeline(page).inputValue());
  await stepBack(page).click();
  await expect(timeline(page)).toHaveValue(String(at - 1));
  await stepBack(page).click();
  await expect(timeline(page)).toHaveValue(String(at - 2));
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(timeline(page)).toHaveValue(String(at - 1));
  expect(context.pages()).toHaveLength(2);
});

test('a program that starts Workers in a loop is stopped at 16 with a clear error', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    [
      'const workers: Worker[] = [];',
      'try {',
      '  for (let i = 0; i < 2000; i++)',
      "    workers.push(new Worker(URL.createObjectURL(new Blob(['setInterval(() => {}, 1)']))));",
      '} catch (error) {',
      "  console.log('refused:', String(error));",
      '}',
      "console.log('started', workers.length);",
      'workers[0]!.terminate();',
      "workers.push(new Worker(URL.createObjectURL(new Blob([''])))); ",
      "console.log('after one ended', workers.length);",
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('after one ended 17');
  await expect(consoleLog(page)).toContainText('started 16');
  await expect(consoleLog(page)).toContainText(
    'refused: Error: Playpen: at most 16 Workers can run at once in the preview; terminate one before starting another.',
  );
  await expect(runStatus(page)).toHaveText('Running');
});

test('an alert loop shows one dialog, says why, and a click still gets its confirm; replays show none', async ({
  page,
}) => {
  const dialogs = acceptDialogs(page);
  await replaceEditorText(
    page,
    [
      "for (let i = 0; i < 50; i++) alert('hi ' + i);",
      "document.body.innerHTML = '<button>Ask</button>';",
      "document.querySelector('button')!.addEventListener('click', () => {",
      "  console.log('answer', confirm('sure?'), confirm('again?'));",
      '});',
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText(
    'Playpen blocked window.alert (1 so far): after its first dialog, a program may show one per click or key press.',
  );
  await preview(page).getByRole('button', { name: 'Ask' }).click();
  // The click allows one dialog: the second confirm is refused as a browser that suppresses it.
  await expect(consoleLog(page)).toContainText('answer true false');
  expect(dialogs).toEqual(['alert hi 0', 'confirm sure?']);

  // Step back and forth replays the alerts and the click without showing a dialog again.
  await pauseRun(page);
  const at = Number(await timeline(page).inputValue());
  await stepBack(page).click();
  await expect(timeline(page)).toHaveValue(String(at - 1));
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(timeline(page)).toHaveValue(String(at));
  // Home on the Timeline seeks to tick 0: a replay of the whole run, alert loop included.
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await expect(timeline(page)).toHaveValue('0');
  await expect(consoleLog(page)).not.toContainText('answer');
  expect(dialogs).toEqual(['alert hi 0', 'confirm sure?']);
});

test('a frame the program nests runs its script but opens no dialog or window (they would escape the rationing)', async ({
  page,
  context,
}) => {
  const dialogs = acceptDialogs(page);
  await replaceEditorText(
    page,
    [
      "const f = document.createElement('iframe');",
      'f.srcdoc = \'<p>nested</p><script>for (let i = 0; i < 20; i++) alert("nested " + i); window.open("about:blank"); document.querySelector("p").textContent = "nested ran to the end";<\\/script>\';',
      'document.body.append(f);',
      "console.log('nest made');",
      '',
    ].join('\n'),
  );
  // The new run's own output first: a wait inside the preview that began in the frame this
  // run replaces ends when that frame is removed (Playwright: "Target page … closed").
  await expect(consoleLog(page)).toContainText('nest made', { timeout: 30_000 });
  await expect(
    preview(page).frameLocator('iframe').getByText('nested ran to the end'),
  ).toBeVisible();
  expect(dialogs).toEqual([]);
  expect(context.pages()).toHaveLength(1);
});

// An <object> or <embed> shows a document of its own, like an iframe, but has no sandbox
// attribute to limit it: a page in one opened its dialogs and windows with the preview's flags.
test('an <object> or <embed> showing a page loads nothing; its fallback shows and the console says why', async ({
  page,
  context,
}) => {
  const dialogs = acceptDialogs(page);
  await replaceEditorText(
    page,
    [
      "document.addEventListener('securitypolicyviolation', (e) => console.log('blocked', e.blockedURI.split(':')[0]));",
      'const inner = \'<p>inner</p><script>alert("inner"); window.open("about:blank");<\\/script>\';',
      "const object = document.createElement('object');",
      "object.data = 'data:text/html,' + encodeURIComponent(inner);",
      "object.textContent = 'object fallback';",
      "const embed = document.createElement('embed');",
      "embed.src = URL.createObjectURL(new Blob([inner], { type: 'text/html' }));",
      'document.body.append(object, embed);',
      "console.log('embeds made');",
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('embeds made', { timeout: 30_000 });
  await expect(consoleLog(page)).toContainText(
    'playpen: <object> and <embed> show only their fallback content in the preview',
  );
  // Both loads refused (the program's own report of them): no page of theirs will run.
  await expect(consoleLog(page)).toContainText('blocked data');
  await expect(consoleLog(page)).toContainText('blocked blob');
  await expect(preview(page).getByText('object fallback')).toBeVisible();
  expect(dialogs).toEqual([]);
  expect(context.pages()).toHaveLength(1);
});

// A frame in a shadow root is in a tree of its own, which an observer of the document does
// not see, and a closed root made by the parser is out of every script's reach: these loaded
// with the preview's flags and opened a dialog and a window each.
test('frames in shadow roots (declarative open or closed, parsed, cloned) run their scripts but open no dialog or window; a closed root is not cloned', async ({
  page,
  context,
}) => {
  const dialogs = acceptDialogs(page);
  await replaceEditorText(
    page,
    String.raw`addEventListener('message', (event) => console.log(event.data));
const inner = (name: string) =>
  '<script>alert("' + name + '"); window.open("about:blank"); parent.postMessage("' + name + ' ran to the end", "*");<\/script>';
const frame = (name: string) => "<iframe srcdoc='" + inner(name) + "'></iframe>";
const declare = (mode: string, name: string) =>
  '<div><template shadowrootmode="' + mode + '">' + frame(name) + '</template></div>';
const host = document.createElement('div');
host.setHTMLUnsafe(declare('open', 'set open'));
document.body.append(host);
const closed = document.createElement('div');
closed.setHTMLUnsafe(declare('CLOSED', 'set closed'));
document.body.append(closed);
for (const mode of ['open', 'closed'])
  document.body.append(Document.parseHTMLUnsafe(declare(mode, 'parsed ' + mode)).body.firstElementChild!);
const original = document.createElement('div');
original.attachShadow({ mode: 'open', clonable: true }).innerHTML = frame('cloned');
document.body.append(original.cloneNode(true));
const closedOriginal = document.createElement('div');
closedOriginal.attachShadow({ mode: 'closed', clonable: true }).innerHTML = frame('closed cloned');
const closedClone = closedOriginal.cloneNode(true) as HTMLElement;
document.body.append(closedClone);
try {
  closedClone.attachShadow({ mode: 'open' });
  console.log('the closed root was not cloned');
} catch {
  console.log('the closed root was cloned');
}
console.log('shadow frames made');
`,
  );
  await expect(consoleLog(page)).toContainText('shadow frames made', { timeout: 30_000 });
  // A clone's closed root would be out of the runtime's reach, so it has none (nor a frame).
  await expect(consoleLog(page)).toContainText('the closed root was not cloned');
  for (const name of ['set open', 'set closed', 'parsed open', 'parsed closed', 'cloned'])
    await expect(consoleLog(page)).toContainText(`${name} ran to the end`);
  expect(dialogs).toEqual([]);
  expect(context.pages()).toHaveLength(1);
});

// A <frame> outside a frameset is never shown, but its page runs, with the preview's flags.
test('a <frame> is removed before its page runs, and the console says why', async ({
  page,
  context,
}) => {
  const dialogs = acceptDialogs(page);
  await replaceEditorText(
    page,
    [
      "const frame = document.createElement('frame');",
      'frame.src = \'data:text/html,<script>alert("framed"); window.open("about:blank")<\\/script>\';',
      'document.body.append(frame);',
      "console.log('frame made');",
      "const iframe = document.createElement('iframe');",
      "iframe.srcdoc = '<p>after the frame</p>';",
      'document.body.append(iframe);',
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('frame made', { timeout: 30_000 });
  await expect(consoleLog(page)).toContainText(
    'playpen: a <frame> was removed from the preview: it cannot be sandboxed. Use <iframe>.',
  );
  await expect(preview(page).frameLocator('iframe').getByText('after the frame')).toBeVisible();
  await expect(preview(page).locator('frame')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  expect(context.pages()).toHaveLength(1);
});

// The parser fed by document.write could make a closed root that no script reaches, with its
// frames loading under the preview's flags. Chromium declares no root there (after document.open
// the templates stay inert and their frames never load): this holds it to that, since a browser
// that did would need a hook in the runtime (setHTMLUnsafe and parseHTMLUnsafe have theirs).
test('HTML written with document.write declares no shadow root; its frames stay inert', async ({
  page,
  context,
}) => {
  const dialogs = acceptDialogs(page);
  await replaceEditorText(
    page,
    String.raw`const inner = (name: string) =>
  '<script>alert("' + name + '"); window.open("about:blank");<\/script>';
const frame = (name: string) => "<iframe srcdoc='" + inner(name) + "'></iframe>";
const declare = (mode: string, name: string) =>
  '<div id="' + name + '"><template shadowrootmode="' + mode + '">' + frame(name) + '</template></div>';
document.write(declare('closed', 'written-closed') + declare('open', 'written-open'));
document.writeln('<div id="split"><template shadowrootmode="closed">');
document.write(frame('split closed') + '</template></div>');
document.close();
const roots = ['written-closed', 'written-open', 'split'].filter((id) => document.getElementById(id)!.shadowRoot);
console.log('written: templates', document.querySelectorAll('template[shadowrootmode]').length, 'roots', roots.length, 'frames', window.frames.length);
`,
  );
  await expect(consoleLog(page)).toContainText('written: templates 3 roots 0 frames 0', {
    timeout: 30_000,
  });
  expect(dialogs).toEqual([]);
  expect(context.pages()).toHaveLength(1);
});
