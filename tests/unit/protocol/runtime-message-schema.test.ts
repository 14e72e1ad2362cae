import { describe, expect, it } from 'vitest';
import type { RuntimeMessage } from '../../../src/protocol';
import {
  checkRuntimeMessage,
  parseRuntimeMessage,
} from '../../../src/protocol/runtime-message-schema';
import { serialize } from '../../../src/runtime/serialize';
import {
  LINE_TICKS_PER_MESSAGE,
  MAX_PROBE_VALUES,
  PROBE_HITS_PER_MESSAGE,
  type ProbeHit,
} from '../../../src/protocol';
import { createProbe } from '../../../src/runtime/probe/index';
import { probeSpec } from '../runtime/probe/probe-expr';

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

/** Messages a probed replay really sends: a logpoint's hits over every kind of value, and line hits. */
function probeMessages() {
  const sent: RuntimeMessage[] = [];
  const values = [
    'hi',
    42,
    Number.NaN,
    10n,
    null,
    Symbol('s'),
    function named() {},
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
    {
      ['k'.repeat(5000)]: 1,
      get g() {
        return 1;
      },
    },
  ];
  const probe = createProbe(
    {
      sites: [probeSpec('v, v.x, v.y.z, missing, `${v}`', ['v']), null],
      lines: 3,
      maxHits: values.length,
    },
    { global: globalThis, now: () => 1_700_000_000_000, send: (m) => sent.push(m), depth: () => 2 },
  );
  for (const [i, v] of values.entries()) {
    probe.startTick(i);
    probe.module.p(0, () => v);
    probe.module.l(i % 3);
  }
  probe.module.p(0, () => 'over the cap');
  probe.flush();
  return sent as [
    Extract<RuntimeMessage, { type: 'probe-hits' }>,
    Extract<RuntimeMessage, { type: 'line-hits' }>,
  ];
}
const [probeHits, lineHits] = probeMessages();

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
  'probe-hits': probeHits,
  'line-hits': lineHits,
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

describe('probe messages', () => {
  const hit = (values: unknown[] = [{ t: 'number', v: 1 }]): ProbeHit =>
    ({ site: 0, tick: 1, now: 0, depth: 1, values }) as ProbeHit;
  const hits = (list: unknown[], over: unknown[] = []) => ({
    type: 'probe-hits',
    hits: list,
    over,
  });

  it('carries every kind of value a logpoint reads, and why one was not', () => {
    const kinds = new Set(probeHits.hits.flatMap((h) => h.values.map((v) => v.t)));
    for (const t of ['string', 'number', 'object', 'array', 'map', 'error', 'unread', 'thrown']) {
      expect(kinds).toContain(t);
    }
    expect(probeHits.over).toEqual([{ site: 0, count: 1 }]);
    expect(lineHits.lines.map((l) => l.i).sort()).toEqual([0, 1, 2]);
  });

  it('refuses malformed hits and line hits', () => {
    const bad = [
      hits([{ ...hit(), site: -1 }]),
      hits([{ ...hit(), site: 1.5 }]),
      hits([{ ...hit(), tick: -1 }]),
      hits([{ ...hit(), depth: 10_000 }]),
      hits([hit([{ t: 'unread' }])]),
      hits([hit([{ t: 'thrown', text: 5 }])]),
      hits([hit([{ t: 'html', v: '<b>' }])]),
      hits([hit()], [{ site: 0, count: 0 }]),
      { type: 'probe-hits', hits: [] },
      { type: 'line-hits', lines: [{ i: 0, runs: 0, ticks: [] }] },
      { type: 'line-hits', lines: [{ i: 0, runs: 1, ticks: [-1] }] },
      { type: 'line-hits', lines: [{ i: -1, runs: 1, ticks: [] }] },
    ];
    for (const message of bad)
      expect(parseRuntimeMessage(message), JSON.stringify(message)).toBeNull();
  });

  it('refuses what is larger than the runtime ever sends', () => {
    const long = 'x'.repeat(1001);
    const oversized = [
      hits(Array.from({ length: PROBE_HITS_PER_MESSAGE + 1 }, () => hit())),
      hits([hit(Array.from({ length: MAX_PROBE_VALUES + 1 }, () => ({ t: 'null' })))]),
      hits([hit([{ t: 'string', v: long }])]),
      hits([hit([{ t: 'unread', why: long }])]),
      hits([hit([{ t: 'object', id: 1, cls: null, entries: [[long, { t: 'null' }]] }])]),
      hits([
        hit([
          {
            t: 'array',
            id: 1,
            length: 51,
            items: Array.from({ length: 51 }, () => ({ t: 'null' })),
          },
        ]),
      ]),
      {
        type: 'line-hits',
        lines: [
          { i: 0, runs: 1, ticks: Array.from({ length: LINE_TICKS_PER_MESSAGE + 1 }, (_, i) => i) },
        ],
      },
      {
        type: 'line-hits',
        lines: Array.from({ length: 11 }, (_, i) => ({
          i,
          runs: 1,
          ticks: Array.from({ length: 1000 }, (_, t) => t),
        })),
      },
    ];
    for (const message of oversized) expect(parseRuntimeMessage(message)).toBeNull();
  });

  it('refuses a forged message that shares one object to look small, before walking it', () => {
    // 30 levels of 50 references to the same array: tiny to post, 50^30 nodes to walk.
    let value: unknown = { t: 'null' };
    for (let i = 0; i < 30; i++) {
      const items = Array.from({ length: 50 }, () => value);
      value = { t: 'array', id: i, length: 50, items };
    }
    const check = checkRuntimeMessage(hits([hit([value])]));
    expect(check).toEqual({ ok: false, reason: expect.stringContaining('over 100000 objects') });
  });
});
