import { z } from 'zod';
import {
  LINE_TICKS_PER_MESSAGE,
  MAX_DPR,
  MAX_GLOBAL_NAMES,
  MAX_LINE_COUNTERS,
  MAX_PROBE_DEPTH,
  MAX_PROBE_MESSAGE_NODES,
  MAX_PROBE_SITES,
  MAX_PROBE_VALUES,
  MAX_VIEWPORT_PX,
  PROBE_HITS_PER_MESSAGE,
  PROBE_VALUE_LIMITS,
  type InputRecord,
  type ProbeValue,
  type RuntimeMessage,
  type SerializedValue,
} from './index';

// The preview runs user code in the runtime's realm, so anything arriving from it may be
// forged: every message is checked against the protocol's shapes and dropped if it differs.
// The types (index.ts) stay plain TypeScript so the preview runtime, which sends these
// messages, never bundles zod; SchemasMatchTypes below ties the two together at compile time.

const str = z.string().max(1_000_000);
const id = z.number().int();
const more = z.number().int().nonnegative().optional();
const depthLimit = z.boolean().optional();

const rawFrame = z.object({
  fn: str.optional(),
  url: str,
  line: z.number().int(),
  column: z.number().int(),
});

/** Bounds of a serialised value's strings and lists (a logpoint's are far smaller than the console's). */
interface ValueBounds {
  /** Longest string, key or name. */
  text: number;
  /** Most entries of an object, array, Map or Set; undefined: not bounded here. */
  entries?: number;
}

/**
 * The schema of a SerializedValue within `bounds`. Declared with its type (a recursive schema
 * cannot infer one); the union's own output is checked against SerializedValue below.
 */
function serializedSchemas(bounds: ValueBounds) {
  const text = z.string().max(bounds.text);
  const list = <T extends z.ZodType>(item: T) =>
    bounds.entries === undefined ? z.array(item) : z.array(item).max(bounds.entries);
  const value: z.ZodType<SerializedValue> = z.lazy(() => union);
  const union = z.discriminatedUnion('t', [
    z.object({ t: z.literal('undefined') }),
    z.object({ t: z.literal('null') }),
    z.object({ t: z.literal('boolean'), v: z.boolean() }),
    z.object({ t: z.literal('number'), v: z.union([z.number(), text]) }),
    z.object({ t: z.literal('string'), v: text, length: z.number().int().optional() }),
    z.object({ t: z.literal('bigint'), v: text }),
    z.object({ t: z.literal('symbol'), v: text }),
    z.object({ t: z.literal('function'), name: text, isClass: z.boolean().optional() }),
    z.object({ t: z.literal('date'), v: text }),
    z.object({ t: z.literal('regexp'), v: text }),
    z.object({
      t: z.literal('error'),
      id,
      name: text,
      message: text,
      stack: text.optional(),
      frames: z.array(rawFrame).max(200).optional(),
    }),
    z.object({ t: z.literal('dom'), id, tag: text, desc: text, text: text.optional() }),
    z.object({ t: z.literal('ref'), id }),
    z.object({
      t: z.literal('object'),
      id,
      cls: z.union([text, z.null()]),
      entries: list(z.tuple([text, value])),
      more,
      depthLimit,
    }),
    z.object({
      t: z.literal('array'),
      id,
      cls: text.optional(),
      length: z.number().int().nonnegative(),
      items: list(value),
      more,
      depthLimit,
    }),
    z.object({
      t: z.literal('map'),
      id,
      size: z.number().int().nonnegative(),
      entries: list(z.tuple([value, value])),
      more,
      depthLimit,
    }),
    z.object({
      t: z.literal('set'),
      id,
      size: z.number().int().nonnegative(),
      items: list(value),
      more,
      depthLimit,
    }),
    z.object({
      t: z.literal('promise'),
      id,
      state: z.enum(['pending', 'fulfilled', 'rejected', 'unknown']),
    }),
    z.object({ t: z.literal('hole'), count: z.number().int().nonnegative() }),
  ]);
  return { value, union };
}

// The console's values: strings up to the host's limit, entries bounded by the message's size.
const { value: serialized } = serializedSchemas({ text: 1_000_000 });

// A logpoint's values: as the runtime serialises them (PROBE_VALUE_LIMITS), or why not.
const probeText = z.string().max(PROBE_VALUE_LIMITS.maxString);
const { union: probeSerializedUnion } = serializedSchemas({
  text: PROBE_VALUE_LIMITS.maxString,
  entries: PROBE_VALUE_LIMITS.maxEntries,
});
const probeValue = z.discriminatedUnion('t', [
  probeSerializedUnion,
  z.object({ t: z.literal('unread'), why: probeText }),
  z.object({ t: z.literal('thrown'), text: probeText }),
]);
const siteIndex = z
  .number()
  .int()
  .nonnegative()
  .max(MAX_PROBE_SITES - 1);
const probeHitsMessage = z.object({
  type: z.literal('probe-hits'),
  hits: z
    .array(
      z.object({
        site: siteIndex,
        tick: z.number().int().nonnegative(),
        now: z.number(),
        depth: z.number().int().nonnegative().max(MAX_PROBE_DEPTH),
        values: z.array(probeValue).max(MAX_PROBE_VALUES),
      }),
    )
    .max(PROBE_HITS_PER_MESSAGE),
  over: z
    .array(z.object({ site: siteIndex, count: z.number().int().positive() }))
    .max(MAX_PROBE_SITES),
});
const lineHitsMessage = z.object({
  type: z.literal('line-hits'),
  lines: z
    .array(
      z.object({
        i: z
          .number()
          .int()
          .nonnegative()
          .max(MAX_LINE_COUNTERS - 1),
        runs: z.number().int().positive(),
        ticks: z.array(z.number().int().nonnegative()).max(LINE_TICKS_PER_MESSAGE),
      }),
    )
    .max(MAX_LINE_COUNTERS),
});

const level = z.enum([
  'log',
  'info',
  'warn',
  'error',
  'debug',
  'table',
  'group',
  'groupCollapsed',
  'groupEnd',
  'clear',
  'command',
  'result',
]);

const tick = z.number().int().nonnegative().optional();
const consoleCall = { level, args: z.array(serialized).max(1000), tick };
const consoleMessage = z.object({ type: z.literal('console'), ...consoleCall });
/** Most console entries one message may carry. */
export const MAX_BATCH_ENTRIES = 100_000;
const consoleBatch = z.object({
  type: z.literal('console-batch'),
  entries: z.array(z.object(consoleCall)).max(MAX_BATCH_ENTRIES),
});

/** Most missed inputs a swap's report names (a run link holds at most 200,000 inputs). */
const MAX_SWAP_MISSED = 200_000;

const prim = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);
/** One recorded input (also what a shared run's link carries: untrusted alike). */
export const inputRecord = z.object({
  tick: z.number().int().nonnegative(),
  now: z.number(),
  type: z.string().max(40),
  ctor: z.string().max(40),
  target: z.enum(['window', 'document', 'element']),
  path: z.array(z.number().int().nonnegative()).max(1000),
  node: z.string().max(40).optional(),
  init: z.record(z.string().max(40), prim),
  state: z.record(z.string().max(40), z.union([prim, z.string().max(1_000_000)])).optional(),
});
/** A run's environment (environment.ts), as the preview or a link claims it. */
export const runEnvironment = z.object({
  dpr: z.number().positive().max(MAX_DPR),
  colorScheme: z.enum(['light', 'dark']),
  reducedMotion: z.boolean(),
  pointer: z.enum(['none', 'coarse', 'fine']),
  hover: z.boolean(),
});
const ticksMessage = z.object({
  type: z.literal('ticks'),
  records: z
    .array(
      z.object({
        tick: z.number().int().nonnegative(),
        now: z.number(),
        kind: z.enum(['eval', 'timer', 'frame', 'input']),
        ran: z.string().max(100),
        draws: z.number(),
        timers: z.number(),
        console: z.number(),
        consoleText: z.number(),
        dom: z.number(),
        viewport: z.string().max(100),
        animations: z.number(),
        canvas: z.number().optional(),
        environment: runEnvironment.optional(),
        environmentHere: runEnvironment.optional(),
        input: inputRecord.optional(),
      }),
    )
    .max(1_000_000),
  state: z.object({
    mode: z.enum(['playing', 'paused', 'replaying']),
    tick: z.number().int().nonnegative(),
    now: z.number(),
    nextDue: z.number().nullable(),
    forked: z.number().int().nonnegative().optional(),
    swap: z
      .object({
        missed: z.array(z.number().int().nonnegative()).max(MAX_SWAP_MISSED),
        threw: z.object({ tick: z.number().int().nonnegative(), now: z.number() }).optional(),
      })
      .optional(),
  }),
});

const runtimeMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  consoleMessage,
  consoleBatch,
  z.object({
    type: z.literal('console-dropped'),
    tick: z.number().int().nonnegative(),
    count: z.number().int().positive(),
    reason: z.enum(['tick', 'second']),
    kept: z.number().int().nonnegative(),
    errors: z.literal(true).optional(),
  }),
  z.object({
    type: z.literal('error'),
    kind: z.enum(['uncaught', 'unhandledrejection', 'load']),
    message: str,
    value: serialized.optional(),
    frames: z.array(rawFrame).max(200),
    tick,
  }),
  ticksMessage,
  probeHitsMessage,
  lineHitsMessage,
  z.object({ type: z.literal('evaluated') }),
  z.object({ type: z.literal('tick-started'), tick: z.number().int().nonnegative() }),
  z.object({ type: z.literal('shortcut'), action: z.enum(['toggle', 'forward', 'back', 'save']) }),
  z.object({ type: z.literal('focus-taken') }),
  z.object({
    type: z.literal('viewport'),
    size: z
      .object({
        width: z.number().int().min(1).max(MAX_VIEWPORT_PX),
        height: z.number().int().min(1).max(MAX_VIEWPORT_PX),
      })
      .nullable(),
  }),
  z.object({ type: z.literal('navigated') }),
  z.object({ type: z.literal('pong'), seq: z.number().int() }),
  z.object({
    type: z.literal('globals'),
    seq: z.number().int(),
    names: z.array(z.string().max(200)).max(MAX_GLOBAL_NAMES),
  }),
]);

/**
 * True when A and B are the same type, optional fields included: mutual assignability would
 * miss an optional field known to one side only, and zod drops keys its schema does not name.
 */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

/**
 * Does not compile when a schema and its protocol type differ either way: a message kind,
 * a field or a value kind added to the types without its schema (it would be dropped as
 * forged), or a schema accepting what the types do not describe.
 */
export type SchemasMatchTypes = [
  Assert<Same<z.output<ReturnType<typeof serializedSchemas>['union']>, SerializedValue>>,
  Assert<Same<z.output<typeof probeSerializedUnion>, SerializedValue>>,
  Assert<Same<z.output<typeof probeValue>, ProbeValue>>,
  Assert<Same<z.output<typeof runtimeMessage>, RuntimeMessage>>,
  Assert<Same<z.output<typeof inputRecord>, InputRecord>>,
];

/** A checked message, or why it was refused (the path and problem of each mismatch). */
export type RuntimeMessageCheck =
  { ok: true; message: RuntimeMessage } | { ok: false; reason: string };

/**
 * Bounds a schema cannot check before walking what it bounds, checked first and cheaply: the
 * objects in a `probe-hits` message (counted as a tree, so a forged one sharing one object many
 * times is refused as the large tree it would be to walk), and the ticks of all a `line-hits`
 * message's lines together. Null when within them.
 */
function overBounds(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  if (type === 'probe-hits' && !fewerObjects(data, MAX_PROBE_MESSAGE_NODES)) {
    return `A probe-hits message has over ${MAX_PROBE_MESSAGE_NODES} objects.`;
  }
  if (type === 'line-hits') {
    const lines = (data as { lines?: unknown }).lines;
    if (!Array.isArray(lines) || lines.length > MAX_LINE_COUNTERS) return null; // the schema says why
    let ticks = 0;
    for (const line of lines as unknown[]) {
      const list =
        typeof line === 'object' && line !== null ? (line as { ticks?: unknown }).ticks : null;
      if (Array.isArray(list)) ticks += list.length;
    }
    if (ticks > LINE_TICKS_PER_MESSAGE) {
      return `A line-hits message has over ${LINE_TICKS_PER_MESSAGE} ticks.`;
    }
  }
  return null;
}

/** True when walking `root` as a tree meets at most `max` objects and arrays. */
function fewerObjects(root: object, max: number): boolean {
  const stack: object[] = [root];
  let seen = 0;
  while (stack.length) {
    const o = stack.pop()!;
    if (++seen > max) return false;
    const children = Array.isArray(o) ? (o as unknown[]) : Object.values(o);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return true;
}

/** Checks untrusted data from the preview against the protocol. */
export function checkRuntimeMessage(data: unknown): RuntimeMessageCheck {
  const over = overBounds(data);
  if (over) return { ok: false, reason: over };
  try {
    const result = runtimeMessage.safeParse(data);
    return result.success
      ? { ok: true, message: result.data }
      : { ok: false, reason: z.prettifyError(result.error) };
  } catch {
    // Pathologically deep values can overflow the stack while validating: drop them.
    return { ok: false, reason: 'The value is nested too deeply to check.' };
  }
}

/** The message if it has a valid shape, else null (the caller drops it). */
export function parseRuntimeMessage(data: unknown): RuntimeMessage | null {
  const check = checkRuntimeMessage(data);
  return check.ok ? check.message : null;
}
