import { expect, test, type Page } from '@playwright/test';
import { consoleLog, getLoadedApp, openFile, replaceEditorText } from './helpers';

// What a program posts to `parent` is stopped before any of the app's own listeners can read
// it (src/preview/message-gate.ts). At the window, listeners run in the order they were added,
// so the gate holds only if nothing listened before it, whichever of the app's chunks arrives
// first. Monaco's listener reads every message's data: when the editor's chunk ran before the
// UI's, a program posting ten 4 MB arrays cost the app 10 tasks of 0.5–1 s.

const POSTED = 'posted by the program';

declare global {
  interface Window {
    /** Non-capture message listeners the app's window got, in order. */
    __ppListeners: number;
    /** Times one of them was called with the program's message. */
    __ppHeard: number;
  }
}

/** Counts, in the app's window only, the calls of its message listeners with the program's message. */
async function watchAppListeners(page: Page) {
  await page.addInitScript((posted) => {
    if (window !== window.top) return;
    window.__ppListeners = 0;
    window.__ppHeard = 0;
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    const wrapped = new WeakMap<object, EventListener>();
    const capture = (options?: boolean | AddEventListenerOptions) =>
      typeof options === 'boolean' ? options : !!options?.capture;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      if (
        this !== window ||
        type !== 'message' ||
        typeof listener !== 'function' ||
        capture(options)
      )
        return add.call(this, type, listener, options);
      window.__ppListeners++;
      const spy: EventListener = function (this: unknown, event) {
        if ((event as MessageEvent).data === posted) window.__ppHeard++;
        return listener.call(this, event);
      };
      wrapped.set(listener, spy);
      return add.call(this, type, spy, options);
    };
    EventTarget.prototype.removeEventListener = function (type, listener, options) {
      const spy = listener ? wrapped.get(listener) : undefined;
      return remove.call(this, type, spy ?? listener, options);
    };
  }, POSTED);
}

test('a program’s message reaches none of the app’s listeners, even when the editor loads before the UI', async ({
  page,
}) => {
  await watchAppListeners(page);
  // The UI's chunk (which starts the preview) is held until the editor's has run and added its
  // message listener: the order a fast cache or a slow network can give.
  let held = false;
  await page.route('**/assets/mount-*.js', async (route) => {
    await page.waitForFunction(() => window.__ppListeners > 0, undefined, { timeout: 60_000 });
    held = true;
    await route.continue();
  });
  await getLoadedApp(page);
  await openFile(page, 'src/main.ts');
  await replaceEditorText(
    page,
    [`parent.postMessage('${POSTED}', '*');`, "console.log('posted');", ''].join('\n'),
  );
  await expect(consoleLog(page)).toContainText('posted');
  await expect(consoleLog(page)).toContainText(
    'The program posted a message to the app (parent.postMessage or top.postMessage): Playpen ignores messages from the preview.',
  );
  expect(await page.evaluate(() => window.__ppHeard)).toBe(0);
  // The order under test happened: the UI's chunk (by its name) waited for the editor's listener.
  expect(held).toBe(true);
});
