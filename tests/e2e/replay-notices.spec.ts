import { expect, test } from '@playwright/test';
import {
  consoleLog,
  createFromTemplate,
  getLoadedApp,
  openFile,
  pauseRun,
  preview,
  replaceEditorText,
  tickOf,
  timeline,
  waitForOutput,
  waitForPreviewAtTick,
} from './helpers';

// Issue 34: a replay's notices are true, and said once per diverged path.
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
});

// Records the keys typed into a field and shows where the caret is, from `selectionchange`:
// an event the browser fires in a task of its own after the key. Off the clock, its change to
// the page landed in one tick live and another in a replay: "Replay diverged at tick 13: the
// page (DOM hash) differs" on revisits, with the pixels and console the same (failed before).
const TYPED_KEYS = `const label = document.createElement('label');
label.textContent = 'Name ';
const input = document.createElement('input');
label.append(input);
const caret = document.createElement('p');
const keys = document.createElement('ol');
document.body.append(label, caret, keys);
document.addEventListener('keydown', (e) => {
  const li = document.createElement('li');
  li.textContent = e.key;
  keys.append(li);
  console.log('key', e.key, input.value);
});
document.addEventListener('selectionchange', () => {
  caret.dataset.at = String(input.selectionStart);
});
console.log('keys ready');
`;

test('revisiting typed keys with the Timeline’s arrow keys replays the page as it was', async ({
  page,
}) => {
  await replaceEditorText(page, TYPED_KEYS);
  await waitForOutput(page, 'keys ready');
  const field = preview(page).getByRole('textbox', { name: 'Name' });
  await field.click();
  await field.pressSequentially('hello wor', { delay: 30 });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  await field.pressSequentially('ld');
  await expect(consoleLog(page)).toContainText('key d');
  await pauseRun(page);
  const typed = (await preview(page).locator('ol').textContent()) ?? '';
  let tick = await tickOf(page);
  await timeline(page).focus();
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('ArrowLeft');
    await waitForPreviewAtTick(page, --tick);
  }
  await page.keyboard.press('End');
  await waitForPreviewAtTick(page, tick + 14);
  await expect(preview(page).locator('ol')).toHaveText(typed);
  await expect(consoleLog(page)).not.toContainText('diverged');
});

// Each tick writes a fresh object URL (random per frame, out of the seeded randomness): every
// replayed tick differs. Stepping forward along that replay printed a new "Replay diverged"
// line at every step (failed before); now one notice, kept current.
const UNCONTROLLED = `const p = document.createElement('p');
document.body.append(p);
let n = 0;
const timer = setInterval(() => {
  n++;
  p.textContent = n + ' ' + URL.createObjectURL(new Blob(['x']));
  if (n === 12) clearInterval(timer);
}, 50);
console.log('uncontrolled ready');
`;

test('stepping forward along a diverged replay says so once, kept current', async ({ page }) => {
  await replaceEditorText(page, UNCONTROLLED);
  await waitForOutput(page, 'uncontrolled ready');
  await expect(preview(page).locator('p')).toHaveText(/^12 blob:/, { timeout: 30_000 });
  await pauseRun(page);
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await waitForPreviewAtTick(page, 0);
  const notices = consoleLog(page).getByText(
    /^Replay diverged at tick 1: the page \(DOM hash\) differs\./,
  );
  for (let tick = 1; tick <= 5; tick++) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await waitForPreviewAtTick(page, tick);
    await expect(notices).toHaveCount(1);
  }
  await expect(notices).toContainText('It still differed at tick 5. (Seen 5 times.)');
  await expect(consoleLog(page).getByText(/Replay diverged/)).toHaveCount(1);
});

// A click handler that awaits: React's setCount runs in a microtask after the listener. Live,
// that microtask runs while the browser still dispatches the click (window.event is the click:
// a discrete update, rendered in a microtask); replayed by dispatchEvent it ran after the
// replay's task, outside the event (a default update, a scheduler timer): "Replay diverged at
// tick 13: timers set was 1, replay 2" after Home then End (failed before).
const AWAITING_APP = `import { useState } from 'react';

async function doubled(n: number) {
  return n * 2;
}

export default function App() {
  const [count, setCount] = useState(1);
  return (
    <button type="button" onClick={() => void doubled(count).then(setCount)}>
      count is {count}
    </button>
  );
}
`;

test('a React click handler that awaits replays as it ran live', async ({ page }) => {
  await createFromTemplate(page, 'React + TypeScript');
  await waitForOutput(page, 'count changed');
  await openFile(page, 'src/App.tsx');
  await replaceEditorText(page, AWAITING_APP);
  const button = preview(page).getByRole('button', { name: 'count is 1' });
  await expect(button).toBeVisible({ timeout: 30_000 });
  for (const count of [2, 4, 8]) {
    await preview(page)
      .getByRole('button', { name: /^count is/ })
      .click();
    await expect(preview(page).getByRole('button', { name: `count is ${count}` })).toBeVisible();
  }
  await pauseRun(page);
  const last = await tickOf(page);
  await timeline(page).focus();
  await page.keyboard.press('Home');
  await waitForPreviewAtTick(page, 0);
  await page.keyboard.press('End');
  await waitForPreviewAtTick(page, last);
  await expect(preview(page).getByRole('button', { name: 'count is 8' })).toBeVisible();
  await expect(consoleLog(page)).not.toContainText('diverged');
});
