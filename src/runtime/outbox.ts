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
  /** Queues a console entry; entries go out together at the end of the microtask. */
  console(entry: ConsoleEntry): void;
  /** Sends waiting console entries now. */
  flush(): void;
}

/** Console entries per message, so a loop that logs without yielding still streams out. */
const MAX_BATCH = 500;

/**
 * Coalesces console entries so a program logging 100,000 lines posts a few hundred
 * messages, not 100,000. A single waiting entry goes out as a plain `console` message.
 */
export function createOutbox(
  post: (message: RuntimeMessage) => void,
  schedule: (task: () => void) => void,
): Outbox {
  let pending: ConsoleEntry[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const entries = pending;
    pending = [];
    post(
      entries.length === 1
        ? { type: 'console', ...entries[0]! }
        : { type: 'console-batch', entries },
    );
  };
  return {
    send(message) {
      flush();
      post(message);
    },
    console(entry) {
      pending.push(entry);
      if (pending.length >= MAX_BATCH) flush();
      else if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
  };
}
