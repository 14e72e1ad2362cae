import { z } from 'zod';
import {
  MAX_EMBED_FILE_CHARS,
  MAX_EMBED_FILES,
  type EmbedCall,
  type EmbedConnect,
  type EmbedSettings,
} from './embed';

// The host page may be anyone's, and hostile: the embed checks its connect and every call
// against these shapes before acting. They are tied to embed.ts's types below.

const path = z.string().min(1).max(1024);
const text = z.string().max(MAX_EMBED_FILE_CHARS);
const files = z.record(path, text).refine((f) => Object.keys(f).length <= MAX_EMBED_FILES, {
  message: `at most ${MAX_EMBED_FILES} files`,
});

const settings = z.strictObject({
  files: files.optional(),
  entry: path.optional(),
  activeFile: path.optional(),
  template: z.string().max(100).optional(),
  readOnly: z.boolean().optional(),
  view: z.enum(['split', 'editor', 'preview', 'console']).optional(),
  panes: z
    .array(z.enum(['editor', 'preview', 'console', 'problems']))
    .min(1)
    .max(4)
    .optional(),
  theme: z.enum(['light', 'dark', 'system']).optional(),
  autorun: z.boolean().optional(),
  persist: z.boolean().optional(),
  title: z.string().max(200).optional(),
});

const connect = z.object({
  type: z.literal('playpen-embed:connect'),
  version: z.number().int(),
  settings,
  edits: files.optional(),
});

const call = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('run') }),
  z.strictObject({ method: z.literal('play') }),
  z.strictObject({ method: z.literal('pause') }),
  z.strictObject({ method: z.literal('stepForward') }),
  z.strictObject({ method: z.literal('stepBack') }),
  z.strictObject({ method: z.literal('seek'), tick: z.number().int().nonnegative() }),
  z.strictObject({ method: z.literal('getFiles') }),
  z.strictObject({ method: z.literal('setFiles'), files }),
  z.strictObject({ method: z.literal('updateFile'), path, text }),
  z.strictObject({ method: z.literal('openFile'), path }),
  z.strictObject({ method: z.literal('format') }),
  z.strictObject({ method: z.literal('getShareUrl'), includeRun: z.boolean() }),
  z.strictObject({ method: z.literal('reset') }),
]);

type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

/** Does not compile when a schema and its type differ (see runtime-message-schema.ts). */
export type EmbedSchemasMatchTypes = [
  Assert<Same<z.output<typeof settings>, EmbedSettings>>,
  Assert<Same<z.output<typeof connect>, EmbedConnect>>,
  Assert<Same<z.output<typeof call>, EmbedCall>>,
];

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const check = <T>(schema: z.ZodType<T>, data: unknown): Checked<T> => {
  const result = schema.safeParse(data);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, error: z.prettifyError(result.error) };
};

/** The host's connect, or why it is refused. */
export const checkConnect = (data: unknown): Checked<EmbedConnect> => check(connect, data);

/**
 * A call from the host: its id (when it has one, so a refusal can answer it) and the checked
 * call, or why it is refused.
 */
export function checkRequest(data: unknown): { id: number | null; call: Checked<EmbedCall> } {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { id: null, call: { ok: false, error: 'A message to the embed must be an object.' } };
  const { type, id, ...rest } = data as Record<string, unknown>;
  const goodId = typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  if (type !== 'call')
    return { id: goodId, call: { ok: false, error: `Unknown message type ${describe(type)}.` } };
  if (goodId === null)
    return { id: null, call: { ok: false, error: 'A call needs a whole-number id.' } };
  const method = rest.method;
  if (typeof method !== 'string' || !METHODS.has(method))
    return { id: goodId, call: { ok: false, error: `Unknown method ${describe(method)}.` } };
  const checked = check(call, rest);
  return {
    id: goodId,
    call: checked.ok
      ? checked
      : { ok: false, error: `Invalid arguments to ${method}(): ${checked.error}` },
  };
}

const METHODS: ReadonlySet<string> = new Set(call.options.map((o) => o.shape.method.value));

const describe = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value.slice(0, 60)) : `(${typeof value})`;
