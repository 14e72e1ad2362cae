import { describe, expect, it } from 'vitest';
import type { RuntimeMessage } from '../../../src/protocol';
import {
  createRuntimeInbox,
  SLICE_ENTRIES,
  TASK_BUDGET_MS,
} from '../../../src/protocol/runtime-inbox';

/** A page whose clock moves only as each delivery says, with later tasks run by hand. */
function harness(costMs: number) {
  let time = 0;
  const tasks: (() => void)[] = [];
  const got: RuntimeMessage[] = [];
  const perTask: number[] = [0];
  const inbox = createRuntimeInbox(
    (message) => {
      got.push(message);
      perTask[perTask.length - 1]! += 1;
      time += costMs;
    },
    { now: () => time, later: (task) => tasks.push(task) },
  );
  const runLater = () => {
    while (tasks.length) {
      perTask.push(0);
      tasks.shift()!();
    }
  };
  return { inbox, got, perTask, runLater, pending: () => tasks.length };
}

const log = (k: number) => ({
  level: 'log',
  args: [
    { t: 'string', v: 'line' },
    { t: 'object', id: k + 1, cls: null, entries: [['k', { t: 'number', v: k }]] },
  ],
  tick: 0,
});
const batch = (from: number, count: number) => ({
  type: 'console-batch',
  entries: Array.from({ length: count }, (_, i) => log(from + i)),
});
const lines = (got: RuntimeMessage[]) =>
  got.flatMap((m) =>
    m.type === 'console-batch' ? m.entries.map((e) => (e.args[1] as { id: number }).id - 1) : [],
  );

describe('runtime inbox', () => {
  it('delivers a 500-entry batch as checked pieces, in order, over several tasks', () => {
    const h = harness(TASK_BUDGET_MS / 2);
    h.inbox.receive(batch(0, 500));
    h.inbox.receive({ type: 'evaluated' });
    expect(h.got).toHaveLength(2); // two pieces fit the first task's budget
    expect(h.pending()).toBe(1);
    h.runLater();
    expect(lines(h.got)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(
      h.got.every((m) => m.type !== 'console-batch' || m.entries.length <= SLICE_ENTRIES),
    ).toBe(true);
    expect(h.got.at(-1)).toEqual({ type: 'evaluated' });
    expect(Math.max(...h.perTask)).toBe(2);
  });

  it('keeps later messages behind queued pieces, except news about the frame', () => {
    const h = harness(TASK_BUDGET_MS);
    h.inbox.receive(batch(0, 300));
    h.inbox.receive({ type: 'console', level: 'log', args: [{ t: 'string', v: 'after' }] });
    h.inbox.receive({ type: 'pong', seq: 3 });
    expect(h.got.map((m) => m.type)).toEqual(['console-batch', 'pong']);
    h.runLater();
    expect(h.got.map((m) => m.type)).toEqual([
      'console-batch',
      'pong',
      'console-batch',
      'console-batch',
      'console',
    ]);
  });

  it('drops a forged piece and what a disposed inbox still held', () => {
    const h = harness(TASK_BUDGET_MS);
    const forged = batch(0, 200);
    (forged.entries[150] as { level: string }).level = 'shout';
    h.inbox.receive(forged);
    h.inbox.receive(batch(200, 200));
    h.runLater();
    // The piece holding the forged entry is refused whole; the rest arrives.
    expect(lines(h.got)).toEqual([
      ...Array.from({ length: 100 }, (_, i) => i),
      ...Array.from({ length: 200 }, (_, i) => 200 + i),
    ]);
    h.inbox.receive(batch(400, 300));
    h.inbox.dispose();
    h.runLater();
    expect(lines(h.got)).toHaveLength(400);
  });

  it('refuses a batch over the schema limit whole', () => {
    const h = harness(0);
    h.inbox.receive({ type: 'console-batch', entries: new Array(100_001).fill(log(0)) });
    h.runLater();
    expect(h.got).toEqual([]);
  });
});
