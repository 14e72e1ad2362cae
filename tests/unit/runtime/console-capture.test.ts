import { describe, expect, it } from 'vitest';
import type { RuntimeMessage, SerializedValue } from '../../../src/protocol/index.ts';
import {
  FORWARDED_STRING_LIMIT,
  installConsoleCapture,
} from '../../../src/runtime/console-capture.ts';
import { formatArgs } from '../../../src/runtime/console-format.ts';
import { EAGER_ENTRIES, createOutbox, type ConsoleEntry } from '../../../src/runtime/outbox.ts';

/** A console whose methods record their calls, captured like the iframe's. */
function captured(forwardLimit?: number) {
  const entries: ConsoleEntry[] = [];
  const native: [string, unknown[]][] = [];
  const target: Record<string, unknown> = {};
  for (const name of [
    'log',
    'info',
    'warn',
    'error',
    'debug',
    'table',
    'dir',
    'group',
    'groupEnd',
    'clear',
    'count',
    'countReset',
    'time',
    'timeLog',
    'timeEnd',
    'assert',
    'trace',
  ]) {
    target[name] = (...args: unknown[]) => native.push([name, args]);
  }
  let clock = 100;
  installConsoleCapture(target as unknown as Console, {
    emit: (e) => entries.push(e),
    now: () => clock,
    forwardLimit,
  });
  const c = target as unknown as Console;
  return { c, entries, native, advance: (ms: number) => (clock += ms) };
}
const texts = (args: SerializedValue[]) => args.map((a) => ('v' in a ? a.v : a.t));

describe('console format specifiers', () => {
  it('formats %s %d %i %f and %%, keeping objects as values', () => {
    const obj = { a: 1 };
    expect(
      formatArgs(['%s is %d years (%i) %f%% %s', 'Ann', '41.9', 7.8, '2.5', obj, 'extra']),
    ).toEqual(['Ann is 41 years (7) 2.5% ', obj, 'extra']);
    expect(formatArgs(['%o and %O', [1], obj])).toEqual([[1], ' and ', obj]);
    expect(formatArgs(['%cstyled', 'color: red'])).toEqual(['styled']);
    expect(formatArgs(['%d %s', 5n, Symbol('q')])).toEqual(['5n Symbol(q)']);
    expect(formatArgs(['missing %s'])).toEqual(['missing %s']);
    expect(formatArgs([obj, '%s'])).toEqual([obj, '%s']);
  });
});

describe('console capture', () => {
  it('serialises calls, formats them and still calls the original', () => {
    const { c, entries, native } = captured();
    c.log('n=%d', 5, { a: 1 });
    c.warn('careful');
    expect(entries[0]).toEqual({
      level: 'log',
      args: [
        { t: 'string', v: 'n=5' },
        { t: 'object', id: 1, cls: null, entries: [['a', { t: 'number', v: 1 }]] },
      ],
    });
    expect(entries[1]!.level).toBe('warn');
    expect(native.map(([n]) => n)).toEqual(['log', 'warn']);
    expect(native[0]![1]).toEqual(['n=%d', 5, { a: 1 }]);
  });

  it('turns count, time and assert into lines of text', () => {
    const { c, entries, advance } = captured();
    c.count();
    c.count();
    c.count('x');
    c.countReset('nope');
    c.time('t');
    advance(1.25);
    c.timeLog('t', 'mid');
    c.timeEnd('t');
    c.timeEnd('t');
    c.assert(true, 'fine');
    c.assert(false, 'value was %d', 3);
    c.assert(false, { a: 1 });
    expect(entries.map((e) => [e.level, ...texts(e.args)])).toEqual([
      ['log', 'default: 1'],
      ['log', 'default: 2'],
      ['log', 'x: 1'],
      ['warn', "Count for 'nope' does not exist"],
      ['log', 't: 1.25 ms', 'mid'],
      ['log', 't: 1.25 ms'],
      ['warn', "Timer 't' does not exist"],
      ['error', 'Assertion failed: value was 3'],
      ['error', 'Assertion failed', 'object'],
    ]);
  });

  it('maps group, table, dir, clear and trace to console levels', () => {
    const { c, entries } = captured();
    c.group('g');
    c.groupEnd();
    c.table([{ a: 1 }]);
    c.dir({ b: 2 }, 'ignored');
    c.clear();
    c.trace('here');
    expect(entries.map((e) => e.level)).toEqual([
      'group',
      'groupEnd',
      'table',
      'log',
      'clear',
      'log',
    ]);
    expect(entries[3]!.args).toHaveLength(1);
    const trace = entries[5]!.args[1]!;
    expect(trace).toMatchObject({ t: 'error', name: 'console.trace' });
    expect(
      trace.t === 'error' && trace.frames!.some((f) => f.url.includes('console-capture.test.ts')),
    ).toBe(true);
  });

  it('stops forwarding to the native console after the limit, but keeps capturing', () => {
    const { c, entries, native } = captured(3);
    for (let i = 0; i < 10; i++) c.log(i);
    expect(entries).toHaveLength(10);
    expect(native.map(([n]) => n)).toEqual(['log', 'log', 'log', 'info']);
  });

  it('passes a long string on to the browser cut, and keeps objects and short strings as they are', () => {
    const { c, entries, native } = captured();
    const obj = { a: 1 };
    const long = 'x'.repeat(5_000_000);
    c.log('short', long, obj);
    const [, args] = native[0]!;
    expect(args[0]).toBe('short');
    expect(args[2]).toBe(obj);
    expect(args[1]).toBe(
      `${'x'.repeat(FORWARDED_STRING_LIMIT)}… (4,990,000 more characters cut by Playpen)`,
    );
    // Playpen's own console gets the value as it serialises every string.
    expect(entries[0]!.args[1]).toMatchObject({ t: 'string' });
  });

  it('never lets a capture failure reach user code', () => {
    const { c, native } = captured();
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }); // prettier-ignore
    expect(() => c.log(hostile)).not.toThrow();
    expect(native).toHaveLength(1);
  });
});

describe('outbox', () => {
  const entry = (v: string): ConsoleEntry => ({ level: 'log', args: [{ t: 'string', v }] });

  it('posts the first entries of a burst at once: a task that never ends has sent them', () => {
    const sent: RuntimeMessage[] = [];
    // The burst's end never comes, as in a frame stopped in the middle of its task.
    const outbox = createOutbox(
      (m) => sent.push(m),
      () => {},
    );
    outbox.console(entry('checking the input'));
    outbox.console(entry('pattern'));
    expect(sent).toEqual([
      { type: 'console', ...entry('checking the input') },
      { type: 'console', ...entry('pattern') },
    ]);
  });

  it('batches a burst past its first entries until its end, in order with other messages', async () => {
    const sent: RuntimeMessage[] = [];
    const outbox = createOutbox((m) => sent.push(m), queueMicrotask);
    for (let i = 0; i < EAGER_ENTRIES + 2; i++) outbox.console(entry(`e${i}`));
    outbox.send({ type: 'evaluated' });
    outbox.console(entry('after'));
    outbox.console(entry('last'));
    expect(sent).toHaveLength(EAGER_ENTRIES + 2);
    await Promise.resolve();
    expect(sent.slice(EAGER_ENTRIES)).toEqual([
      {
        type: 'console-batch',
        entries: [entry(`e${EAGER_ENTRIES}`), entry(`e${EAGER_ENTRIES + 1}`)],
      },
      { type: 'evaluated' },
      { type: 'console-batch', entries: [entry('after'), entry('last')] },
    ]);
    // The next burst starts eager again.
    outbox.console(entry('next'));
    expect(sent.at(-1)).toEqual({ type: 'console', ...entry('next') });
  });

  it('streams a long synchronous burst in bounded batches', () => {
    const sent: RuntimeMessage[] = [];
    const outbox = createOutbox(
      (m) => sent.push(m),
      () => {},
    );
    for (let i = 0; i < 100_000; i++) outbox.console({ level: 'log', args: [] });
    outbox.flush();
    const sizes = sent.map((m) => (m.type === 'console-batch' ? m.entries.length : 1));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(500);
    expect(sent.length).toBeLessThan(EAGER_ENTRIES + 100_000 / 500 + 2);
  });
});
