import { expect, test, type Page } from '@playwright/test';
import {
  consoleLog,
  editorLines,
  focusEditor,
  getLoadedApp,
  openFile,
  preview,
  replaceEditorText,
  tickOf,
  timeline,
  waitForOutput,
  pauseRun,
} from './helpers';

// The preview never takes the keyboard from the app by itself: only the user's own click or
// Tab puts focus in it. A replay (step back, a parked checkpoint) re-runs recorded focus
// changes, and programs call focus() on load; both used to pull the keys out of the app.

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

test('stepping back with the keyboard keeps the focus on the Timeline', async ({ page }) => {
  // Clicking a button focuses it: each replay of these clicks moves focus in the preview.
  await replaceEditorText(
    page,
    `const b = document.createElement('button');
let count = 0;
b.textContent = 'Clicked 0';
b.addEventListener('click', () => {
  b.textContent = 'Clicked ' + ++count;
});
document.body.replaceChildren(b);
console.log('button made');
`,
  );
  // The new run first: the clicks below must not land in the frame it replaces.
  await waitForOutput(page, 'button made');
  const button = preview(page).getByRole('button', { name: /Clicked/ });
  await expect(button).toHaveText('Clicked 0', { timeout: 30_000 });
  for (let i = 1; i <= 3; i++) {
    await button.click();
    await expect(button).toHaveText(`Clicked ${i}`);
  }
  await pauseRun(page);
  const last = await tickOf(page);

  await timeline(page).focus();
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tickOf(page)).toBe(last - i);
    await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled();
    await expect(timeline(page)).toBeFocused();
  }
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page)).toBe(0);
  await expect(preview(page).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 0');
  await expect(timeline(page)).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => tickOf(page)).toBe(last);
  await expect(preview(page).getByRole('button', { name: /Clicked/ })).toHaveText('Clicked 3');
});

test('a program that focuses its text field does not take the keys from the editor', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    `const field = document.createElement('input');
field.setAttribute('aria-label', 'Name');
document.body.replaceChildren(field);
setTimeout(() => {
  field.focus();
  console.log('focused', document.activeElement === field);
}, 200);
`,
  );
  // Refused: the user has not put the keyboard in the preview.
  await expect(consoleLog(page)).toContainText('focused false', { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
  // The user's own click puts the keys in the preview.
  const field = preview(page).getByRole('textbox', { name: 'Name' });
  await field.click();
  await page.keyboard.type('Ada');
  await expect(field).toHaveValue('Ada');
  // Back in the editor, typing on: every key lands there (each edit re-runs the program, and
  // each run focuses its field again).
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// typed here');
  await expect(page.locator('.monaco-editor .view-lines').first()).toContainText('// typed here');
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
});

/** A program that focuses its field again and again, by `schedule`, and counts its tries. */
const grabber = (name: string, schedule: string) => `const field = document.createElement('input');
field.setAttribute('aria-label', 'Name');
const edit = document.createElement('button');
edit.textContent = 'Edit';
edit.addEventListener('click', () => field.focus());
const tries = document.createElement('p');
document.body.replaceChildren(field, edit, tries);
let count = 0;
const grab = () => {
  field.focus();
  tries.textContent = 'Tries: ' + ++count;
};
${schedule}
console.log('${name}');
`;

/**
 * Typed into the editor while a program tries to take the keys: every key has to arrive. It
 * logs a line of its own, so a test can wait for the run it starts before looking inside the
 * preview: a wait begun in the frame that run replaces ends when that frame is removed
 * (Playwright: "Target page … closed"), and the program's other lines are the old run's too.
 * (Monaco closes the bracket and quote as they are typed, and types over the closing ones.)
 */
const TYPED = "\nconsole.log('abcdefghij')";
const TYPED_LOGS = 'abcdefghij';

const editorText = async (page: Page) =>
  (await editorLines(page).innerText()).replace(/\u00a0/g, ' ');

for (const [what, schedule] of [
  [
    'every animation frame',
    'const loop = () => {\n  grab();\n  requestAnimationFrame(loop);\n};\nrequestAnimationFrame(loop);',
  ],
  ['every 16 ms', 'setInterval(grab, 16);'],
] as const) {
  test(`a program focusing its field ${what} leaves every key in the editor`, async ({ page }) => {
    const field = preview(page).getByRole('textbox', { name: 'Name' });
    const triesSeen = async () =>
      Number(
        (
          await preview(page)
            .getByText(/^Tries: /)
            .innerText()
        ).slice(7),
      );
    await replaceEditorText(page, grabber('grabbing', schedule));
    await expect(consoleLog(page)).toContainText('grabbing', { timeout: 30_000 });
    await expect.poll(triesSeen).toBeGreaterThan(2);

    // Ten keys typed into the editor while the program keeps trying: all ten arrive, in order.
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(TYPED);
    await expect(editorLines(page)).toContainText(TYPED.trim());
    await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
    await expect(consoleLog(page)).toContainText(TYPED_LOGS, { timeout: 30_000 });
    await expect(field).toHaveValue('');

    // Each edit restarts the program; select all, delete and paste all act on the editor.
    await expect(consoleLog(page)).toContainText('grabbing', { timeout: 30_000 });
    await expect.poll(triesSeen).toBeGreaterThan(2);
    await page.evaluate((t) => navigator.clipboard.writeText(t), grabber('replaced', schedule));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await expect(editorLines(page)).not.toContainText('grabbing');
    await page.keyboard.press('ControlOrMeta+V');
    await expect(consoleLog(page)).toContainText('replaced', { timeout: 30_000 });
    const text = await editorText(page);
    expect(text).toContain("console.log('replaced');");
    expect(text).not.toContain('abcdefghij');
    expect(text.match(/const field/g)).toHaveLength(1);
    await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
    await expect(field).toHaveValue('');

    // The user's click puts the keys in the preview, and the program's focus() works there.
    await field.click();
    await page.keyboard.type('Ada');
    await expect(field).toHaveValue('Ada');
    await preview(page).getByRole('button', { name: 'Edit' }).click();
    await page.keyboard.type(' L');
    await expect(field).toHaveValue('Ada L');
  });
}

test('no way a program moves focus takes the keys from the editor', async ({ page }) => {
  // Each animation frame tries the next way; every one of them took the browser's focus.
  await replaceEditorText(
    page,
    `const field = document.createElement('input');
field.setAttribute('aria-label', 'Name');
field.required = true;
const form = document.createElement('form');
form.append(field);
const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
const link = document.createElementNS('http://www.w3.org/2000/svg', 'a');
link.setAttribute('href', '#');
svg.append(link);
const notes = document.createElement('div');
notes.contentEditable = 'true';
notes.textContent = 'notes';
const dialog = document.createElement('dialog');
dialog.append(document.createElement('input'));
const pop = document.createElement('div');
pop.popover = 'auto';
const inner = document.createElement('input');
inner.autofocus = true;
pop.append(inner);
const tries = document.createElement('p');
document.body.replaceChildren(form, svg, notes, dialog, pop, tries);
const channel = new MessageChannel();
channel.port1.onmessage = () => notes.focus();
const ways = [
  () => link.focus(),
  () => window.focus(),
  () => field.select(),
  () => { dialog.showModal(); dialog.close(); },
  () => { dialog.show(); dialog.close(); },
  () => { pop.showPopover(); pop.hidePopover(); },
  () => form.reportValidity(),
  () => channel.port2.postMessage(0),
  () => Promise.resolve().then(() => field.focus()),
  () => notes.focus(),
];
let n = 0;
const loop = () => {
  ways[n++ % ways.length]();
  tries.textContent = 'Tries: ' + n;
  requestAnimationFrame(loop);
};
requestAnimationFrame(loop);
console.log('every way');
`,
  );
  await expect(consoleLog(page)).toContainText('every way', { timeout: 30_000 });
  const triesSeen = async () =>
    Number(
      (
        await preview(page)
          .getByText(/^Tries: /)
          .innerText()
      ).slice(7),
    );
  await expect.poll(triesSeen).toBeGreaterThan(20);
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(TYPED);
  await expect(editorLines(page)).toContainText(TYPED.trim());
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
  await expect(consoleLog(page)).toContainText(TYPED_LOGS, { timeout: 30_000 });
  await expect(preview(page).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(preview(page).getByText('notes', { exact: true })).toBeVisible();
});

/**
 * A page with a labelled required field in a form, a fragment link, editable notes, a dialog
 * with an autofocus field, and a slot for inserted fields; `steal` runs every animation frame.
 */
const thief = (steal: string) => `document.body.innerHTML = \`<form id="form">
  <label for="field" id="label">Name</label>
  <input id="field" aria-label="Name" required>
  <button id="send">Send</button>
</form>
<a id="jump" href="#field">Jump</a>
<div id="notes" contenteditable="true">notes</div>
<dialog id="dialog"><input autofocus aria-label="Inside"></dialog>
<div id="slot"></div>
<p id="tries"></p>\`;
const $ = (id: string) => document.getElementById(id) as any;
$('form').addEventListener('submit', (e: Event) => e.preventDefault());
let n = 0;
const loop = () => {
  n++;
  ${steal}
  $('tries').textContent = 'Tries: ' + n;
  requestAnimationFrame(loop);
};
requestAnimationFrame(loop);
console.log('thief ready');
`;

for (const [what, steal] of [
  ['label.click()', "$('label').click();"],
  ['form.requestSubmit()', "$('form').requestSubmit();"],
  ['a submit button click()', "$('send').click();"],
  ['location.hash', "location.hash = n % 2 ? '#field' : '#tries';"],
  ['a fragment link click()', "$('jump').click(); if (n % 2) location.hash = '#tries';"],
  // Refused already (the gate's wraps; browsers block autofocus in cross-origin frames).
  [
    'scrollIntoView, select, autofocus, a contenteditable selection or a modal dialog',
    `[
    () => { $('field').scrollIntoView(); $('field').setSelectionRange(0, 0); $('field').select(); },
    () => { const f = document.createElement('input'); f.autofocus = true; $('slot').replaceChildren(f); },
    () => { getSelection()!.selectAllChildren($('notes')); getSelection()!.collapse($('notes'), 0); },
    () => { $('dialog').showModal(); $('dialog').close(); },
  ][n % 4]();`,
  ],
] as const) {
  test(`a program stealing focus by ${what} leaves every key in the editor`, async ({ page }) => {
    await replaceEditorText(page, thief(steal));
    await expect(consoleLog(page)).toContainText('thief ready', { timeout: 30_000 });
    const triesSeen = async () =>
      Number(
        (
          await preview(page)
            .getByText(/^Tries: /)
            .innerText()
        ).slice(7),
      );
    await expect.poll(triesSeen).toBeGreaterThan(10);
    const name = preview(page).getByRole('textbox', { name: 'Name' });
    if (what === 'label.click()') {
      // The user's own click on the label still puts the keys in its field. Before the edit
      // below: an edit runs the program again in a new preview, which a click must not race
      // (a fresh clone's CI once clicked into the frame as it was being replaced).
      await preview(page).getByText('Name', { exact: true }).click();
      await page.keyboard.type('Ada');
      await expect(name).toHaveValue('Ada');
    }
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(TYPED);
    await expect(editorLines(page)).toContainText(TYPED.trim());
    await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
    // The edit's run shows, with a field no key went to.
    await expect(consoleLog(page)).toContainText(TYPED_LOGS, { timeout: 30_000 });
    await expect(name).toHaveValue('');
    await expect(preview(page).getByText('notes', { exact: true })).toBeVisible();
  });
}

// A frame the program nests (srcdoc, a blob: URL) runs a script of its own, out of the focus
// gate's reach (each sandboxed document has its own opaque origin), and Chromium lets it take
// focus even when inert. Focusing a field there every 16 ms took all ten keys, and the
// select-all and paste that follow, so the user could not even replace the program.
test('a nested frame focusing its own field every 16 ms is hidden and leaves every key in the editor', async ({
  page,
}) => {
  await replaceEditorText(
    page,
    [
      "const f = document.createElement('iframe');",
      'f.srcdoc = \'<input aria-label="Inner"><script>setInterval(() => document.querySelector("input").focus(), 16)<\\/script>\';',
      'document.body.append(f);',
      "console.log('nested thief ready');",
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('nested thief ready', { timeout: 30_000 });
  // Its first grab, while the keys were in the editor, hid it.
  await expect(consoleLog(page)).toContainText('took the keyboard by itself');
  const inner = preview(page).frameLocator('iframe').getByRole('textbox', { name: 'Inner' });
  await expect(inner).toBeHidden();
  // A click in the preview gives the frame back; the user can then type into it.
  await page.getByTitle('Preview').click({ position: { x: 5, y: 5 } });
  await expect(inner).toBeVisible();
  await inner.click();
  await page.keyboard.type('Ada');
  await expect(inner).toHaveValue('Ada');
  // Back in the editor, its next grab hides it again, and every key stays in the editor.
  await focusEditor(page);
  await expect(inner).toBeHidden();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// abcdefghij');
  await expect(editorLines(page)).toContainText('// abcdefghij');
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
});

// The same from a closed shadow root: focus in one shows as its host, so the guard saw no
// frame there, and the nested frame took the keys.
test('a nested frame in a closed shadow root that grabs focus is hidden too', async ({ page }) => {
  await replaceEditorText(
    page,
    [
      "const f = document.createElement('iframe');",
      'f.srcdoc = \'<input aria-label="Inner"><script>setInterval(() => document.querySelector("input").focus(), 16)<\\/script>\';',
      "const host = document.createElement('div');",
      "host.attachShadow({ mode: 'closed' }).append(f);",
      'document.body.append(host);',
      "console.log('closed thief ready');",
      '',
    ].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('closed thief ready', { timeout: 30_000 });
  await expect(consoleLog(page)).toContainText('took the keyboard by itself');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// abcdefghij');
  await expect(editorLines(page)).toContainText('// abcdefghij');
  await expect(page.getByRole('textbox', { name: /^Editor:/ })).toBeFocused();
});
