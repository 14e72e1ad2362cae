import { createStore } from 'zustand/vanilla';
import type {
  ConsoleDropped,
  ConsoleLevel,
  Program,
  RawFrame,
  RuntimeMessage,
  SerializedValue,
} from '../protocol';
import { severityOf, type ConsoleEntry, type NewEntry, type Severity } from './console-entry';
import { mapFrames, type MappedFrame } from './map-stack';
import { createLeadingFrameSchedule, pageFlushDeps, type FlushTiming } from './flush-schedule';

export interface ConsoleStoreOptions {
  /** Most recent entries kept; older ones are dropped and counted so memory and render time stay bounded. */
  maxEntries?: number;
  /**
   * Runs `flush` once for a burst of pushes (default: flush-schedule.ts, at the end of the task
   * after a quiet spell, else the next animation frame). Inject a fake in tests to control when
   * subscribers are told. `timing` 'now' asks for a leading flush in the caller's task.
   */
  schedule?: (flush: () => void, timing?: FlushTiming) => void;
  /** Runs `callback` after `ms` (a held clear's deadline); setTimeout by default. */
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Fold identical consecutive entries into one with a repeat count, as browser devtools do (default true). */
  collapseRepeats?: boolean;
}

export interface ConsoleSnapshot {
  /** Kept entries, oldest first; a new array whenever anything changed. */
  entries: readonly ConsoleEntry[];
  /** Entries dropped because of the cap since the last clear. */
  dropped: number;
  /** Kept entries per severity, repeats included (for toolbar badges). */
  counts: Readonly<Record<Severity, number>>;
}

export interface ConsoleStore {
  /** Add one entry at the current group depth. */
  push(entry: NewEntry): void;
  /** Apply a message from the preview runtime ('console', 'console-batch', 'console-dropped', 'error'; others are ignored). */
  pushRuntime(msg: RuntimeMessage): void;
  /**
   * Remove everything (entries, dropped count, open groups); `notice` is shown afterwards unless
   * null. With `holdMs`, the old entries stay shown until the next push or `holdMs` passes: a
   * new run's output replaces the last run's in one render, with no empty console in between.
   */
  clear(notice?: string | null, options?: { holdMs?: number }): void;
  /** Program of the current run, used to map stack frames; null when no build is running. */
  setProgram(program: Program | null): void;
  /** Map raw frames against the current program (for Error values inside logged arguments). */
  mapFrames(frames: RawFrame[]): MappedFrame[];
  /** Apply pending pushes and notify now instead of waiting for the scheduler. */
  flush(): void;
  getState(): ConsoleSnapshot;
  subscribe(listener: () => void): () => void;
}

export const DEFAULT_MAX_ENTRIES = 2000;

const emptyCounts = (): Record<Severity, number> => ({
  error: 0,
  warn: 0,
  info: 0,
  log: 0,
  debug: 0,
  system: 0,
});

/** Identity of an entry for repeat folding; null when entries of this kind never fold. */
function signature(entry: NewEntry): string | null {
  switch (entry.kind) {
    case 'message':
      if (entry.level === 'group' || entry.level === 'groupCollapsed') return null;
      return `m${entry.level}${JSON.stringify(entry.args)}`;
    case 'error':
      return `e${entry.source}${entry.message}${JSON.stringify(entry.frames)}${JSON.stringify(entry.value ?? null)}`;
    default:
      return null;
  }
}

/** The notice for console calls the preview left out: how many, and which were kept. */
export function droppedText({ count, reason, kept, tick, errors }: ConsoleDropped): string {
  const noun = errors ? ['uncaught error', 'uncaught errors'] : ['line', 'lines'];
  const lines = `${count.toLocaleString()} ${noun[count === 1 ? 0 : 1]} dropped`;
  const what = errors ? 'errors' : 'lines';
  return reason === 'tick'
    ? `${lines} here: tick ${tick.toLocaleString()} ${errors ? 'threw' : 'logged'} too much (its first ${kept.toLocaleString()} ${what} and its newest are shown)`
    : `${lines} from tick ${tick.toLocaleString()} on: over ${kept.toLocaleString()} ${what} in one second of the run`;
}

export function createConsoleStore(opts: ConsoleStoreOptions = {}): ConsoleStore {
  const max = Math.max(1, opts.maxEntries ?? DEFAULT_MAX_ENTRIES);
  const schedule = opts.schedule ?? createLeadingFrameSchedule(pageFlushDeps());
  const setTimer = opts.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    opts.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  /** A held clear's deadline (see `clear`); a push ends the hold at once. */
  let hold: unknown = null;
  const collapse = opts.collapseRepeats ?? true;

  // `items` is private and mutable; snapshots are copies made at flush time, so a burst of
  // 100,000 pushes costs one copy of at most `max` entries per frame, not one per push.
  let items: ConsoleEntry[] = [];
  let dropped = 0;
  let nextId = 1;
  /** Ids of the open group headers, outermost first (a stack: entries keep only the innermost). */
  let groups: number[] = [];
  let lastSig: string | null = null;
  let program: Program | null = null;
  let dirty = false;
  let scheduled = false;
  /** Inside pushRuntime: one message is one burst, scheduled once at its end. */
  let inMessage = false;
  let messageChanged = false;
  const snapshots = createStore<ConsoleSnapshot>()(() => ({
    entries: [],
    dropped: 0,
    counts: emptyCounts(),
  }));

  const trim = () => {
    if (items.length <= max) return;
    const excess = items.length - max;
    dropped += excess;
    items = items.slice(excess);
  };

  const flush = () => {
    scheduled = false;
    if (!dirty) return;
    dirty = false;
    trim();
    const counts = emptyCounts();
    for (const e of items) counts[severityOf(e)] += e.repeat;
    snapshots.setState({ entries: items.slice(), dropped, counts }, true);
  };

  const changed = () => {
    dirty = true;
    if (hold !== null) {
      clearTimer(hold);
      hold = null;
    }
    if (inMessage) messageChanged = true;
    if (scheduled || inMessage) return;
    scheduled = true;
    schedule(flush);
  };

  const push = (entry: NewEntry) => {
    if (entry.kind === 'notice' && entry.key !== undefined) {
      const key = entry.key;
      const at = items.findIndex((e) => e.kind === 'notice' && e.key === key);
      if (at >= 0) items.splice(at, 1);
    }
    const sig = collapse ? signature(entry) : null;
    const last = items[items.length - 1];
    if (sig !== null && sig === lastSig && last && last.depth === groups.length) {
      items[items.length - 1] = { ...last, repeat: last.repeat + 1 };
    } else {
      const group = groups.length ? groups[groups.length - 1]! : null;
      items.push({ ...entry, id: nextId++, depth: groups.length, group, repeat: 1 });
      // Trim in big steps so the cost stays amortised; the exact cap is applied at flush.
      if (items.length >= max * 2) trim();
    }
    lastSig = sig;
    changed();
  };

  const clear = (
    notice: string | null = 'Console was cleared',
    keepGroups = false,
    holdMs?: number,
  ) => {
    items = [];
    dropped = 0;
    lastSig = null;
    if (!keepGroups) groups = [];
    if (notice !== null) push({ kind: 'notice', text: notice });
    else if (holdMs !== undefined && !scheduled) {
      dirty = true;
      if (hold !== null) clearTimer(hold);
      hold = setTimer(() => {
        hold = null;
        if (dirty) changed();
      }, holdMs);
    } else changed();
  };

  // A message's entries are applied in the task it arrived in when output was quiet: the run
  // status the same message changed renders with them, in one commit instead of two.
  const pushRuntime = (msg: RuntimeMessage) => {
    inMessage = true;
    messageChanged = false;
    try {
      applyRuntime(msg);
    } finally {
      inMessage = false;
    }
    if (!messageChanged || scheduled) return;
    scheduled = true;
    schedule(flush, 'now');
  };

  const applyRuntime = (msg: RuntimeMessage) => {
    if (msg.type === 'error') {
      push({
        kind: 'error',
        source: msg.kind,
        message: msg.message,
        frames: mapFrames(msg.frames, program),
        ...(msg.value ? { value: msg.value } : {}),
        ...(msg.tick !== undefined ? { tick: msg.tick } : {}),
      });
      return;
    }
    if (msg.type === 'console-batch') {
      for (const entry of msg.entries) pushConsole(entry.level, entry.args, entry.tick);
      return;
    }
    if (msg.type === 'console') pushConsole(msg.level, msg.args, msg.tick);
    if (msg.type === 'console-dropped') push({ kind: 'notice', text: droppedText(msg) });
  };

  const pushConsole = (level: ConsoleLevel, args: SerializedValue[], tick?: number) => {
    const at = tick !== undefined ? { tick } : {};
    switch (level) {
      case 'groupEnd':
        groups.pop();
        lastSig = null;
        return;
      case 'clear':
        // The program's own console.clear(): it may still be inside a group, so keep nesting.
        clear('Console was cleared', true);
        return;
      case 'group':
      case 'groupCollapsed': {
        const id = nextId;
        push({ kind: 'message', level, args, ...at });
        groups.push(id);
        lastSig = null;
        return;
      }
      default:
        push({ kind: 'message', level, args, ...at });
    }
  };

  return {
    push,
    pushRuntime,
    clear: (notice, options) => clear(notice, false, options?.holdMs),
    setProgram: (p) => {
      program = p;
    },
    mapFrames: (frames) => mapFrames(frames, program),
    flush,
    getState: snapshots.getState,
    subscribe: snapshots.subscribe,
  };
}
