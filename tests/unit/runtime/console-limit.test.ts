import { describe, expect, it } from 'vitest';
import type { ConsoleDropped } from '../../../src/protocol/index.ts';
import { installConsoleCapture } from '../../../src/runtime/console-capture.ts';
import { createConsoleLimit, type ConsoleLimits } from '../../../src/runtime/console-limit.ts';
import type { ConsoleEntry } from '../../../src/runtime/outbox.ts';

type Out = { pass: ConsoleEntry } | { dropped: ConsoleDropped };

/**
 * A console captured as in the preview, its calls capped: `log(...)` is `console.log`, made in
 * tick `at.tick` at virtual time `at.now`. `out` lists what would be sent, in order.
 */
function flood(limits: ConsoleLimits) {
  const out: Out[] = [];
  const at = { tick: 0, now: 0 };
  const limit = createConsoleLimit({
    pass: (entry) => out.push({ pass: entry }),
    dropped: (notice) => out.push({ dropped: notice }),
    limits,
  });
  const target = { log() {} } as unknown as Console;
  installConsoleCapture(target, {
    emit: (entry) => limit.add({ ...entry, tick: at.tick }, at.now),
    now: () => at.now,
    forwardLimit: 0,
  });
  const tick = (n: number, now: number) => {
    at.tick = n;
    at.now = now;
    limit.startTick(n, now);
  };
  return { out, log: target.log.bind(target), tick, limit };
}

/** The k of each passed `console.log('line', k, { k })`, and the drop notices, in order. */
const shown = (out: Out[]) =>
  out.map((o) => {
    if ('dropped' in o) return `dropped ${o.dropped.count} (${o.dropped.reason})`;
    const k = o.pass.args[1];
    return k?.t === 'number' ? k.v : '?';
  });

describe('console caps', () => {
  it('a flood in one tick keeps its first and its newest lines, and says how many were dropped between', () => {
    const { out, log, limit } = flood({ head: 3, tail: 2, perSecond: 1000 });
    for (let k = 0; k < 100_000; k++) log('line', k, { k });
    // The first lines go out at once; the newest wait for the end of the tick.
    expect(shown(out)).toEqual([0, 1, 2]);
    limit.flush(true);
    expect(shown(out)).toEqual([0, 1, 2, 'dropped 99995 (tick)', 99_998, 99_999]);
    const last = out.at(-1);
    expect(last && 'pass' in last && last.pass.args[2]).toMatchObject({
      t: 'object',
      entries: [['k', { t: 'number', v: 99_999 }]],
    });
  });

  it('each tick has its own cap; its newest lines go out when the next tick starts', () => {
    const { out, log, tick } = flood({ head: 2, tail: 1, perSecond: 1000 });
    for (let k = 0; k < 5; k++) log('line', k, { k });
    tick(1, 16);
    for (let k = 5; k < 7; k++) log('line', k, { k });
    tick(2, 32);
    expect(shown(out)).toEqual([0, 1, 'dropped 2 (tick)', 4, 5, 6]);
  });

  it('many small ticks are capped per virtual second, and the drops are said when the second is over', () => {
    const { out, log, tick } = flood({ head: 10, tail: 10, perSecond: 4 });
    let k = 0;
    // 100 ticks 5 ms apart: one virtual half second, 2 lines each.
    for (let t = 1; t <= 100; t++) {
      tick(t, t * 5);
      log('line', k, { k });
      k++;
      log('line', k, { k });
      k++;
    }
    expect(shown(out)).toEqual([0, 1, 2, 3]);
    tick(101, 1000);
    log('line', k, { k });
    expect(shown(out)).toEqual([0, 1, 2, 3, 'dropped 196 (second)', 200]);
    expect(out[4]).toEqual({ dropped: { tick: 3, count: 196, reason: 'second', kept: 4 } });
  });

  it('drops the same calls when the same ticks run again (a replay), flushed between ticks or not', () => {
    const run = (flushEvery: number) => {
      const { out, log, tick, limit } = flood({ head: 3, tail: 2, perSecond: 20 });
      for (let t = 0, k = 0; t < 40; t++) {
        if (t > 0) tick(t, t * 100);
        for (let i = 0; i < t % 7; i++, k++) log('line', k, { k });
        if (t % flushEvery === 0) limit.flush(false);
      }
      limit.flush(true);
      return shown(out);
    };
    expect(run(1)).toEqual(run(1000));
  });
});
