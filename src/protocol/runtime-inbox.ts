import type { RuntimeMessage } from './index';
import { MAX_BATCH_ENTRIES, parseRuntimeMessage } from './runtime-message-schema';

/** What the inbox needs from the page; injected so tests control time. */
export interface InboxDeps {
  /** Milliseconds on a monotonic clock (performance.now). */
  now(): number;
  /** Runs `callback` in a later task, after the page has had a chance to render and take input. */
  later(callback: () => void): void;
}

export interface RuntimeInbox {
  /** Takes one message as the preview posted it (untrusted; checked before delivery). */
  receive(data: unknown): void;
  /** Drops what is still queued: the preview was retired and its late output is not shown. */
  dispose(): void;
}

/** Console entries checked and delivered as one piece of a batch. */
export const SLICE_ENTRIES = 100;
/** Work per task: past this, the rest waits for a later task. */
export const TASK_BUDGET_MS = 8;

/**
 * Checks and delivers the preview's messages in order, a few milliseconds' work per task. A
 * console flood arrives as batches of 500 entries: checked and pushed at once, each cost the
 * app 10–40 ms, and batches queued behind a busy moment ran back to back in one long task.
 * A batch is cut into pieces of SLICE_ENTRIES (each checked by the same schema as a whole
 * message), and once a task has spent TASK_BUDGET_MS the rest waits for the next one.
 */
export function createRuntimeInbox(
  deliver: (message: RuntimeMessage) => void,
  deps: InboxDeps,
): RuntimeInbox {
  const queue: unknown[] = [];
  let head = 0;
  let waiting = false;
  let disposed = false;

  const drain = () => {
    waiting = false;
    const start = deps.now();
    while (head < queue.length && !disposed) {
      if (deps.now() - start >= TASK_BUDGET_MS) {
        waiting = true;
        deps.later(drain);
        return;
      }
      const data = queue[head];
      queue[head++] = undefined;
      const message = parseRuntimeMessage(data);
      if (message) deliver(message);
    }
    queue.length = 0;
    head = 0;
  };

  return {
    receive(data) {
      if (disposed) return;
      // Not output but news about the frame (alive, took focus, a key, its size, its tick):
      // none waits behind a flood's console lines.
      if (URGENT.some((type) => isType(data, type))) {
        const message = parseRuntimeMessage(data);
        if (message) deliver(message);
        return;
      }
      for (const piece of slices(data)) queue.push(piece);
      if (!waiting) drain();
    },
    dispose() {
      disposed = true;
      queue.length = 0;
      head = 0;
    },
  };
}

const URGENT = ['pong', 'focus-taken', 'shortcut', 'viewport', 'tick-started'];

const isType = (data: unknown, type: string) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;

/**
 * A console batch as pieces of SLICE_ENTRIES entries, else the message whole. Only the
 * envelope is read here (posted data is a structured clone: no getters run); a batch the
 * schema refuses for its length stays whole, and is refused whole.
 */
function slices(data: unknown): unknown[] {
  if (!isType(data, 'console-batch')) return [data];
  const { entries } = data as { entries?: unknown };
  if (!Array.isArray(entries) || entries.length <= SLICE_ENTRIES) return [data];
  if (entries.length > MAX_BATCH_ENTRIES) return [data];
  const pieces: unknown[] = [];
  for (let i = 0; i < entries.length; i += SLICE_ENTRIES)
    pieces.push({ type: 'console-batch', entries: entries.slice(i, i + SLICE_ENTRIES) });
  return pieces;
}
