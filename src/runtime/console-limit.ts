import type { ConsoleDropped } from '../protocol/index.ts';
import type { ConsoleEntry } from './outbox.ts';

export interface ConsoleLimits {
  /** Calls of one tick passed on as they come; the host's page must not pay for a flood. */
  head: number;
  /** Newest calls of one tick kept past `head`, sent when the tick ends, so the end of a flood shows. */
  tail: number;
  /** Calls passed on per virtual second across ticks (a flood spread over many short ticks). */
  perSecond: number;
}

/** Measured (tests/bench/console-flood.bench.ts): the host shows 1,000 lines a tick at no long task. */
export const DEFAULT_CONSOLE_LIMITS: ConsoleLimits = { head: 500, tail: 500, perSecond: 2000 };

/**
 * Uncaught errors and unhandled rejections, capped apart from console calls, so a log flood
 * never hides the error after it. Each carries up to 200 stack frames that the app maps to the
 * user's files: 100,000 promises rejected in one tick kept the preview reporting them past the
 * watchdog's patience and the app mapping them in tasks of up to a second.
 */
export const ERROR_LIMITS: ConsoleLimits = { head: 50, tail: 10, perSecond: 100 };

/** What the limit counts: a console call, or anything else the preview reports per tick. */
export type Limited = { tick: number };

export interface ConsoleLimitDeps<T extends Limited> {
  /** Passes a console call on (to the outbox). */
  pass(entry: T): void;
  /** Says how many calls were left out, in order with the calls passed on. */
  dropped(notice: ConsoleDropped): void;
  limits?: ConsoleLimits;
}

export interface ConsoleLimit<T extends Limited> {
  /** A console call of tick `entry.tick` at virtual time `now`. */
  add(entry: T, now: number): void;
  /** Tick `tick` starts at virtual time `now`: the previous tick's newest calls and its drop count go out. */
  startTick(tick: number, now: number): void;
  /** Sends what is held (the run loop is idle or paused); `idle` also reports a second's drops. */
  flush(idle: boolean): void;
}

/**
 * Caps the console calls the preview sends (issue 11: a program logging 100,000 lines must not
 * freeze the app). Per tick: the first `head` calls, then only the newest `tail`; per virtual
 * second: `perSecond` calls. Everything left out is counted and said ("n lines dropped").
 * Only ticks and virtual time decide what is dropped, so a replay of a run drops the same calls.
 */
export function createConsoleLimit<T extends Limited = ConsoleEntry & Limited>(
  deps: ConsoleLimitDeps<T>,
): ConsoleLimit<T> {
  const { head, tail, perSecond } = deps.limits ?? DEFAULT_CONSOLE_LIMITS;
  let tick = 0;
  let inTick = 0;
  // The newest calls past `head`, a circular buffer: `ring[(start + i) % tail]`, oldest first.
  const ring: T[] = [];
  let start = 0;
  let tickDropped = 0;
  let second = -Infinity;
  let inSecond = 0;
  let secondDropped = 0;
  let secondDroppedTick = 0;

  const endTick = () => {
    if (tickDropped > 0) deps.dropped({ tick, count: tickDropped, reason: 'tick', kept: head });
    tickDropped = 0;
    const held = ring.length;
    for (let i = 0; i < held; i++) deps.pass(ring[(start + i) % held]!);
    ring.length = 0;
    start = 0;
    inSecond += held;
  };
  const endSecond = () => {
    if (secondDropped > 0)
      deps.dropped({
        tick: secondDroppedTick,
        count: secondDropped,
        reason: 'second',
        kept: perSecond,
      });
    secondDropped = 0;
  };
  const enterSecond = (now: number) => {
    const s = Math.floor(now / 1000);
    if (s === second) return;
    endSecond();
    second = s;
    inSecond = 0;
  };

  return {
    add(entry, now) {
      if (entry.tick !== tick) this.startTick(entry.tick, now);
      enterSecond(now);
      if (inSecond >= perSecond) {
        if (secondDropped === 0) secondDroppedTick = tick;
        secondDropped++;
        return;
      }
      if (inTick < head) {
        inTick++;
        inSecond++;
        deps.pass(entry);
        return;
      }
      if (ring.length < tail) {
        ring.push(entry);
        return;
      }
      if (tail === 0) {
        tickDropped++;
        return;
      }
      ring[start] = entry;
      start = (start + 1) % tail;
      tickDropped++;
    },
    startTick(next, now) {
      endTick();
      tick = next;
      inTick = 0;
      enterSecond(now);
    },
    flush(idle) {
      endTick();
      if (idle) endSecond();
    },
  };
}
