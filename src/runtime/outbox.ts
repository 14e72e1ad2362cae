import type { ConsoleLevel, RuntimeMessage, SerializedValue } from '../protocol/index.ts';

export interface ConsoleEntry {
  level: ConsoleLevel;
  args: SerializedValue[];
  /** The tick the call was made in. */
  tick?: number;
}

export interface Outbox {
  /** Sends a message now, after any console entries still waiting (order is kept). */
  send(message: RuntimeMessage): void;
  /** Posts a console entry at once, or past the first of a burst, together at the burst's end. */
  console(entry: ConsoleEntry): void;
  /** Sends waiting console entries now. */
  flush(): void;
}

/** Console entries per message, so a loop that logs without yielding still streams out. */
const MAX_BATCH = 500;

/**
 * Entries of one burst (until the microtask checkpoint) posted one by one as they are made.
 * A task that never ends (a hang the loop guard cannot see, memory running out) gets its frame
 * stopped: what it logged before is how the user finds where, so it must already be out.
 */
export const EAGER_ENTRIES = 50;

/**
 * Coalesces console entries so a program logging 100,000 lines posts a few hundred messages,
 * not 100,000; the first entries of a burst go out at once (EAGER_ENTRIES says why). A single
 * waiting entry goes out as a plain `console` message.
 */
export function createOutbox(
  post: (message: RuntimeMessage) => void,
  schedule: (task: () => void) => void,
): Outbox {
  let pending: ConsoleEntry[] = [];
  /** A burst is on: its end is scheduled. */
  let inBurst = false;
  /** Entries posted at once in the current burst. */
  let eager = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const entries = pending;
    pending = [];
    post(
      entries.length === 1
        ? { type: 'console', ...entries[0]! }
        : { type: 'console-batch', entries },
    );
  };
  const endBurst = () => {
    inBurst = false;
    eager = 0;
    flush();
  };
  return {
    send(message) {
      flush();
      post(message);
    },
    console(entry) {
      if (!inBurst) {
        inBurst = true;
        schedule(endBurst);
      }
      if (pending.length === 0 && eager < EAGER_ENTRIES) {
        eager++;
        post({ type: 'console', ...entry });
        return;
      }
      pending.push(entry);
      if (pending.length >= MAX_BATCH) flush();
    },
    flush,
  };
}
