// What the replay benches read of the preview and the console (replay-corpus.bench.ts,
// edit-past.bench.ts), and how they drive a corpus program (replay-corpus.ts).
import { expect, type Page } from '@playwright/test';
import type { Project } from '../../src/protocol';
import { preview, runStatus, tickOf } from '../e2e/helpers';
import type { CorpusProgram } from './replay-corpus';
import { consoleEntries } from './console-read';

/**
 * The preview's state as text, read without changing it: the document, each animation's
 * state and time with its target's computed style, and each canvas's pixels.
 */
export const sceneOf = (page: Page) =>
  preview(page)
    .locator('html')
    .evaluate((html) => {
      const styled = document.getAnimations().map((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        const s = target ? getComputedStyle(target) : null;
        return [a.playState, a.currentTime, s?.transform, s?.opacity, s?.backgroundColor, s?.color];
      });
      const canvases = Array.from(document.querySelectorAll('canvas'), (c) => {
        try {
          return c.toDataURL();
        } catch {
          return 'tainted';
        }
      });
      return JSON.stringify([html.outerHTML, styled, canvases]);
    });

/**
 * The console's entries as text (all of them: console-read.ts), without the divergence messages
 * (counted on their own), the note that a replay's browser differs from the run's (after a
 * colour scheme switch) and a hot swap's report (what an edit changed).
 */
export const consoleText = async (page: Page) =>
  (await consoleEntries(page))
    .filter(
      (t) =>
        !t.includes('Replay diverged') &&
        !t.includes('browser differs from the recorded run') &&
        !t.startsWith('Your edit '),
    )
    .join('\n');

export async function atTick(page: Page, tick: number) {
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBe(tick);
  await expect(page.getByText(new RegExp(`^Tick ${tick} /`))).toBeVisible({ timeout: 30_000 });
  await expect(runStatus(page)).toHaveText('Paused');
}

export async function pause(page: Page) {
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');
  await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled();
}

export function project(p: CorpusProgram): Project {
  const entry = p.tsx ? 'src/main.tsx' : 'src/main.ts';
  const html = `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>${p.name}</title></head><body><script type="module" src="/${entry}"></script></body></html>\n`;
  return {
    name: `replay corpus: ${p.name}`,
    entry,
    files: {
      'index.html': { kind: 'text', text: html },
      [entry]: { kind: 'text', text: p.code },
      ...Object.fromEntries(
        Object.entries(p.files ?? {}).map(([path, text]) => [path, { kind: 'text', text }]),
      ),
    },
  };
}
