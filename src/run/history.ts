/**
 * A run's history on the host: tick records, recorded inputs and console output per tick,
 * kept as a window of the newest ticks within a tick count and a memory estimate
 * (docs/architecture.md, "The run loop"). Replayed ticks are compared with their records here.
 */
import {
  FETCH_INPUT,
  type InputRecord,
  type RuntimeMessage,
  type SwapTarget,
  type TickRecord,
  type RunEnvironment,
  type Viewport,
} from '../protocol';
import { compareRecords } from './replay-divergence';

/** Estimated bytes a tick record holds (its fingerprint and bookkeeping). */
const RECORD_BYTES = 120;

export interface HistoryLimits {
  /** Ticks kept before the oldest are dropped. */
  maxTicks: number;
  /** Estimated bytes kept (records, inputs, console output) before the oldest are dropped. */
  maxBytes: number;
}

/**
 * What a hot-swapped run was given (swap-source.ts): the old run's inputs by virtual time.
 * Kept with the history (and its forks' copies) while it still describes the run's past.
 */
export interface SwapOrigin {
  /** The swap's target, as it was sent. */
  target: SwapTarget;
  /** The run's tick where the swap landed; -1 while it lands. */
  landing: number;
}

interface Logged {
  tick: number;
  message: RuntimeMessage;
  /** Estimated bytes held, given back when the entry falls out of the history. */
  size: number;
}

export interface History {
  /** Oldest tick still recorded. */
  readonly first: number;
  /**
   * Newest tick of the recording (-1 before tick 0): the last record, or further while a shared
   * run's ticks after the landing are known by their inputs alone (`expect`).
   */
  lastRecorded(): number;
  /** Newest tick with a record, its console output logged (-1 before tick 0). */
  lastRecord(): number;
  /**
   * A shared run's recording, before it replays: its inputs and last tick. The replay stops
   * at the sender's tick; the ticks after it are recorded as they first run (step forward,
   * Play), their inputs taken from here.
   */
  expect(inputs: readonly InputRecord[], lastTick: number): void;
  /** Forgets the expected recording after `tick` (its replay stopped there: no more to reach). */
  cutAfter(tick: number): void;
  /**
   * A tick record from the preview: a new tick is appended; a replayed one is compared with
   * its record, returning what differed (null when it matches).
   */
  record(r: TickRecord): string | null;
  /** The record of `tick`, while the history holds it (a probed replay compares with it). */
  recordAt(tick: number): TickRecord | undefined;
  /** A console entry or error shown at `tick`. */
  log(tick: number, message: RuntimeMessage): void;
  /** Logged messages of ticks after `from`, up to and including `to`. */
  messagesIn(from: number, to: number): RuntimeMessage[];
  /** Inputs of ticks up to `tick`, and fetch responses of any tick (served from the record). */
  inputsUpTo(tick: number): InputRecord[];
  /** A new history holding this one's ticks up to `tick` (a fork: this one stays whole). */
  copyUpTo(tick: number): History;
  /** The viewport tick 0 ran at (a replay's frame takes it), once tick 0 is recorded. */
  startViewport(): Viewport | undefined;
  /** The environment tick 0 ran with (a replay's program is given it), once tick 0 is recorded. */
  startEnvironment(): RunEnvironment | undefined;
  /** What the run was given when it was swapped in, while that still describes its past. */
  origin(): SwapOrigin | null;
  /** The run was swapped in with `origin` (its landing is noted on it when it lands). */
  setOrigin(origin: SwapOrigin): void;
  /** Recorded inputs (ticks and what) and console entries with their ticks, oldest first. */
  marks(): {
    inputs: readonly InputRecord[];
    logged: readonly { tick: number; message: RuntimeMessage }[];
  };
}

/** What a history holds, handed to a copy. */
interface Held {
  records: TickRecord[];
  start: Viewport | undefined;
  startEnv: RunEnvironment | undefined;
  first: number;
  inputs: InputRecord[];
  ahead: number;
  logged: Logged[];
  bytes: number;
  origin: SwapOrigin | null;
}

/** `onDrop` hears of each time the oldest ticks fell out (the new first tick and why). */
export function createHistory(
  limits: HistoryLimits,
  onDrop: (first: number, note: string) => void,
  held?: Held,
): History {
  const { maxTicks, maxBytes } = limits;
  /** Records of ticks first..last (records[i] is tick first + i). */
  let records: TickRecord[] = held?.records ?? [];
  let first = held?.first ?? 0;
  /** Every recorded input since tick 0: a replay needs them all, even of dropped ticks. */
  let inputs: InputRecord[] = held?.inputs ?? [];
  /** A shared recording's last tick while its later ticks have no records yet (-1: none). */
  let ahead = held?.ahead ?? -1;
  let logged: Logged[] = held?.logged ?? [];
  let bytes = held?.bytes ?? 0;
  /** Kept apart from the records: the oldest of those may fall out, tick 0's viewport may not. */
  let start = held?.start;
  let startEnv = held?.startEnv;
  let origin = held?.origin ?? null;

  const lastRecord = () => first + records.length - 1;

  /** Drops the oldest ticks (a tenth of the window at least, so it is not done per tick). */
  const dropOldest = () => {
    const over = records.length - maxTicks;
    let drop = Math.min(records.length - 1, Math.max(over, Math.ceil(records.length / 10)));
    if (bytes > maxBytes) {
      // Enough ticks to get back under the budget, counting their console output.
      let freed = 0;
      let k = 0;
      let j = 0;
      while (k < records.length - 1 && bytes - freed > maxBytes * 0.9) {
        const t = first + k;
        freed += RECORD_BYTES;
        while (j < logged.length && logged[j]!.tick <= t) freed += logged[j++]!.size;
        k++;
      }
      drop = Math.max(drop, k);
    }
    if (drop <= 0) return;
    first += drop;
    records = records.slice(drop);
    bytes -= drop * RECORD_BYTES;
    let j = 0;
    while (j < logged.length && logged[j]!.tick < first) bytes -= logged[j++]!.size;
    logged = logged.slice(j);
    onDrop(
      first,
      `Ticks before ${first.toLocaleString()} fell out of the history (limit ${maxTicks.toLocaleString()} ticks or ${Math.round(maxBytes / 1048576)} MB, in Settings › Run loop): they can no longer be revisited.`,
    );
  };

  return {
    get first() {
      return first;
    },
    lastRecorded: () => Math.max(lastRecord(), ahead),
    lastRecord,
    expect(recorded, lastTick) {
      inputs.push(...recorded);
      ahead = lastTick;
      for (const i of recorded) bytes += inputBytes(i);
    },
    cutAfter(tick) {
      inputs = inputs.filter((i) => i.tick <= tick);
      ahead = -1;
    },
    record(r) {
      const last = lastRecord();
      if (r.tick <= last) {
        const recorded = records[r.tick - first];
        return recorded ? compareRecords(recorded, r) : null;
      }
      if (r.tick !== last + 1) return null;
      records.push(r);
      if (r.tick === 0) {
        start = viewportFromKey(r.viewport);
        startEnv = r.environment;
      }
      // An expected tick's input is the recording's, held since `expect`.
      if (r.input && r.tick > ahead) {
        inputs.push(r.input);
        bytes += inputBytes(r.input);
      }
      bytes += RECORD_BYTES;
      if (records.length > maxTicks || bytes > maxBytes) dropOldest();
      return null;
    },
    recordAt: (tick) => (tick >= first ? records[tick - first] : undefined),
    log(tick, message) {
      const size = JSON.stringify(message).length * 2;
      logged.push({ tick, message, size });
      bytes += size;
    },
    messagesIn: (from, to) =>
      logged.filter((l) => l.tick > from && l.tick <= to).map((l) => l.message),
    inputsUpTo: (tick) => inputs.filter((i) => i.tick <= tick || i.type === FETCH_INPUT),
    copyUpTo(tick) {
      const kept = logged.filter((l) => l.tick <= tick);
      const keptRecords = records.slice(0, Math.max(0, tick - first + 1));
      return createHistory(limits, onDrop, {
        records: keptRecords,
        start,
        startEnv,
        first,
        inputs: inputs.filter((i) => i.tick <= tick),
        ahead: Math.min(ahead, tick),
        logged: kept,
        bytes: keptRecords.length * RECORD_BYTES + kept.reduce((n, l) => n + l.size, 0),
        // A fork before the landing left the future the origin describes.
        origin: origin && origin.landing >= 0 && tick >= origin.landing ? origin : null,
      });
    },
    startViewport: () => start,
    startEnvironment: () => startEnv,
    origin: () => origin,
    setOrigin(next) {
      origin = next;
    },
    marks: () => ({ inputs, logged }),
  };
}

/** Estimated bytes an input holds (fetch settlements carry the response body). */
const inputBytes = (input: InputRecord) => 200 + JSON.stringify(input.state ?? {}).length * 2;

/** The viewport of a tick record's `innerWidth×innerHeight@devicePixelRatio` key. */
export function viewportFromKey(key: string | undefined): Viewport | undefined {
  const m = /^(\d+)×(\d+)@/.exec(key ?? '');
  if (!m) return undefined;
  const [width, height] = [Number(m[1]), Number(m[2])];
  return width > 0 && height > 0 ? { width, height } : undefined;
}
