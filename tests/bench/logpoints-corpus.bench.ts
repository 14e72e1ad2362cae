import { expect, test, type Page } from '@playwright/test';
import type { Logpoint, Project } from '../../src/protocol';
import { defaultExpression } from '../../workers/probe/default-expression';
import { preview, runStatus, tickOf } from '../e2e/helpers';
import { openPlaypen, table } from './lib';
import { CORPUS, type CorpusProgram } from './replay-corpus';

// Issue 33's proof that a probe never changes the program: each program of the replay corpus
// (replay-corpus.ts) runs live with its inputs, is paused, and gets a logpoint on every line of
// every file that has names to read (each line's default expression, as "Add logpoint" would
// give it). The probed replay compares each tick's fingerprint (timers, random draws, console,
// DOM) with the recording's and says "A logpoint changed the program at tick N" at the first
// difference. A row is identical when the replay reached the run's last tick with no such note.
// PLAYPEN_BENCH_PROGRAMS=name,name runs only those. Figures, never asserted.

const MOVES = 10;

function project(p: CorpusProgram): Project {
  const entry = p.tsx ? 'src/main.tsx' : 'src/main.ts';
  const html = `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>${p.name}</title></head><body><script type="module" src="/${entry}"></script></body></html>\n`;
  return {
    name: `logpoints corpus: ${p.name}`,
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

/** A logpoint on each line with names to read, with the expression Add logpoint starts with. */
function everyLine(proj: Project): Logpoint[] {
  const out: Logpoint[] = [];
  for (const [path, file] of Object.entries(proj.files)) {
    if (!/\.(tsx?|jsx?)$/.test(path) || file.kind !== 'text') continue;
    file.text.split('\n').forEach((text, i) => {
      const expression = defaultExpression(text);
      if (expression) out.push({ id: `c${out.length}`, path, line: i + 1, expression });
    });
  }
  return out;
}

async function pause(page: Page) {
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toHaveText('Paused');
}

interface Row {
  name: string;
  ticks: number;
  logpoints: number;
  hits: number;
  /** Ticks replayed with probes before a difference (all of them when none). */
  identical: number;
  notes: string[];
}

/** The panel's logpoints once every probed replay is done: their counts, notes and errors. */
async function settled(page: Page, count: number) {
  const panel = page.getByRole('tabpanel', { name: 'Logpoints' });
  const list = panel.getByRole('list', { name: 'Logpoint list' });
  const items = list.locator('.pp-logpoint');
  // All listed, and no probed replay still working out their hits.
  await expect(items).toHaveCount(count);
  await expect(list).toHaveAttribute('aria-busy', 'false', { timeout: 120_000 });
  return items.evaluateAll((els) =>
    els.map((el) => ({
      count: Number(
        (el.querySelector('.pp-logpoint__count')?.textContent ?? '0').replace(/\D/g, '') || 0,
      ),
      notes: Array.from(el.querySelectorAll('.pp-logpoint__status'), (n) => n.textContent ?? ''),
    })),
  );
}

async function measure(page: Page, p: CorpusProgram): Promise<Row> {
  await page.emulateMedia({ colorScheme: 'light' });
  const proj = project(p);
  await page.evaluate(() => window.__playpenBench.setLogpoints!([]));
  await page.evaluate((x) => window.__playpenBench.load(x), proj);
  await expect(preview(page).locator(`body[data-program="${p.name}"]`)).toBeAttached({
    timeout: 30_000,
  });
  await expect(runStatus(page)).toHaveText('Running');
  await expect
    .poll(() => tickOf(page), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(p.firstTicks ?? 4);
  await pause(page);
  let inputs = 0;
  for (let move = 1; move <= MOVES; move++) {
    const input = p.inputs?.[move];
    if (input) {
      await page.getByRole('button', { name: 'Play' }).click();
      await expect(runStatus(page)).toHaveText('Running');
      await input(preview(page), ++inputs, page);
      await pause(page);
    } else {
      const before = await tickOf(page);
      await page.getByRole('button', { name: 'Step forward' }).click();
      await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBe(before + 1);
    }
  }
  await expect(runStatus(page)).toHaveText('Paused');
  const ticks = await tickOf(page);
  const logpoints = everyLine(proj);
  await page.evaluate((l) => window.__playpenBench.setLogpoints!(l), logpoints);
  const seen = await settled(page, logpoints.length);
  const notes = [...new Set(seen.flatMap((s) => s.notes))];
  const changed = notes
    .map((n) => /changed the program at tick (\d+)/.exec(n)?.[1])
    .filter((t): t is string => t !== undefined)
    .map(Number);
  const stopped = notes
    .map((n) => /stopped (?:at|responding at) tick (\d+)/.exec(n)?.[1])
    .filter((t): t is string => t !== undefined)
    .map(Number);
  const first = Math.min(ticks + 1, ...changed, ...stopped);
  return {
    name: p.name,
    ticks: ticks + 1,
    logpoints: logpoints.length,
    hits: seen.reduce((s, x) => s + x.count, 0),
    identical: first,
    notes: notes.filter((n) => !/^Values (read|after|before)/.test(n)),
  };
}

test('logpoints on every line of the replay corpus leave every tick as it was', async ({
  page,
}) => {
  test.setTimeout(60 * 60_000);
  const only = process.env.PLAYPEN_BENCH_PROGRAMS?.split(',');
  const programs = CORPUS.filter((p) => !only || only.includes(p.name));
  page.setDefaultTimeout(30_000);
  await openPlaypen(page);
  await page.getByRole('tab', { name: 'Logpoints' }).click();
  const rows: Row[] = [];
  for (const p of programs) {
    let row: Row;
    try {
      row = await measure(page, p);
    } catch (error) {
      // A program the bench could not drive is a row of its own, not the end of the table.
      const first = String(error).split('\n').slice(0, 6).join(' ');
      row = { name: p.name, ticks: 0, logpoints: 0, hits: 0, identical: 0, notes: [first] };
      await openPlaypen(page);
      await page.getByRole('tab', { name: 'Logpoints' }).click();
    }
    rows.push(row);
    console.log(
      `${row.name}: ${row.identical}/${row.ticks} ticks identical, ${row.logpoints} logpoints, ${row.hits} hits ${row.notes.join('; ')}`,
    );
  }
  const sum = (k: 'ticks' | 'logpoints' | 'hits' | 'identical') =>
    rows.reduce((s, r) => s + r[k], 0);
  console.log(
    table(
      'Replay corpus with a logpoint on every line: probed replay against the recording',
      ['program', 'ticks', 'logpoints', 'hits', 'ticks identical', 'notes'],
      [
        ...rows.map((r) => [r.name, r.ticks, r.logpoints, r.hits, r.identical, r.notes.length]),
        ['total', sum('ticks'), sum('logpoints'), sum('hits'), sum('identical'), ''],
      ],
    ),
  );
});
