import {
  chromium,
  type BrowserContext,
  type Page,
  type LaunchOptions,
  type ViewportSize,
} from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Project } from '../../src/protocol';

// Shared by the *.bench.ts files: reading the env, quantiles, tables and driving Playpen
// through its bench hook (src/app/bench-hook.ts, present with `?bench` in the URL).

declare global {
  interface Window {
    __playpenBench: {
      load(project: Project): Promise<void>;
      edit(path: string, text: string): Promise<void>;
      /** Missing in builds before the phase marks (comparing with an older build). */
      phases?(): Record<string, number>;
      /** Missing in builds before the worker's build time was read. */
      buildMs?(): number | null;
      /** Missing in builds before the typing bench. */
      open?(path: string): void;
      /** Missing in builds before the typing bench. */
      setAutoRun?(on: boolean): void;
      /** Missing in builds before issue 35 (models made on first show). */
      editorModels?(): string[];
    };
    /** Long tasks seen by watchLongTasks, on the page's clock. */
    __ppLongTasks?: { start: number; duration: number; name: string }[];
    /** Moves long tasks still queued for the observer into __ppLongTasks. */
    __ppTakeLongTasks?: () => void;
  }
}

/** A number from the environment, or the default when unset or not a number. */
export function envNumber(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
}

/** Project sizes: PLAYPEN_BENCH_SIZES=10,100 skips the slow rows on a busy machine. */
export function envSizes(fallback: number[]): number[] {
  const raw = process.env.PLAYPEN_BENCH_SIZES;
  return raw ? raw.split(',').map(Number).filter(Number.isFinite) : fallback;
}

/**
 * ms between one edit's marker and the next edit (PLAYPEN_BENCH_GAP_MS, default 300: auto-run's
 * delay, so edits come as fast as a user's can start runs; 0 = back to back). Both sides of a
 * comparison get the same gap.
 */
export const EDIT_GAP_MS = envNumber('PLAYPEN_BENCH_GAP_MS', 300);

/** Waits out the gap between edits (see EDIT_GAP_MS). */
export const editGap = () => new Promise<void>((resolve) => setTimeout(resolve, EDIT_GAP_MS));

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '–');

/** A titled table, columns right-aligned to their widest cell (the first left-aligned). */
export function table(title: string, header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    r.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]! + 2))).join('');
  return ['', title, ...cells.map(line)].join('\n');
}

/**
 * Runs `use` in a browser with a persistent profile (a temporary folder, removed after), as a
 * user who comes back has: Playwright's contexts are incognito, where Chromium keeps no
 * compiled code between visits.
 */
export async function inPersistentProfile<T>(
  options: { launchOptions?: LaunchOptions; baseURL?: string; viewport?: ViewportSize | null },
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'playpen-bench-profile-'));
  const { launchOptions, baseURL, viewport } = options;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport,
  });
  try {
    return await use(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Opens Playpen with its bench hook (auto-run off until the bench turns it on). */
export async function openPlaypen(page: Page): Promise<void> {
  await page.goto('/?bench');
  await page.waitForFunction(() => window.__playpenBench !== undefined);
}

export type Action = { load: Project } | { edit: [path: string, text: string] };

/**
 * Does the action in Playpen and resolves when its console panel shows `marker` (what the user
 * sees), timed on the page's clock: `ms` from the action, `start`/`end` as performance.now().
 */
export async function playpenMarker(page: Page, marker: string, action: Action) {
  return page.evaluate(
    async ([marker, action]) => {
      const log = () => document.querySelector('[role="log"][aria-label="Console"]');
      const pattern = new RegExp(`(^|\\D)${marker}(\\D|$)`);
      const shown = () =>
        Array.from(log()?.querySelectorAll('.pp-entry') ?? []).some((e) =>
          pattern.test(e.textContent ?? ''),
        );
      const start = performance.now();
      const done = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${marker} never shown`)), 60_000);
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      if ('load' in action) await window.__playpenBench.load(action.load);
      else await window.__playpenBench.edit(...action.edit);
      const end = await done;
      return { ms: end - start, start, end };
    },
    [marker, action] as const,
  );
}

/** Starts recording the page's long tasks (PerformanceObserver 'longtask'). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__ppLongTasks) return;
    const seen: { start: number; duration: number; name: string }[] = (window.__ppLongTasks = []);
    const take = (entries: PerformanceEntryList) => {
      // name: 'self' for the app's own tasks; '…-descendant' when a frame in the same process ran.
      for (const e of entries)
        seen.push({ start: e.startTime, duration: e.duration, name: e.name });
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'longtask', buffered: true });
    // Entries wait in the observer's queue until its callback task runs: take them at once.
    window.__ppTakeLongTasks = () => take(observer.takeRecords());
  });
}

/** Long tasks that started in [from, to] on the page's clock. */
export async function longTasksIn(page: Page, from: number, to: number) {
  return page.evaluate(
    ([from, to]) => {
      window.__ppTakeLongTasks?.();
      return (window.__ppLongTasks ?? []).filter((t) => t.start >= from && t.start <= to);
    },
    [from, to] as const,
  );
}

/** Count, max and total ms of a list of long tasks. */
export function longTaskSummary(tasks: { duration: number }[]) {
  return {
    count: tasks.length,
    max: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    total: tasks.reduce((s, t) => s + t.duration, 0),
  };
}

/** One task of the app page's main thread, from Chromium's trace (times on the page's clock). */
export interface MainThreadTask {
  /** performance.now() when it started. */
  start: number;
  /** Wall-clock ms: what a long task is; grows when other processes take the cores. */
  wall: number;
  /** ms of CPU the main thread itself spent in it: what the code costs, load or not. */
  cpu: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { startTime?: number } };
}

/**
 * Records every task of the app page's main thread (Chromium tracing) until `stop`, which
 * returns those of at least `minMs` wall or CPU time. On a machine loaded beyond its cores a
 * task's wall time (the long-task figure) counts the time others held the core; its CPU time
 * does not, so the two together tell a slow task from a starved one.
 */
export async function traceMainThread(page: Page) {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  // A user-timing mark ties the trace's clock and thread to the page's.
  await page.evaluate(() => performance.mark('pp-trace-anchor'));
  return {
    async stop(minMs = 50): Promise<MainThreadTask[]> {
      const events = (
        JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
      ).traceEvents;
      const anchor = events.find((e) => e.name === 'pp-trace-anchor')!;
      const offsetMs = anchor.ts / 1000 - anchor.args!.data!.startTime!;
      return events
        .filter(
          (e) =>
            e.name === 'RunTask' &&
            e.ph === 'X' &&
            e.pid === anchor.pid &&
            e.tid === anchor.tid &&
            ((e.dur ?? 0) >= minMs * 1000 || (e.tdur ?? 0) >= minMs * 1000),
        )
        .map((e) => ({
          start: e.ts / 1000 - offsetMs,
          wall: (e.dur ?? 0) / 1000,
          cpu: (e.tdur ?? 0) / 1000,
        }));
    },
  };
}
