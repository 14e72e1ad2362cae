/**
 * The schema of a serialised value (the console's and a logpoint's, within bounds), and the
 * pieces the runtime's messages share with it. See runtime-message-schema.ts for why every
 * message is checked.
 */
import { z } from 'zod';
import type { SerializedValue } from './index';

export const str = z.string().max(1_000_000);
const id = z.number().int();
const more = z.number().int().nonnegative().optional();
const depthLimit = z.boolean().optional();

export const rawFrame = z.object({
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
 * cannot infer one); the union's own output is checked against SerializedValue in runtime-message-schema.ts.
 */
export function serializedSchemas(bounds: ValueBounds) {
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
