import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { preview, previewShot, restingShot, runStatus, tickOf, timeline } from '../e2e/helpers';
import { openPlaypen, table } from './lib';
import { CORPUS, type CorpusProgram } from './replay-corpus';
import { atTick, consoleText, pause, project, sceneOf } from './preview-state';

// Issue 15's goal, measured: every sampled tick of a replay looks as it did live, and a replay
// that does not says so ("Replay diverged at tick k"). Per program (replay-corpus.ts): run
// live, Pause, then 10 moves (Step forward, or Play + the program's input + Pause), noting at
// each pause the preview's pixels and the console's text as the user saw them live. Then
// return to those ticks as a user would: Step back down to the first, End, Home, and the
// Timeline set to three of them; each time compare pixels and console with the live ones.
// A difference is "reported" when the console shows a "Replay diverged at tick k" with k at
// or before that tick, else silent. Pixels that differ while the state under them is the same
// (the DOM, each animation's time and its target's computed style, canvas contents) are
// counted apart as "raster": Chromium drew the same state differently (a layer moved by a
// fraction of a pixel is anti-aliased after what it was drawn at before, and a replay's frame
// was never drawn at the live frame's earlier states), not a replay that differs.
// PLAYPEN_BENCH_PROGRAMS=name,name runs only those. Figures, never asserted.

const MOVES = 10;
/** PLAYPEN_BENCH_SHOTS=dir keeps the live and replayed screenshots of each differing tick. */
const SHOTS = process.env.PLAYPEN_BENCH_SHOTS;
/** How long a compared tick may take to show the live pixels before it counts as different. */
const SETTLE_MS = 4000;

interface Seen {
  shot: Buffer;
  log: string;
  /** What the pixels are drawn from (sceneOf). */
  scene: string;
}

/** The divergence messages the console shows now. */
const divergences = async (page: Page) => {
  const text = await page.getByRole('log', { name: 'Console' }).innerText();
  return text.match(/Replay diverged at tick \d+: [^\n]*/g) ?? [];
};
const tickOfMessage = (message: string) => Number(/tick (\d+)/.exec(message)![1]);

interface Row {
  name: string;
  compared: number;
  identical: number;
  /** Pixels differ, the state they are drawn from does not (Chromium's raster). */
  raster: number;
  reported: number;
  silent: number;
  notes: string[];
}

async function measure(page: Page, p: CorpusProgram): Promise<Row> {
  // Every program starts in light mode (one switches to dark).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate((proj) => window.__playpenBench.load(proj), project(p));
  await expect(preview(page).locator(`body[data-program="${p.name}"]`)).toBeAttached({
    timeout: 30_000,
  });
  await expect(runStatus(page)).toHaveText('Running');
  await expect
    .poll(() => tickOf(page), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(p.firstTicks ?? 4);
  await pause(page);
  const live = new Map<number, Seen>();
  const note = async () => {
    const tick = await tickOf(page);
    await atTick(page, tick);
    const shot = await restingShot(page);
    live.set(tick, { shot, log: await consoleText(page), scene: await sceneOf(page) });
  };
  await note();
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
      await atTick(page, before + 1);
    }
    await note();
  }
  const ticks = [...live.keys()].sort((a, b) => a - b);
  const row: Row = {
    name: p.name,
    compared: 0,
    identical: 0,
    raster: 0,
    reported: 0,
    silent: 0,
    notes: [],
  };
  const reported = new Set<string>();
  const compare = async (tick: number, how: string) => {
    await atTick(page, tick);
    const want = live.get(tick)!;
    const deadline = Date.now() + SETTLE_MS;
    const look = async () => ({
      shot: (await previewShot(page)).equals(want.shot),
      log: (await consoleText(page)) === want.log,
    });
    let same = await look();
    while (!(same.shot && same.log) && Date.now() < deadline) same = await look();
    for (const m of await divergences(page)) reported.add(m);
    row.compared++;
    if (same.shot && same.log) return void row.identical++;
    const what = [same.shot ? '' : 'pixels', same.log ? '' : 'console'].filter(Boolean).join('+');
    if (SHOTS) {
      // Both pictures for a look at what differs.
      const base = path.join(SHOTS, `${p.name.replace(/\W+/g, '-')}-${tick}`);
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(`${base}-live.png`, want.shot);
      writeFileSync(`${base}-${how}.png`, await previewShot(page));
    }
    if (same.log && (await sceneOf(page)) === want.scene) {
      row.raster++;
      row.notes.push(`${how} ${tick}: raster`);
      return;
    }
    if ([...reported].some((m) => tickOfMessage(m) <= tick))
      row.notes.push(`${how} ${tick}: ${what}`);
    else {
      row.silent++;
      row.notes.push(`${how} ${tick}: ${what} SILENT`);
    }
  };
  // Back from the end to the first noted tick: Step back to the tick before, else (past the
  // ticks an input's Play ran) the Timeline set to the noted tick, as dragging it would.
  for (let i = ticks.length - 2; i >= 0; i--) {
    const tick = ticks[i]!;
    if (tick === ticks[i + 1]! - 1) {
      await page.getByRole('button', { name: 'Step back' }).click();
      await compare(tick, 'back');
    } else {
      await timeline(page).fill(String(tick));
      await compare(tick, 'seek');
    }
  }
  await timeline(page).focus();
  await page.keyboard.press('End');
  await compare(ticks.at(-1)!, 'End');
  await page.keyboard.press('Home');
  await expect.poll(() => tickOf(page), { timeout: 30_000 }).toBe(0);
  for (const i of [2, 5, 8]) {
    await timeline(page).fill(String(ticks[i]));
    await compare(ticks[i]!, 'seek');
  }
  for (const m of await divergences(page)) reported.add(m);
  row.reported = reported.size;
  row.notes.push(...reported);
  return row;
}

const EMPTY: Row = {
  name: '',
  compared: 0,
  identical: 0,
  raster: 0,
  reported: 0,
  silent: 0,
  notes: [],
};

test('replay corpus: live ticks against step back and seeks', async ({ page }) => {
  test.setTimeout(60 * 60_000);
  const only = process.env.PLAYPEN_BENCH_PROGRAMS?.split(',');
  const programs = CORPUS.filter((p) => !only || only.includes(p.name));
  // A control that stays disabled fails the program's row instead of waiting out the bench.
  page.setDefaultTimeout(30_000);
  await openPlaypen(page);
  const rows: Row[] = [];
  for (const p of programs) {
    let row: Row;
    try {
      row = await measure(page, p);
    } catch (error) {
      // A program the bench could not drive is a row of its own, not the end of the table.
      const first = String(error).split('\n').slice(0, 8).join(' ');
      row = { ...EMPTY, name: p.name, notes: [first] };
      await openPlaypen(page);
    }
    rows.push(row);
    console.log(
      `${row.name}: ${row.identical}/${row.compared} identical, ${row.raster} raster, ${row.reported} reported, ${row.silent} silent ${row.notes.join('; ')}`,
    );
  }
  const sum = (k: 'compared' | 'identical' | 'raster' | 'reported' | 'silent') =>
    rows.reduce((s, r) => s + r[k], 0);
  console.log(
    table(
      'Replay corpus: live ticks compared with step back, End and seeks (pixels and console)',
      [
        'program',
        'ticks compared',
        'identical',
        'raster only',
        'divergences reported',
        'silent divergences',
      ],
      [
        ...rows.map((r) => [r.name, r.compared, r.identical, r.raster, r.reported, r.silent]),
        ['total', sum('compared'), sum('identical'), sum('raster'), sum('reported'), sum('silent')],
      ],
    ),
  );
});
