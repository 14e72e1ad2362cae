import { z } from 'zod';
import {
  MAX_DPR,
  MAX_GLOBAL_NAMES,
  MAX_VIEWPORT_PX,
  type InputRecord,
  type ProbeValue,
  type RuntimeMessage,
  type SerializedValue,
} from './index';
import {
  lineHitsMessage,
  probeHitsMessage,
  probeSerializedUnion,
  probeValue,
} from './probe-message-schema';
import { overBounds } from './runtime-message-bounds';
import { rawFrame, serializedSchemas, str } from './value-schema';

// The preview runs user code in the runtime's realm, so anything arriving from it may be
// forged: every message is checked against the protocol's shapes and dropped if it differs.
// The types (index.ts) stay plain TypeScript so the preview runtime, which sends these
// messages, never bundles zod; SchemasMatchTypes below ties the two together at compile time.

// The console's values: strings up to the host's limit, entries bounded by the message's size.
const { value: serialized } = serializedSchemas({ text: 1_000_000 });

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
