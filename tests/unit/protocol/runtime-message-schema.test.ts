import { describe, expect, it } from 'vitest';
import type { RuntimeMessage } from '../../../src/protocol';
import {
  checkRuntimeMessage,
  parseRuntimeMessage,
} from '../../../src/protocol/runtime-message-schema';
import { serialize } from '../../../src/runtime/serialize';

/** One real message of each kind: the mapped type makes a new kind without an example a type error. */
type OneOfEach = { [K in RuntimeMessage['type']]: Extract<RuntimeMessage, { type: K }> };

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}
const cyclic: Record<string, unknown> = { name: 'root' };
cyclic.self = cyclic;
const failure = new TypeError('x is not a function');
const input = {
  tick: 4,
  now: 1_700_000_000_250,
  type: 'click',
  ctor: 'PointerEvent',
  target: 'element' as const,
  path: [1, 0, 2],
  init: { clientX: 10, clientY: 20, button: 0, bubbles: true, key: null },
  state: { value: 'typed', selectionStart: 5 },
};

// Console arguments as the runtime's own serializer sends them: every value kind it produces.
const args = [
  'hi',
  42,
  -0,
  Number.NaN,
  10n,
  true,
  null,
  undefined,
  Symbol('s'),
  function named() {},
  Point,
  new Date(0),
  /a+b/gi,
  failure,
  new Point(1, 2),
  cyclic,
  // eslint-disable-next-line no-sparse-arrays -- a sparse array: its gap is sent as a hole
  [1, , 3],
  new Map([['k', { deep: [1, 2] }]]),
  new Set(['a', 'b']),
  Promise.resolve(1),
  'x'.repeat(20_000),
].map((value) => serialize(value));

const examples: OneOfEach = {
  ready: { type: 'ready' },
  console: { type: 'console', level: 'log', args, tick: 3 },
  'console-batch': {
    type: 'console-batch',
    entries: [
      { level: 'group', args: [serialize('group')], tick: 1 },
      { level: 'table', args: [serialize([{ a: 1 }, { a: 2 }])] },
      { level: 'groupEnd', args: [] },
    ],
  },
  'console-dropped': { type: 'console-dropped', tick: 0, count: 99_000, reason: 'tick', kept: 500 },
  error: {
    type: 'error',
    kind: 'uncaught',
    message: 'TypeError: x is not a function',
    frames: [
      { fn: 'tick', url: 'playpen:///src/main.ts', line: 3, column: 9 },
      { url: 'x', line: 1, column: 1 },
    ],
    tick: 7,
  },
  ticks: {
    type: 'ticks',
    records: [
      {
        tick: 0,
        now: 1_700_000_000_000,
        kind: 'eval',
        ran: 'main',
        draws: 2,
        timers: 1,
        console: 1,
        consoleText: 123,
        dom: 456,
        viewport: '800×600@1',
        animations: 1,
      },
      {
        tick: 4,
        now: 1_700_000_000_250,
        kind: 'input',
        ran: 'click',
        draws: 2,
        timers: 1,
        console: 2,
        consoleText: 789,
        dom: 457,
        viewport: '800×600@1',
        animations: 2,
        canvas: 3,
        input,
      },
    ],
    state: { mode: 'paused', tick: 4, now: 1_700_000_000_250, nextDue: null },
  },
  evaluated: { type: 'evaluated' },
  'tick-started': { type: 'tick-started', tick: 12 },
  shortcut: { type: 'shortcut', action: 'back' },
  'focus-taken': { type: 'focus-taken' },
  viewport: { type: 'viewport', size: { width: 640, height: 360 } },
  navigated: { type: 'navigated' },
  pong: { type: 'pong', seq: 3 },
  globals: { type: 'globals', seq: 2, names: ['document', 'fetch', 'answer'] },
};

describe('checkRuntimeMessage', () => {
  it.each(Object.values(examples))('accepts a real $type message unchanged', (message) => {
    expect(checkRuntimeMessage(message)).toEqual({ ok: true, message });
  });

  it('accepts a thrown non-Error value and a rejection with no frames', () => {
    const message: RuntimeMessage = {
      type: 'error',
      kind: 'unhandledrejection',
      message: 'Uncaught (in promise) 42',
      value: serialize(42),
      frames: [],
    };
    expect(parseRuntimeMessage(message)).toEqual(message);
  });

  it('refuses a malformed message and says where and why', () => {
    const check = checkRuntimeMessage({
      type: 'console',
      level: 'log',
      args: [
        { t: 'string', v: 'ok' },
        { t: 'html', v: '<img src=x onerror=alert(1)>' },
      ],
    });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.reason).toContain('args[1].t');
  });

  it('names the field of a wrong type', () => {
    const check = checkRuntimeMessage({ type: 'pong', seq: '1' });
    expect(check).toMatchObject({ ok: false });
    if (check.ok) return;
    expect(check.reason).toContain('seq');
    expect(check.reason).toMatch(/expected number/i);
  });
});

describe('parseRuntimeMessage', () => {
  it('drops forged or malformed messages instead of trusting them', () => {
    const bad = [
      null,
      'ready',
      { type: 'navigate', url: 'https://evil.test' },
      { type: 'console', level: 'log', args: [{ t: 'html', v: '<img src=x onerror=alert(1)>' }] },
      { type: 'console', level: 'shout', args: [] },
      { type: 'error', kind: 'uncaught', message: 42, frames: [] },
      { type: 'pong', seq: '1' },
      { type: 'tick-started', tick: -1 },
      { type: 'tick-started', tick: 1.5 },
      { type: 'shortcut', action: 'reload' },
      // A frame may not ask to be sized past any screen, below a pixel, or without a size.
      { type: 'viewport', size: { width: 1e9, height: 300 } },
      { type: 'viewport', size: { width: 0, height: 300 } },
      { type: 'viewport', size: { width: 200.5, height: 300 } },
      { type: 'viewport' },
      { type: 'ticks', records: [], state: { mode: 'rewinding', tick: 0, now: 0, nextDue: null } },
    ];
    for (const message of bad) expect(parseRuntimeMessage(message)).toBeNull();
  });

  it('survives values nested deeper than the stack allows', () => {
    let value: unknown = { t: 'null' };
    for (let i = 0; i < 100_000; i++) value = { t: 'array', id: i, length: 1, items: [value] };
    const message = { type: 'console', level: 'log', args: [value] };
    expect(parseRuntimeMessage(message)).toBeNull();
    expect(checkRuntimeMessage(message)).toEqual({
      ok: false,
      reason: 'The value is nested too deeply to check.',
    });
  });
});
