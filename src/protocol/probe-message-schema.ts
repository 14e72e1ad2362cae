/** The schemas of a probed replay's messages: logpoint hits with their values, and line hits. */
import { z } from 'zod';
import {
  LINE_TICKS_PER_MESSAGE,
  MAX_LINE_COUNTERS,
  MAX_PROBE_DEPTH,
  MAX_PROBE_SITES,
  MAX_PROBE_VALUES,
  PROBE_HITS_PER_MESSAGE,
  PROBE_VALUE_LIMITS,
} from './index';
import { serializedSchemas } from './value-schema';

// A logpoint's values: as the runtime serialises them (PROBE_VALUE_LIMITS), or why not.
const probeText = z.string().max(PROBE_VALUE_LIMITS.maxString);
export const { union: probeSerializedUnion } = serializedSchemas({
  text: PROBE_VALUE_LIMITS.maxString,
  entries: PROBE_VALUE_LIMITS.maxEntries,
});
export const probeValue = z.discriminatedUnion('t', [
  probeSerializedUnion,
  z.object({ t: z.literal('unread'), why: probeText }),
  z.object({ t: z.literal('thrown'), text: probeText }),
]);
const siteIndex = z
  .number()
  .int()
  .nonnegative()
  .max(MAX_PROBE_SITES - 1);
export const probeHitsMessage = z.object({
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
export const lineHitsMessage = z.object({
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
