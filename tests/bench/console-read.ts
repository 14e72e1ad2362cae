// Every entry of the console as text, for the replay benches (preview-state.ts).
import type { Page } from '@playwright/test';

/**
 * The console's entries, oldest first, each its text. The log is windowed (ConsoleRows.tsx:
 * the rows in view and 20 either side are in the DOM), so reading the DOM's rows reads the
 * newest few dozen only, and which ones depends on the rows' heights: a hot swap's report
 * (three lines tall, left out of the benches' text) pushed the first rows read two or three
 * ticks later, and the console read as if ticks 1–2 were missing when every line was there.
 * So the log is scrolled through, top to bottom, as a user reads it, and scrolled back to its
 * end (where it follows the output again) when done.
 *
 * The scroll is the page's own (scrollTop), told as the user's by a wheel event on the log, as
 * the panel needs before it stops following the output (ConsolePanel.tsx): a real wheel or
 * key would move the pointer or the focus out of the preview, and change its pixels.
 */
export const consoleEntries = (page: Page): Promise<string[]> =>
  page.getByRole('log', { name: 'Console' }).evaluate(async (log: HTMLElement) => {
    const rows = log.querySelector<HTMLElement>('.pp-console-rows');
    // Entries outside the rows (the note that older ones were dropped) come first.
    const before = Array.from(
      log.querySelectorAll(':scope > .pp-entry'),
      (e) => e.textContent ?? '',
    );
    if (!rows) return before;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const rendered = () =>
      Array.from(rows.querySelectorAll<HTMLElement>('.pp-console-row'), (row) => {
        const box = row.getBoundingClientRect();
        const top = rows.getBoundingClientRect().top;
        return {
          index: Number(row.dataset.index),
          text: row.querySelector('.pp-entry')?.textContent ?? '',
          top: box.top - top,
          bottom: box.bottom - top,
        };
      });
    /** The top of the log's view, in the rows' own coordinates. */
    const viewTop = () =>
      log.getBoundingClientRect().top + log.clientTop - rows.getBoundingClientRect().top;
    /** Rows are in the DOM for the whole view at the current scroll (or the log is empty). */
    const covered = () => {
      const shown = rendered();
      if (shown.length === 0) return rows.offsetHeight === 0;
      const top = viewTop();
      const viewBottom = Math.min(top + log.clientHeight, rows.offsetHeight);
      const first = Math.min(...shown.map((r) => r.top));
      const last = Math.max(...shown.map((r) => r.bottom));
      return first <= top + 1 && last >= viewBottom - 1;
    };
    const settled = async () => {
      // The window follows a scroll in the render after it: a frame or two.
      for (let i = 0; i < 120 && !covered(); i++) await frame();
      if (!covered()) throw new Error('the console never rendered the rows in view');
    };
    const texts = new Map<number, string>();
    log.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: -1 }));
    log.scrollTop = 0;
    for (;;) {
      await frame();
      await settled();
      const shown = rendered();
      for (const r of shown) texts.set(r.index, r.text);
      const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 1;
      if (atEnd || shown.length === 0) break;
      // On to the last row in the DOM: the window there holds it and the rows after it.
      const last = Math.max(...shown.map((r) => r.top));
      log.scrollTop += Math.max(1, last - viewTop());
    }
    log.scrollTop = log.scrollHeight;
    const count = Math.max(-1, ...texts.keys()) + 1;
    const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !texts.has(i));
    if (missing.length) throw new Error(`console rows never read: ${missing.join(', ')}`);
    return [...before, ...Array.from({ length: count }, (_, i) => texts.get(i)!)];
  });
