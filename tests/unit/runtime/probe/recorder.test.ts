import { describe, expect, it } from 'vitest';
import {
  LINE_TICKS_PER_MESSAGE,
  PROBE_HITS_PER_MESSAGE,
  type ProbePlan,
  type RuntimeMessage,
} from '../../../../src/protocol/index.ts';
import { createConsoleLimit } from '../../../../src/runtime/console-limit.ts';
import { createOutbox } from '../../../../src/runtime/outbox.ts';
import { createCallDepth, userFrames } from '../../../../src/runtime/probe/call-depth.ts';
import { createHitRecorder } from '../../../../src/runtime/probe/hit-recorder.ts';
import { createProbe, NO_PROBE, type RunProbe } from '../../../../src/runtime/probe/index.ts';
import { createTickSend } from '../../../../src/runtime/tick-send.ts';
import { probeSpec } from './probe-expr.ts';

type Hits = Extract<RuntimeMessage, { type: 'probe-hits' }>;
type Lines = Extract<RuntimeMessage, { type: 'line-hits' }>;

function setup(plan: Partial<ProbePlan> = {}, depth = () => 1) {
  const sent: RuntimeMessage[] = [];
  let now = 1_700_000_000_000;
  const probe = createProbe(
    { sites: [probeSpec('x', ['x'])], lines: 0, maxHits: 100, ...plan },
    { global: globalThis, now: () => now, send: (m) => sent.push(m), depth },
  );
  const hit = (x: unknown, site = 0) => probe.module.p(site, () => x);
  return { probe, sent, hit, setNow: (t: number) => (now = t) };
}

describe('logpoint hits', () => {
  it('records tick, virtual now, depth and values, sent on flush only', () => {
    const { probe, sent, hit, setNow } = setup();
    hit(1);
    probe.startTick(3);
    setNow(1_700_000_000_050);
    hit({ a: 2 });
    expect(sent).toEqual([]);
    probe.flush();
    expect(sent).toEqual([
      {
        type: 'probe-hits',
        hits: [
          { site: 0, tick: 0, now: 1_700_000_000_000, depth: 1, values: [{ t: 'number', v: 1 }] },
          {
            site: 0,
            tick: 3,
            now: 1_700_000_000_050,
            depth: 1,
            values: [{ t: 'object', id: 1, cls: null, entries: [['a', { t: 'number', v: 2 }]] }],
          },
        ],
        over: [],
      },
    ]);
    probe.flush();
    expect(sent).toHaveLength(1); // nothing new: nothing sent
  });

  it('sends maxHits hits of a site with values and counts the rest in over, per message', () => {
    const plan = { sites: [probeSpec('x', ['x']), null, probeSpec('x * 2', ['x'])], maxHits: 3 };
    const { probe, sent, hit } = setup(plan);
    for (let i = 0; i < 5; i++) hit(i, 0);
    hit(10, 2);
    hit(10, 1); // a site that was not placed
    hit(10, 7); // no such site
    probe.flush();
    const first = sent[0] as Hits;
    expect(first.hits.map((h) => [h.site, h.values])).toEqual([
      [0, [{ t: 'number', v: 0 }]],
      [0, [{ t: 'number', v: 1 }]],
      [0, [{ t: 'number', v: 2 }]],
      [2, [{ t: 'number', v: 20 }]],
    ]);
    expect(first.over).toEqual([{ site: 0, count: 2 }]);
    hit(5, 0);
    probe.flush();
    expect(sent[1]).toEqual({ type: 'probe-hits', hits: [], over: [{ site: 0, count: 1 }] });
  });

  it('sends early once a message’s worth waits, so a hot loop streams out in bounded messages', () => {
    const { probe, sent, hit } = setup({ maxHits: 20_000 });
    for (let i = 0; i < PROBE_HITS_PER_MESSAGE * 2 + 5; i++) hit(i);
    expect(sent.map((m) => (m as Hits).hits.length)).toEqual([
      PROBE_HITS_PER_MESSAGE,
      PROBE_HITS_PER_MESSAGE,
    ]);
    probe.flush();
    expect((sent[2] as Hits).hits).toHaveLength(5);
    // Large values: a message goes once about 250 kB of them waits.
    const big = setup({ maxHits: 1000 });
    const row = Array.from({ length: 50 }, (_, i) => 'x'.repeat(300) + i);
    for (let i = 0; i < 200; i++) big.hit(row);
    expect(big.sent.length).toBeGreaterThan(0);
    expect((big.sent[0] as Hits).hits.length).toBeLessThan(200);
  });

  it('stops keeping values past the run’s budget, and still sends each hit', () => {
    const sent: RuntimeMessage[] = [];
    const recorder = createHitRecorder({
      sites: [
        {
          values: [(c) => c.read(0)],
          slots: 1,
        },
      ],
      maxHits: 100,
      tick: () => 0,
      now: () => 0,
      depth: () => 1,
      send: (m) => sent.push(m),
      budget: 1000,
    });
    for (let i = 0; i < 4; i++) recorder.hit(0, () => 'y'.repeat(400));
    recorder.flush();
    const values = (sent[0] as Hits).hits.map((h) => h.values[0]!.t);
    expect(values).toEqual(['string', 'string', 'string', 'unread']);
  });

  it('never lets a failure of its own reach the program', () => {
    const { probe, hit } = setup({}, () => {
      throw new Error('depth failed');
    });
    expect(() => hit(1)).not.toThrow();
    expect(() =>
      probe.module.p(0, () => {
        throw new Error('reader');
      }),
    ).not.toThrow();
  });

  it('does nothing without probes: NO_PROBE', () => {
    expect(Object.isFrozen(NO_PROBE)).toBe(true);
    expect(Object.getPrototypeOf(NO_PROBE)).toBeNull();
    expect(NO_PROBE.p(0, () => 1)).toBeUndefined();
    expect(NO_PROBE.l(0)).toBeUndefined();
  });
});

describe('call depth', () => {
  const E = Error as unknown as { prepareStackTrace?: unknown; stackTraceLimit: number };
  /** Runs `fn` with Error.prepareStackTrace as `hook` (Vitest sets one for its source maps). */
  function withStackHook(hook: unknown, fn: () => void) {
    const saved = Object.getOwnPropertyDescriptor(E, 'prepareStackTrace');
    if (hook === undefined) delete E.prepareStackTrace;
    else E.prepareStackTrace = hook;
    try {
      fn();
    } finally {
      if (saved) Object.defineProperty(E, 'prepareStackTrace', saved);
      else delete E.prepareStackTrace;
    }
  }

  /** Modules as the preview evaluates them: their frames carry `playpen:///` URLs. */
  function module(path: string, body: string): (...args: unknown[]) => unknown {
    const indirect = eval;
    return indirect(
      `(function (probe, next) {${body}})\n//# sourceURL=playpen:///${path}`,
    ) as never;
  }

  // Made where no hook is set, a reader counts V8's call sites; made under one, it reads text.
  const readers: [string, () => () => number][] = [
    ['call sites', () => made(undefined)],
    ['stack text', () => made(() => '')],
  ];
  function made(hook: unknown): () => number {
    let reader: () => number = () => -1;
    withStackHook(hook, () => (reader = createCallDepth()));
    return reader;
  }

  describe.each(readers)('read from %s', (_, make) => {
    const read = make();
    it('counts the frames of the program’s modules on the stack', () => {
      const depths: number[] = [];
      const probe = { p: () => depths.push(read()) };
      const util = module(
        'src/util.ts',
        'function inner() { probe.p(); } function outer() { inner(); } outer(); probe.p();',
      );
      const main = module('src/main.ts', 'probe.p(); next(probe);');
      withStackHook(undefined, () => main(probe, util));
      // main's top level: 1; util called from it: 2 (its top level), 4 (outer → inner).
      expect(depths).toEqual([1, 4, 2]);
    });

    it('walks past the default 10 frames, and puts Error.stackTraceLimit back', () => {
      const recurse = module(
        'src/deep.ts',
        'function down(n) { if (n === 0) { probe.p(); return; } down(n - 1); } down(next);',
      );
      let depth = 0;
      const limit = E.stackTraceLimit;
      E.stackTraceLimit = 10;
      try {
        withStackHook(undefined, () => recurse({ p: () => (depth = read()) }, 40));
        expect(E.stackTraceLimit).toBe(10);
      } finally {
        E.stackTraceLimit = limit;
      }
      expect(depth).toBe(42);
    });

    it('is 0 when the program set Error.prepareStackTrace, which is never run', () => {
      let ran = 0;
      let depth = -1;
      withStackHook(
        () => (ran++, ''),
        () => module('src/main.ts', 'probe.p();')({ p: () => (depth = read()) }),
      );
      expect(depth).toBe(0);
      expect(ran).toBe(0);
    });
  });

  it('leaves Error.prepareStackTrace as it found it: absent, or set to undefined', () => {
    const read = made(undefined);
    const call = () => {
      let depth = -1;
      module('src/main.ts', 'probe.p();')({ p: () => (depth = read()) });
      return depth;
    };
    withStackHook(undefined, () => {
      expect(call()).toBe(1);
      expect(Object.getOwnPropertyDescriptor(E, 'prepareStackTrace')).toBeUndefined();
      E.prepareStackTrace = undefined;
      expect(call()).toBe(1);
      expect(Object.getOwnPropertyDescriptor(E, 'prepareStackTrace')).toEqual({
        value: undefined,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    });
  });

  it('reads V8, Firefox and Safari stacks', () => {
    const v8 = [
      'Error',
      '    at callDepth (playpen-runtime:///runtime.js:1:200)',
      '    at move (playpen:///src/ball.ts:3:5)',
      '    at playpen:///src/main.ts:9:1',
      '    at async load (playpen:///src/main.ts:4:3)',
      '    at eval (eval at run (playpen:///src/main.ts:1:1), <anonymous>:1:1)',
      '    at Array.forEach (<anonymous>)',
    ].join('\n');
    expect(userFrames(v8)).toBe(4);
    const gecko = [
      'callDepth@playpen-runtime:///runtime.js:1:2',
      'move@playpen:///src/ball.ts:3:5',
      '@playpen:///src/main.ts:9:1',
    ].join('\n');
    expect(userFrames(gecko)).toBe(2);
  });
});

describe('line hits', () => {
  it('counts runs and notes each tick once, in order; deltas since the last message', () => {
    const { probe, sent } = setup({ lines: 4 });
    const l = probe.module.l;
    l(2);
    l(2);
    l(0);
    probe.startTick(5);
    l(2);
    probe.startTick(9);
    for (let i = 0; i < 1000; i++) l(2);
    l(4); // no such counter
    l(-1);
    probe.flush();
    expect(sent).toEqual([
      {
        type: 'line-hits',
        lines: [
          { i: 2, runs: 1003, ticks: [0, 5, 9] },
          { i: 0, runs: 1, ticks: [0] },
        ],
      },
    ]);
    // The same tick goes on after a message: its runs count, the tick is not said again.
    l(2);
    probe.startTick(10);
    l(3);
    probe.flush();
    expect(sent[1]).toEqual({
      type: 'line-hits',
      lines: [
        { i: 2, runs: 1, ticks: [] },
        { i: 3, runs: 1, ticks: [10] },
      ],
    });
    probe.flush();
    expect(sent).toHaveLength(2);
  });

  it('sends early once a message’s worth of ticks waits', () => {
    const { probe, sent } = setup({ lines: 2 });
    for (let t = 0; t < LINE_TICKS_PER_MESSAGE; t++) {
      probe.startTick(t);
      probe.module.l(0);
    }
    expect(sent).toHaveLength(1);
    const lines = (sent[0] as Lines).lines;
    expect(lines[0]!.ticks).toHaveLength(LINE_TICKS_PER_MESSAGE);
    expect(lines[0]!.ticks[LINE_TICKS_PER_MESSAGE - 1]).toBe(LINE_TICKS_PER_MESSAGE - 1);
  });
});

describe('what goes with each tick report', () => {
  it('sends held console calls, then hits, then line hits, then the report', () => {
    const posted: RuntimeMessage[] = [];
    const outbox = createOutbox(
      (m) => posted.push(m),
      () => {},
    );
    const limit = createConsoleLimit({
      pass: (entry) => outbox.console(entry),
      dropped: (notice) => outbox.send({ type: 'console-dropped', ...notice }),
      limits: { head: 1, tail: 1, perSecond: 100 },
    });
    let probe: RunProbe | null = null;
    const send = createTickSend({
      held: [(idle) => limit.flush(idle)],
      probe: () => probe,
      send: (m) => outbox.send(m),
    });
    probe = createProbe(
      { sites: [probeSpec('x', ['x'])], lines: 1, maxHits: 10 },
      { global: globalThis, now: () => 0, send: (m) => outbox.send(m), depth: () => 1 },
    );
    const log = (v: string) => limit.add({ level: 'log', args: [{ t: 'string', v }], tick: 1 }, 0);
    log('first');
    log('second'); // past the head: held until the tick is reported
    probe.module.p(0, () => 1);
    probe.module.l(0);
    send([], { mode: 'paused', tick: 1, now: 0, nextDue: null });
    expect(posted.map((m) => m.type)).toEqual([
      'console',
      'console',
      'probe-hits',
      'line-hits',
      'ticks',
    ]);
    expect(posted[1]).toMatchObject({ args: [{ v: 'second' }] });
    // A run without probes sends the report alone.
    probe = null;
    send([], { mode: 'paused', tick: 1, now: 0, nextDue: null });
    expect(posted.at(-1)!.type).toBe('ticks');
    expect(posted).toHaveLength(6);
  });
});
